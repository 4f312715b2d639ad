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

    @Test("the next bus changes when one leaves, never before, and the board says when it knows no more")
    func timeline() throws {
        let now = Date.at("2026-12-01T08:00:00+09:00")
        let leaves = [Date.at("2026-12-01T08:03:00+09:00"), Date.at("2026-12-01T08:15:00+09:00")]
        let snapshot = Snapshot.fixture(Departures(stop: "Gwanghwamun", departures: leaves), generatedAt: now)
        let timeline = TimelinePlanner(kind: DepartureWidget())
            .timeline(for: .loaded(snapshot), at: now, in: .gregorian(in: "Asia/Seoul"))
        #expect(timeline.entries.map(\.date) == [now, leaves[0], leaves[1]])
        #expect(timeline.entries.map { $0.state.content?.next } == [leaves[0], leaves[1], nil])
    }

    @Test("a weekday: 0 minutes of stale data shown as fresh, recomputed from the trace")
    func neverStaleAsFresh() throws {
        let result = try Simulation.run(
            scenarioFile: Self.weekday, kinds: [DepartureWidget()], strategies: [.library, .singleEntry15Minutes])
        let trace = try JSONCoding.decoder().decode(Trace.self, from: Data(try result.trace.utf8))
        #expect(trace.format == "widget-timeline-trace" && trace.version == 1)
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
        }

        var widget: String
        var data: [DataChange]
        var screens: [Screen]

        /// Minutes a `fresh` screen showed a value whose data was older than its stale threshold.
        var staleShownAsFreshMinutes: Double {
            screens.reduce(0) { total, screen in
                guard screen.display == "fresh", let observed = screen.observedAt,
                    let shown = data.last(where: { $0.at <= observed })
                else { return total }
                let staleFrom = max(screen.start, observed.addingTimeInterval(shown.staleAfterSeconds))
                return total + max(0, screen.end.timeIntervalSince(staleFrom)) / 60
            }
        }
    }

    var format: String
    var version: Int
    var strategies: [Strategy]
}
