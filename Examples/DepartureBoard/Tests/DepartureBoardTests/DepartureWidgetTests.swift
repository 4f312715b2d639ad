import DepartureBoard
import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineSimulation
import WidgetTimelineTesting

@Suite("The departure board")
struct DepartureWidgetTests {
    static let weekday = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenarios/weekday.json")

    @Test(
        "one snapshot: the next bus moves on when one leaves, never before; stale and hidden a margin early")
    func timeline() throws {
        func at(_ time: String) -> Date { .at("2026-12-01T\(time):00+09:00") }
        let snapshot = Snapshot.fixture(
            Departures(stop: "Gwanghwamun", departures: [at("08:03"), at("08:15")]), generatedAt: at("08:00"))
        let timeline = TimelinePlanner(kind: DepartureWidget())
            .timeline(for: .loaded(snapshot), at: at("08:00"), in: .gregorian(in: "Asia/Seoul"))
        // 08:03 is within the 5-minute spacing of 08:00: a bus leaving is an event, so the board
        // moves on at 08:05, late rather than early. The predictions are stale from 08:20 and
        // expired from 09:00; the planner says so 5 minutes early, for an entry shown late.
        #expect(timeline.entries.map(\.date) == [at("08:00"), at("08:05"), at("08:15"), at("08:55")])
        #expect(timeline.entries.map(\.state.situation) == ["fresh", "fresh", "stale", "unavailable"])
        #expect(timeline.entries.map { $0.state.content?.next } == [at("08:03"), at("08:15"), nil, nil])
    }

    @Test("a weekday: 0 minutes of stale data shown as fresh, recomputed from the trace")
    func neverStaleAsFresh() throws {
        let result = try Simulation.run(
            scenarioFile: Self.weekday, kinds: [DepartureWidget()],
            strategies: [.library, .singleEntry15Minutes])
        let trace = try JSONCoding.decoder().decode(Trace.self, from: Data(try result.trace.utf8))
        #expect(trace.format == "widget-timeline-trace" && trace.version == 3)
        let library = try #require(trace.strategies.first { $0.strategy == "library" })
        for widget in library.widgets {
            #expect(widget.staleShownAsFreshMinutes == 0, "\(widget.widget)")
        }
        // The check can fail: the tutorial widget shows old predictions as current.
        let tutorial = try #require(trace.strategies.first { $0.strategy == "after-15m" })
        #expect(tutorial.widgets.allSatisfy { $0.staleShownAsFreshMinutes > 0 })
        // And it agrees with the simulator's own number.
        #expect(result.metrics(of: "departures", under: .library)?.staleShownAsFreshMinutes == 0)
    }
}

/// The members of the trace (the repository's docs/simulator.md, "The trace") this test reads.
struct Trace: Decodable {
    struct Strategy: Decodable {
        var strategy: String
        var widgets: [Widget]
    }

    struct Widget: Decodable {
        struct DataChange: Decodable {
            var at: Date
            var staleAfterSeconds: TimeInterval
        }

        struct Screen: Decodable {
            var start: Date
            var end: Date
            var display: String
            var observedAt: Date?
            /// The index in `data` of the data change the value shown carries.
            var data: Int?
        }

        var widget: String
        var data: [DataChange]
        var screens: [Screen]

        /// Minutes a `fresh` screen showed a value whose data was older than its stale threshold.
        var staleShownAsFreshMinutes: Double {
            screens.reduce(0) { total, screen in
                guard screen.display == "fresh", let observed = screen.observedAt,
                    let index = screen.data, data.indices.contains(index)
                else { return total }
                let shown = data[index]
                let staleFrom = max(screen.start, observed.addingTimeInterval(shown.staleAfterSeconds))
                return total + max(0, screen.end.timeIntervalSince(staleFrom)) / 60
            }
        }
    }

    var format: String
    var version: Int
    var strategies: [Strategy]
}
