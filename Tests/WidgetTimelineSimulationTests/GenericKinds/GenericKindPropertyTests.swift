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
        "Pacific/Chatham", "America/Havana", "Asia/Kathmandu", "America/St_Johns", "Africa/Casablanca",
    ]

    /// A random generic kind: a value, a count (reset daily or not) or a schedule, with random
    /// freshness thresholds.
    static func kind(_ generator: inout SplitMix64) -> [String: Any] {
        func pick<T>(_ choices: [T]) -> T { choices[Int(generator.next() % UInt64(choices.count))] }
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
        return kind
    }

    /// A random payload of `kind`'s shape, made at `instant` (a schedule's items near it).
    static func payload(of kind: [String: Any], at instant: Date, _ generator: inout SplitMix64) -> [String:
        Any]
    {
        func pick<T>(_ choices: [T]) -> T { choices[Int(generator.next() % UInt64(choices.count))] }
        switch kind["type"] as! String {
        case "value": return ["value": pick(["a", "b", "c"])]
        case "count": return ["count": Int(generator.next() % 10)]
        default:
            let first = instant.addingTimeInterval(Double(pick(Array(-30...60))) * 60)
            let gap = Double(pick([0, 1, 2, 3, 5, 7, 30, 90])) * 60
            return [
                "items": (0..<pick(Array(0...8))).map { index in
                    ["at": text(first.addingTimeInterval(gap * Double(index))), "title": "item \(index)"]
                }
            ]
        }
    }

    static func text(_ date: Date) -> String { Instant.format(date, in: TimeZone(identifier: "UTC")!) }

    /// A random scenario with one widget of one generic kind.
    static func scenario(_ generator: inout SplitMix64, number: Int) -> [String: Any] {
        func pick<T>(_ choices: [T]) -> T { choices[Int(generator.next() % UInt64(choices.count))] }
        // Spring and autumn months, so some runs cross a daylight-saving change.
        let month = pick([3, 4, 10, 11])
        let day = Int(generator.next() % 28) + 1
        let start = Instant.parse(
            String(format: "2026-%02d-%02dT%02d:00:00Z", month, day, pick(Array(0..<24))))!
        let hours = pick([12, 24, 36])
        let kind = Self.kind(&generator)
        var commits: [[String: Any]] = []
        var instant = start
        while instant < start.addingTimeInterval(Double(hours) * 3600) {
            commits.append(["at": text(instant), "payload": payload(of: kind, at: instant, &generator)])
            instant = instant.addingTimeInterval(Double(pick([1, 3, 5, 17, 60, 240])) * 60)
        }
        return [
            "name": "random \(number)", "start": text(start), "duration": "\(hours)h",
            "timeZone": pick(zones),
            "seed": number, "system": ["entryLateness": pick([0, 60, 180, 300])], "kinds": [kind],
            "widgets": [["id": "widget", "kind": "random", "commits": commits]],
        ]
    }

    /// A random scenario that also draws everything else a widget meets: the host's commits and
    /// taps on the widget, or a server the extension asks (answering late, failing or hanging for
    /// a while) and maybe pushes from it; glances at a widget mostly hidden, the app in the
    /// foreground, travel across zones, and the system's settings across their valid ranges (a
    /// policy reload a day late, no budget at all, a 1 s watchdog), entries late up to the
    /// planner's margin.
    static func channelScenario(_ generator: inout SplitMix64, number: Int) -> [String: Any] {
        func pick<T>(_ choices: [T]) -> T { choices[Int(generator.next() % UInt64(choices.count))] }
        func minutes(_ count: Int) -> TimeInterval { Double(count) * 60 }
        let start = Instant.parse(
            String(
                format: "2026-%02d-%02dT%02d:%02d:00Z", pick([1, 3, 4, 10, 11, 12]),
                Int(generator.next() % 28) + 1,
                pick(Array(0..<24)), pick([0, 17, 59])))!
        let hours = pick([12, 24, 36])
        let end = start.addingTimeInterval(Double(hours) * 3600)
        let kind = Self.kind(&generator)
        var widget: [String: Any] = ["id": "widget", "kind": "random"]
        var document: [String: Any] = [:]
        if pick([true, false]) {
            var commits: [[String: Any]] = []
            var instant = start
            while instant < end {
                commits.append(["at": text(instant), "payload": payload(of: kind, at: instant, &generator)])
                instant = instant.addingTimeInterval(minutes(pick([1, 3, 5, 17, 60, 240])))
            }
            widget["commits"] = commits
            if pick([true, false, false]) {
                let taps = (0..<Int(generator.next() % 4 + 1)).map { _ in
                    start.addingTimeInterval(minutes(Int(generator.next() % UInt64(hours * 60 - 10)) + 5))
                }.sorted()
                widget["taps"] = taps.map {
                    ["at": text($0), "payload": payload(of: kind, at: $0, &generator)]
                }
            }
        } else {
            var source: [String: Any] = [
                "latency": pick(["0s", "1s", "20s", "2m"]),
                "updates": [["at": text(start), "payload": payload(of: kind, at: start, &generator)]],
                "randomUpdates": [
                    "meanInterval": pick(["5m", "20m", "1h", "4h"]),
                    "payloads": (0..<3).map { _ in payload(of: kind, at: start, &generator) },
                ],
            ]
            if pick([true, false]) {
                let from = start.addingTimeInterval(
                    Double(Int(generator.next() % UInt64(hours - 1)) + 1) * 3600)
                source["outages"] = [
                    [
                        "from": text(from),
                        "to": text(from.addingTimeInterval(minutes(pick([10, 60, 180])))),
                        "mode": pick(["fails", "hangs"]),
                    ]
                ]
            }
            widget["source"] = source
            if pick([true, false]) {
                let budget = pick([0, 4, 12, -1])
                document["push"] = [
                    "window": pick(["1s", "1m", "10m"]), "budget": budget < 0 ? "unlimited" : budget as Any,
                    "refreshAfter": pick(["1h", "5h"]),
                ]
            }
        }
        if pick([true, false, false]) {
            var glances: [[String: Any]] = []
            var instant = start
            for _ in 0..<(generator.next() % 8 + 1) {
                instant = instant.addingTimeInterval(minutes(Int(generator.next() % 290) + 10))
                if instant < end {
                    glances.append(["at": text(instant), "duration": pick(["10s", "1m", "10m"])])
                }
            }
            widget["visibility"] = ["glances": glances]
        }
        var system: [String: Any] = [
            "entryLateness": pick(["0s", "1m", "5m"]), "policyLateness": pick(["0s", "10m", "2h", "1d"]),
            "policyEarliness": pick(["0s", "2m", "10m", "1h"]), "getTimelineCalls": pick([1, 2, 5]),
            "minimumReloadInterval": pick(["0s", "5m", "1h"]), "appReloadLatency": pick(["0s", "1m", "30m"]),
            "coalescesReloads": pick([true, false]), "defersReloadsWhileHidden": pick([true, false]),
            "providerWatchdog": pick(["1s", "30s"]), "budgetRefill": pick(["rolling", "daily"]),
        ]
        // A budget of none at all, a small one, the default, or unlimited.
        let budget = pick([0, 5, 12, 48, -1])
        system["dailyBudget"] = budget < 0 ? NSNull() : budget
        if document["push"] != nil {
            let pushBudget = pick([0, 4, 12, -1])
            system["pushBudget"] = pushBudget < 0 ? NSNull() : pushBudget
            system["pushLatency"] = pick(["0s", "1m", "10m"])
        }
        if pick([true, false, false]) {
            var changes: [[String: Any]] = []
            var instant = start
            for _ in 0..<(generator.next() % 2 + 1) {
                instant = instant.addingTimeInterval(
                    Double(Int(generator.next() % UInt64(hours / 2)) + 1) * 3600)
                if instant < end { changes.append(["at": text(instant), "timeZone": pick(zones)]) }
            }
            document["timeZoneChanges"] = changes
        }
        if pick([true, false, false]) {
            document["app"] = [
                "foreground": [
                    [
                        "from": text(start.addingTimeInterval(3600)),
                        "to": text(start.addingTimeInterval(3900)),
                    ]
                ]
            ]
        }
        document.merge([
            "name": "random \(number)", "start": text(start), "duration": "\(hours)h",
            "timeZone": pick(zones),
            "seed": number, "system": system, "kinds": [kind], "widgets": [widget],
        ]) { _, new in new }
        return document
    }

    /// Simulates `document` under `strategies` and expects, from the trace, no stale data shown as
    /// fresh and no event shown early; a failure names the seed, the scenario and its text.
    static func expectPromisesKept(
        _ document: [String: Any], under strategies: [StrategyName], seed: UInt64, number: Int
    ) throws {
        let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        let context = "seed \(seed), scenario \(number): \(String(decoding: data, as: UTF8.self).prefix(900))"
        let compiled = try Scenario.decode(data).compiled(kinds: [])
        let report = Simulation(scenario: compiled, strategies: strategies).run(recordingTrace: true)
        let widgets = try TraceMetrics.widgets(in: try TraceReport.render(report))
        #expect(widgets.count == strategies.count, "\(context)")
        for widget in widgets {
            let metrics = try TraceMetrics(widget.object)
            #expect(metrics.staleShownAsFreshMinutes == 0, "\(widget.strategy), \(context)")
            #expect(metrics.earlyEventMinutes == 0, "\(widget.strategy), \(context)")
        }
    }

    @Test("200 random scenarios, seeded")
    func randomScenarios() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["WIDGET_TIMELINE_SEED"] ?? "") ?? 0x6E6E_72
        var generator = SplitMix64(seed: seed)
        for number in 0..<200 {
            try Self.expectPromisesKept(
                Self.scenario(&generator, number: number), under: [.library], seed: seed, number: number)
        }
    }

    @Test("100 random scenarios of every channel, across the settings' valid ranges, seeded")
    func randomChannelScenarios() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["WIDGET_TIMELINE_SEED"] ?? "") ?? 0x63_68_61
        var generator = SplitMix64(seed: seed)
        for number in 0..<100 {
            try Self.expectPromisesKept(
                Self.channelScenario(&generator, number: number), under: [.library, .libraryPush], seed: seed,
                number: number)
        }
    }
}
