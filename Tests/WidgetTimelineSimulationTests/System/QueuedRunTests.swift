import Foundation
import Testing
import WidgetTimeline

@testable import WidgetTimelineSimulation

/// One extension process runs one `getTimeline` at a time, so a run the system decides while
/// another widget's request is open starts when that request ends. What the trace shows of such a
/// run must hold as for any other: the budget counts it from its start, the minimum interval
/// counts from its start, and a run that starts with the app open is free. An outside model that
/// recomputed the budget from the trace's run starts found 49 charged starts inside 24 hours on a
/// budget of 48, and charged runs starting after the app came to the foreground.
@Suite("A run that waits for another widget's request is charged when it starts")
struct QueuedRunTests {
    static let millisecond = 0.001

    /// Three server-backed widgets whose sources answer slowly, so their runs queue behind one
    /// another; a tight budget so the window is often full; the app opened now and then.
    static func scenario(seed: Int, refill: String) -> String {
        let widgets = (0..<3).map { index in
            """
            { "id": "w\(index)", "kind": "count",
              "source": { "latency": "\(20 + 17 * index)s",
                          "updates": [ { "at": "2026-03-01T00:00:00Z", "payload": { "count": \(index) } } ],
                          "randomUpdates": { "meanInterval": "25m", "payloads": [ { "count": 4 }, { "count": 5 } ] } } }
            """
        }
        // The app opened for 40 s every 37 minutes, at a different second of the minute per seed.
        let start = Date(timeIntervalSince1970: 1_772_323_200)  // 2026-03-01T00:00:00Z
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let foreground = stride(from: 600.25 + Double(seed * 7), to: 60 * 3600, by: 37 * 60).map { offset in
            """
            { "from": "\(formatter.string(from: start.addingTimeInterval(offset)))",
              "to": "\(formatter.string(from: start.addingTimeInterval(offset + 40)))" }
            """
        }
        return """
            {
              "name": "queued runs \(seed)", "start": "2026-03-01T00:00:00Z", "duration": "60h",
              "timeZone": "Europe/Berlin", "seed": \(seed),
              "system": { "dailyBudget": 12, "budgetRefill": "\(refill)", "appReloadLatency": "0s",
                          "getTimelineCalls": 2, "minimumReloadInterval": "5m" },
              "kinds": [ { "kind": "count", "type": "count",
                           "freshness": { "staleAfter": "20m", "expiresAfter": "2h", "refreshAfter": "5m" } } ],
              "app": { "foreground": [ \(foreground.joined(separator: ", ")) ] },
              "widgets": [ \(widgets.joined(separator: ", ")) ]
            }
            """
    }

    @Test(
        "charged runs fit the budget counted from their starts, keep the minimum interval, and none starts in the foreground",
        arguments: ["rolling", "daily"])
    func chargedFromTheStart(refill: String) throws {
        for seed in 1...6 {
            let result = try Simulation.run(
                scenarioJSON: Data(Self.scenario(seed: seed, refill: refill).utf8),
                strategies: [
                    .library, .singleEntry15Minutes, .neverAfterError, .reloadEveryEmission, .appReloadsOnly,
                ])
            let scenario = result.report.scenario
            let model = result.report.scenario.model
            let foreground = scenario.scenario.app.foreground.map { ($0.from, $0.to) }
            let midnights = scenario.localMidnights()
            for strategy in result.report.results {
                for widget in strategy.widgets {
                    let runs = widget.trace.runs
                    let charged = runs.filter(\.isCharged).map(\.at)
                    for (index, start) in charged.enumerated() {
                        let counted: Int
                        if refill == "daily" {
                            let dayStart = midnights.last { $0 <= start } ?? .distantPast
                            counted = charged[...index].filter { $0 >= dayStart }.count
                        } else {
                            counted =
                                charged[...index].filter { start.timeIntervalSince($0) < model.budgetWindow }
                                .count
                        }
                        #expect(
                            counted <= model.dailyBudget ?? .max,
                            "\(strategy.strategy) \(widget.widget) seed \(seed): \(counted) charged by \(start)"
                        )
                        #expect(
                            !foreground.contains { $0.0 <= start && start < $0.1 },
                            "\(strategy.strategy) \(widget.widget) seed \(seed): charged in the foreground at \(start)"
                        )
                    }
                    for (previous, run) in zip(runs, runs.dropFirst()) where run.isCharged {
                        #expect(
                            run.at.timeIntervalSince(previous.at) >= model.minimumReloadInterval
                                - Self.millisecond,
                            "\(strategy.strategy) \(widget.widget) seed \(seed): runs at \(previous.at) and \(run.at)"
                        )
                    }
                }
            }
        }
    }
}
