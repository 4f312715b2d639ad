import Foundation
import Testing

/// A second implementation of the simulator's metrics that reads nothing but a `--trace` document
/// (docs/simulator.md, "The trace"), written from the docs' definitions rather than the simulator's
/// code: parsed with `JSONSerialization`, instants as whole milliseconds, contents compared as
/// canonical JSON text. The tests check that it agrees with the simulator's reported numbers, and
/// assert the library's claims from it.
struct TraceMetrics: Equatable, CustomStringConvertible {
    var staleShownAsFreshMinutes = 0.0
    var earlyEventMinutes = 0.0
    var wrongValueMinutes = 0.0
    var noValueMinutes = 0.0
    var delivered = 0
    var undelivered = 0
    var medianSeconds: Double?
    var p95Seconds: Double?
    var maxSeconds: Double?
    var providerRuns = 0
    var budgetUsed = 0
    var budgetRefused = 0
    var reloadsRequested = 0
    var backendRequests = 0
    var watchdogKills = 0
    var discardedTimelines = 0
    var pushReloads = 0
    var taps = 0
    var intentReloads = 0

    var description: String {
        "stale-as-fresh \(staleShownAsFreshMinutes), early \(earlyEventMinutes), wrong \(wrongValueMinutes), "
            + "blank \(noValueMinutes), delays \(delivered)/\(undelivered) \(medianSeconds ?? -1)/\(p95Seconds ?? -1)/"
            + "\(maxSeconds ?? -1), runs \(providerRuns), charged \(budgetUsed), refused \(budgetRefused), "
            + "requests \(reloadsRequested), backend \(backendRequests), killed \(watchdogKills), "
            + "discarded \(discardedTimelines), push reloads \(pushReloads), taps \(taps), "
            + "intent reloads \(intentReloads)"
    }

    /// One widget of one strategy in a parsed trace.
    struct Widget {
        var strategy: String
        var widget: String
        var object: [String: Any]
    }

    /// Every widget of every strategy in `trace` (the document's text).
    static func widgets(in trace: String) throws -> [Widget] {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(trace.utf8)) as? [String: Any])
        try #require(document["format"] as? String == "widget-timeline-trace")
        try #require(document["version"] as? Int == 3)
        let strategies = try #require(document["strategies"] as? [[String: Any]])
        return try strategies.flatMap { entry -> [Widget] in
            let name = try #require(entry["strategy"] as? String)
            return try #require(entry["widgets"] as? [[String: Any]]).map {
                Widget(strategy: name, widget: $0["widget"] as? String ?? "", object: $0)
            }
        }
    }

    /// The metrics of one widget, from its trace alone.
    init(_ widget: [String: Any]) throws {
        let data = try Self.list(widget, "data").map { change in
            (
                at: try Self.instant(change["at"]),
                staleAfter: try #require(change["staleAfterSeconds"] as? Double)
            )
        }
        struct Stretch {
            var start: Int64
            var end: Int64
            var data: Int
            var boundary: String
            var content: String
        }
        let truth = try Self.list(widget, "truth").map {
            Stretch(
                start: try Self.instant($0["start"]), end: try Self.instant($0["end"]),
                data: try #require($0["data"] as? Int), boundary: try #require($0["boundary"] as? String),
                content: try Self.canonical($0["content"]))
        }
        // The truth stretches of each data change, in time order.
        var stretchesOfData: [Int: [Int]] = [:]
        for index in truth.indices { stretchesOfData[truth[index].data, default: []].append(index) }
        var stale: Int64 = 0
        var early: Int64 = 0
        var wrong: Int64 = 0
        var blank: Int64 = 0
        var delays: [Int64] = []
        var waiting = 0
        for screen in try Self.list(widget, "screens") {
            let start = try Self.instant(screen["start"])
            let end = try Self.instant(screen["end"])
            guard let observedText = screen["observedAt"] as? String, !(screen["content"] is NSNull) else {
                blank += end - start
                continue
            }
            let observed = try Self.instant(observedText)
            // The data change the value carries: the screen says (trace version 3).
            let shown: Int? = try #require(screen["data"] as? Int, "a screen with a value names its data")
            try #require(data.indices.contains(shown ?? -1))
            // Stale shown as fresh: a fresh screen after its data's stale threshold.
            if screen["display"] as? String == "fresh", let shown {
                let staleFrom = max(start, observed + Int64((data[shown].staleAfter * 1000).rounded()))
                if staleFrom < end { stale += end - staleFrom }
            }
            // Wrong value, and an event shown early: against each truth stretch it overlaps.
            let content = try Self.canonical(screen["content"])
            for (index, stretch) in truth.enumerated() where stretch.start < end && stretch.end > start {
                guard stretch.content != content else { continue }
                let overlap = min(stretch.end, end) - max(stretch.start, start)
                wrong += overlap
                guard let shown, stretch.data == shown else { continue }
                let sameData = stretchesOfData[shown] ?? []
                let shownBefore = sameData.contains { $0 < index && truth[$0].content == content }
                let becomes = sameData.first { $0 > index && truth[$0].content == content }
                if !shownBefore, let becomes, truth[becomes].boundary == "event" { early += overlap }
            }
            // Change → screen: every change up to the one shown reaches the screen here.
            if let shown {
                while waiting <= shown, waiting < data.count {
                    delays.append(max(0, start - data[waiting].at))
                    waiting += 1
                }
            }
        }
        staleShownAsFreshMinutes = Self.minutes(stale)
        earlyEventMinutes = Self.minutes(early)
        wrongValueMinutes = Self.minutes(wrong)
        noValueMinutes = Self.minutes(blank)
        delivered = delays.count
        undelivered = data.count - waiting
        let sorted = delays.sorted()
        func rank(_ percent: Double) -> Double? {
            guard !sorted.isEmpty else { return nil }
            let index = Int((percent / 100 * Double(sorted.count)).rounded(.up)) - 1
            return Self.tenths(sorted[min(max(index, 0), sorted.count - 1)])
        }
        medianSeconds = rank(50)
        p95Seconds = rank(95)
        maxSeconds = sorted.last.map(Self.tenths)

        let runs = try Self.list(widget, "runs")
        providerRuns = try runs.reduce(0) { $0 + (try #require($1["calls"] as? Int)) }
        budgetUsed = runs.filter { $0["charged"] as? Bool == true }.count
        watchdogKills = runs.filter { $0["outcome"] as? String == "killed" }.count
        discardedTimelines = runs.filter { $0["outcome"] as? String == "discarded" }.count
        pushReloads = runs.filter { $0["cause"] as? String == "push" }.count
        intentReloads = runs.filter { $0["cause"] as? String == "intent" }.count
        taps = try #require(widget["taps"] as? [Any]).count
        budgetRefused = try #require(widget["refusals"] as? [Any]).count
        reloadsRequested = try #require(widget["reloadRequests"] as? [Any]).count
        backendRequests = try Self.list(widget, "fetches").count
    }

    /// The simulator's own numbers for the same widget, from the JSON report (`--format json`).
    init(reported metrics: [String: Any]) throws {
        staleShownAsFreshMinutes = try #require(metrics["staleShownAsFreshMinutes"] as? Double)
        earlyEventMinutes = try #require(metrics["earlyEventMinutes"] as? Double)
        wrongValueMinutes = try #require(metrics["wrongValueMinutes"] as? Double)
        noValueMinutes = try #require(metrics["noValueMinutes"] as? Double)
        let delays = try #require(metrics["commitToDisplay"] as? [String: Any])
        delivered = try #require(delays["delivered"] as? Int)
        undelivered = try #require(delays["undelivered"] as? Int)
        medianSeconds = delays["medianSeconds"] as? Double
        p95Seconds = delays["p95Seconds"] as? Double
        maxSeconds = delays["maxSeconds"] as? Double
        providerRuns = try #require(metrics["providerRuns"] as? Int)
        budgetUsed = try #require(metrics["budgetUsed"] as? Int)
        budgetRefused = try #require(metrics["budgetRefused"] as? Int)
        reloadsRequested = try #require(metrics["reloadsRequested"] as? Int)
        backendRequests = try #require(metrics["backendRequests"] as? Int)
        watchdogKills = try #require(metrics["watchdogKills"] as? Int)
        discardedTimelines = try #require(metrics["discardedTimelines"] as? Int)
        pushReloads = try #require(metrics["pushReloads"] as? Int)
        taps = try #require(metrics["taps"] as? Int)
        intentReloads = try #require(metrics["intentReloads"] as? Int)
    }

    /// Whether `other` is the same number for number: both round whole milliseconds, half up, so
    /// a tolerance would only hide a length rounded the other way.
    func agrees(with other: TraceMetrics) -> Bool {
        staleShownAsFreshMinutes == other.staleShownAsFreshMinutes
            && earlyEventMinutes == other.earlyEventMinutes
            && wrongValueMinutes == other.wrongValueMinutes
            && noValueMinutes == other.noValueMinutes
            && delivered == other.delivered && undelivered == other.undelivered
            && medianSeconds == other.medianSeconds && p95Seconds == other.p95Seconds
            && maxSeconds == other.maxSeconds && providerRuns == other.providerRuns
            && budgetUsed == other.budgetUsed && budgetRefused == other.budgetRefused
            && reloadsRequested == other.reloadsRequested && backendRequests == other.backendRequests
            && watchdogKills == other.watchdogKills && discardedTimelines == other.discardedTimelines
            && pushReloads == other.pushReloads && taps == other.taps && intentReloads == other.intentReloads
    }

    // MARK: - Reading the document

    static func list(_ object: [String: Any], _ key: String) throws -> [[String: Any]] {
        try #require(object[key] as? [[String: Any]], "no \(key)")
    }

    /// Milliseconds since 1970 of an RFC 3339 instant with `Z` or an offset, parsed here.
    static func instant(_ value: Any?) throws -> Int64 {
        let text = try #require(value as? String, "not an instant: \(String(describing: value))")
        let characters = Array(text.utf8)
        func number(_ from: Int, _ count: Int) throws -> Int64 {
            let digits = characters[from..<from + count]
            try #require(digits.allSatisfy { $0 >= 48 && $0 <= 57 }, "not an instant: \(text)")
            return digits.reduce(0) { $0 * 10 + Int64($1 - 48) }
        }
        try #require(characters.count >= 20, "not an instant: \(text)")
        let (year, month, day) = (try number(0, 4), try number(5, 2), try number(8, 2))
        let seconds = try number(11, 2) * 3600 + number(14, 2) * 60 + number(17, 2)
        var index = 19
        var milliseconds: Int64 = 0
        if characters[index] == UInt8(ascii: ".") {
            milliseconds = try number(20, 3)
            index = 23
        }
        var offset: Int64 = 0
        if characters[index] != UInt8(ascii: "Z") {
            let sign: Int64 = characters[index] == UInt8(ascii: "-") ? -1 : 1
            offset = sign * (try number(index + 1, 2) * 3600 + number(index + 4, 2) * 60)
        }
        // Days since 1970 in the proleptic Gregorian calendar.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return (days * 86_400 + seconds - offset) * 1000 + milliseconds
    }

    /// A content as JSON text with sorted keys, so two equal values compare equal.
    static func canonical(_ value: Any?) throws -> String {
        guard let value, !(value is NSNull) else { return "null" }
        let data = try JSONSerialization.data(
            withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    /// Minutes to two decimals, a half up, in integers (`Double(ms) / 60_000` can land below a half).
    static func minutes(_ milliseconds: Int64) -> Double {
        Double((2 * milliseconds + 600) / 1200) / 100
    }

    private static func tenths(_ milliseconds: Int64) -> Double {
        (Double(milliseconds) / 100).rounded() / 10
    }
}
