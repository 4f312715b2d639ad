import Foundation
import Testing
import WidgetTimeline

@testable import WidgetTimelineSimulation

/// Kinds declared in a scenario, at random: a value, a count (reset daily or not) or a schedule,
/// with random freshness thresholds, payloads committed at random gaps, in zones with unusual
/// offsets and daylight-saving changes, with entries shown late up to the planner's margin. The
/// library's two promises are checked from the trace by the second implementation of the metrics.
@Suite("Generic kinds at random: never stale shown as fresh, never an event shown early")
struct GenericKindPropertyTests {
    static let zones = [
        "Asia/Seoul", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "America/Sao_Paulo",
        "Pacific/Chatham",
    ]

    /// A random scenario with one widget of one generic kind.
    static func scenario(_ generator: inout SplitMix64, number: Int) -> [String: Any] {
        func pick<T>(_ choices: [T]) -> T { choices[Int(generator.next() % UInt64(choices.count))] }
        func text(_ date: Date) -> String { Instant.format(date, in: TimeZone(identifier: "UTC")!) }
        // Spring and autumn months, so some runs cross a daylight-saving change.
        let month = pick([3, 4, 10, 11])
        let day = Int(generator.next() % 28) + 1
        let start = Instant.parse(
            String(format: "2026-%02d-%02dT%02d:00:00Z", month, day, pick(Array(0..<24))))!
        let hours = pick([12, 24, 36])
        let shape = pick(["value", "count", "schedule"])
        let stale = pick([300, 600, 1800, 3600, 7200])
        var freshness: [String: Any] = ["staleAfter": stale, "expiresAfter": stale * pick([2, 4, 24])]
        var kind: [String: Any] = ["kind": "random", "type": shape]
        switch shape {
        case "count": kind["resetsDaily"] = pick([true, false])
        case "schedule": kind["itemDuration"] = pick([0, 60, 300, 1800, 3600])
        default: break
        }
        // A value hidden within 10 minutes is refused (no timeline could show it).
        if shape != "schedule" {
            let expiry = freshness["expiresAfter"] as! Int
            freshness["expiredValue"] = expiry > 600 ? pick(["shown", "hidden"]) : "shown"
        }
        kind["freshness"] = freshness
        var commits: [[String: Any]] = []
        var instant = start
        while instant < start.addingTimeInterval(Double(hours) * 3600) {
            let payload: [String: Any]
            switch shape {
            case "value": payload = ["value": pick(["a", "b", "c"])]
            case "count": payload = ["count": Int(generator.next() % 10)]
            default:
                let first = instant.addingTimeInterval(Double(pick(Array(-30...60))) * 60)
                let gap = Double(pick([0, 1, 2, 3, 5, 7, 30, 90])) * 60
                payload = [
                    "items": (0..<pick(Array(0...8))).map { index in
                        ["at": text(first.addingTimeInterval(gap * Double(index))), "title": "item \(index)"]
                    }
                ]
            }
            commits.append(["at": text(instant), "payload": payload])
            instant = instant.addingTimeInterval(Double(pick([1, 3, 5, 17, 60, 240])) * 60)
        }
        return [
            "name": "random \(number)", "start": text(start), "duration": "\(hours)h",
            "timeZone": pick(zones),
            "seed": number, "system": ["entryLateness": pick([0, 60, 180, 300])], "kinds": [kind],
            "widgets": [["id": "widget", "kind": "random", "commits": commits]],
        ]
    }

    @Test("200 random scenarios, seeded")
    func randomScenarios() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["WIDGET_TIMELINE_SEED"] ?? "") ?? 0x6E6E_72
        var generator = SplitMix64(seed: seed)
        for number in 0..<200 {
            let document = Self.scenario(&generator, number: number)
            let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
            let compiled = try Scenario.decode(data).compiled(kinds: [])
            let report = Simulation(scenario: compiled, strategies: [.library]).run(recordingTrace: true)
            let widgets = try TraceMetrics.widgets(in: try TraceReport.render(report))
            #expect(widgets.count == 1, "seed \(seed), scenario \(number)")
            for widget in widgets {
                let metrics = try TraceMetrics(widget.object)
                let context =
                    "seed \(seed), scenario \(number): \(String(decoding: data, as: UTF8.self).prefix(600))"
                #expect(metrics.staleShownAsFreshMinutes == 0, "\(context)")
                #expect(metrics.earlyEventMinutes == 0, "\(context)")
            }
        }
    }
}
