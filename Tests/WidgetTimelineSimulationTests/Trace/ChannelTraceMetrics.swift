import Foundation
import Testing

/// The push and control numbers of one strategy, recomputed from a `--trace` document alone
/// (docs/simulator.md, "The trace"), as ``TraceMetrics`` recomputes a widget's: counted from the
/// pushes' outcomes, and a control's minutes behind measured from its reloads against its widget's
/// data, in whole milliseconds.
struct ChannelTraceMetrics: Equatable, CustomStringConvertible {
    struct Control: Equatable {
        var behindMinutes = 0.0
        var reloads = 0
        var reloadsRequested = 0
        var interactions = 0
    }

    var sent = 0
    var delivered = 0
    var dropped = 0
    var coalesced = 0
    /// By control id.
    var controls: [String: Control] = [:]

    var description: String {
        "pushes sent \(sent), delivered \(delivered), dropped \(dropped), coalesced \(coalesced); controls "
            + controls.sorted { $0.key < $1.key }.map {
                "\($0.key): behind \($0.value.behindMinutes), reloads \($0.value.reloads), requested "
                    + "\($0.value.reloadsRequested), interactions \($0.value.interactions)"
            }.joined(separator: "; ")
    }

    /// From one strategy's entry in the trace; `end` is the scenario's end in milliseconds.
    init(trace strategy: [String: Any], end: Int64) throws {
        let pushes = try TraceMetrics.list(strategy, "pushes")
        sent = pushes.count
        delivered = pushes.filter { $0["outcome"] as? String == "delivered" }.count
        dropped = pushes.filter { $0["outcome"] as? String == "dropped" }.count
        coalesced = pushes.filter { $0["outcome"] as? String == "coalesced" }.count
        let widgets = try TraceMetrics.list(strategy, "widgets")
        for control in try TraceMetrics.list(strategy, "controls") {
            let id = try #require(control["control"] as? String)
            let widget = try #require(
                widgets.first { $0["widget"] as? String == control["widget"] as? String })
            let changes = try TraceMetrics.list(widget, "data").map { try TraceMetrics.instant($0["at"]) }
            let reloads = try TraceMetrics.list(control, "reloads")
            // Behind: from the first change newer than what is shown, to the next reload.
            func behind(showing version: Int?, from start: Int64, to stop: Int64) -> Int64 {
                let newer = (version ?? -1) + 1
                guard newer < changes.count else { return 0 }
                let since = max(start, changes[newer])
                return since < stop ? stop - since : 0
            }
            var total: Int64 = 0
            var cursor = Int64.min
            var shown: Int?
            for reload in reloads {
                let at = try TraceMetrics.instant(reload["at"])
                total += behind(showing: shown, from: cursor, to: at)
                // The data change the value read carries (trace version 3).
                shown = reload["observedAt"] is String ? try #require(reload["data"] as? Int) : nil
                cursor = at
            }
            total += behind(showing: shown, from: cursor, to: end)
            controls[id] = Control(
                behindMinutes: TraceMetrics.minutes(total), reloads: reloads.count,
                reloadsRequested: try #require(control["reloadRequests"] as? [Any]).count,
                interactions: try #require(control["interactions"] as? [Any]).count)
        }
    }

    /// The simulator's own numbers for one strategy, from its entry in the JSON report.
    init(reported entry: [String: Any]) throws {
        if let push = entry["push"] as? [String: Any] {
            sent = try #require(push["sent"] as? Int)
            delivered = try #require(push["delivered"] as? Int)
            dropped = try #require(push["dropped"] as? Int)
            coalesced = try #require(push["coalesced"] as? Int)
        }
        for control in entry["controls"] as? [[String: Any]] ?? [] {
            let metrics = try #require(control["metrics"] as? [String: Any])
            controls[try #require(control["control"] as? String)] = Control(
                behindMinutes: try #require(metrics["behindMinutes"] as? Double),
                reloads: try #require(metrics["reloads"] as? Int),
                reloadsRequested: try #require(metrics["reloadsRequested"] as? Int),
                interactions: try #require(metrics["interactions"] as? Int))
        }
    }

    /// Whether `other` is the same, number for number (minutes rounded alike, so exactly).
    func agrees(with other: ChannelTraceMetrics) -> Bool {
        guard sent == other.sent, delivered == other.delivered, dropped == other.dropped,
            coalesced == other.coalesced, controls.keys == other.controls.keys
        else { return false }
        return controls.allSatisfy { id, control in
            let theirs = other.controls[id]!
            return control.behindMinutes == theirs.behindMinutes
                && control.reloads == theirs.reloads
                && control.reloadsRequested == theirs.reloadsRequested
                && control.interactions == theirs.interactions
        }
    }
}
