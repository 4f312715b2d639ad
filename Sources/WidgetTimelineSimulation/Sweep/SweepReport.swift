import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// A sweep's results: every metric of every strategy, per widget and for all widgets, as its
/// minimum, median (nearest rank) and maximum across the grid, with each point's totals.
public struct SweepReport: Sendable {
    public let axes: [SimulationSweep.Axis]
    public let strategies: [StrategyName]
    public let points: [SimulationSweep.Point]

    /// The smallest, middle and largest of a metric across the grid.
    public struct Spread: Sendable, Hashable, Encodable {
        public var min: Double
        public var median: Double
        public var max: Double

        init?(_ values: [Double]) {
            guard !values.isEmpty else { return nil }
            let sorted = values.sorted()
            min = sorted[0]
            median = sorted[Int((0.5 * Double(sorted.count)).rounded(.up)) - 1]
            max = sorted[sorted.count - 1]
        }
    }

    /// A metric a sweep summarises: its label (as the comparison tables write it), its JSON name,
    /// its value, and how it is written.
    struct Metric: Sendable {
        let label: String
        let key: String
        let value: @Sendable (WidgetMetrics) -> Double?
        let written: @Sendable (Double) -> String

        static let all: [Metric] = [
            minutes("stale shown as fresh, min", "staleShownAsFreshMinutes") { $0.staleShownAsFreshMinutes },
            minutes("event shown early, min", "earlyEventMinutes") { $0.earlyEventMinutes },
            minutes("wrong value shown, min", "wrongValueMinutes") { $0.wrongValueMinutes },
            minutes("no value shown, min", "noValueMinutes") { $0.noValueMinutes },
            Metric(
                label: "change → screen, median", key: "commitToDisplayMedianSeconds",
                value: { $0.commitToDisplay.medianSeconds }, written: { TextReport.duration($0) }),
            Metric(
                label: "change → screen, max", key: "commitToDisplayMaxSeconds",
                value: { $0.commitToDisplay.maxSeconds }, written: { TextReport.duration($0) }),
            count("changes never shown", "changesNeverShown") { $0.commitToDisplay.undelivered },
            count("provider runs", "providerRuns") { $0.providerRuns },
            count("budget used", "budgetUsed") { $0.budgetUsed },
            count("budget refused", "budgetRefused") { $0.budgetRefused },
            count("reloads requested", "reloadsRequested") { $0.reloadsRequested },
            count("backend requests", "backendRequests") { $0.backendRequests },
            count("killed by the watchdog", "watchdogKills") { $0.watchdogKills },
        ]

        static func minutes(
            _ label: String, _ key: String, _ value: @escaping @Sendable (WidgetMetrics) -> Double
        )
            -> Metric
        {
            Metric(label: label, key: key, value: value, written: { TextReport.minutes($0) })
        }

        static func count(_ label: String, _ key: String, _ value: @escaping @Sendable (WidgetMetrics) -> Int)
            -> Metric
        {
            Metric(label: label, key: key, value: { Double(value($0)) }, written: { String(Int($0)) })
        }
    }

    /// The spread of `metric` for `strategy`: one widget's (`widget` its index), or the totals'.
    func spread(_ metric: Metric, strategy: StrategyName, widget: Int?) -> Spread? {
        Spread(
            points.compactMap { point in
                guard let result = point.report.result(for: strategy) else { return nil }
                return metric.value(widget.map { result.widgets[$0].metrics } ?? result.totals)
            })
    }

    /// The sweep as a plain-text table: per widget and for all widgets, `min / median / max` of
    /// each metric under each strategy.
    public func text() -> String {
        guard let first = points.first else { return "" }
        let scenario = first.report.scenario
        let labelWidth = 28
        let columnWidth = 26
        var lines = [scenario.scenario.name]
        lines.append(
            "sweep: "
                + axes.map { "\($0.name) = \($0.values.joined(separator: ", "))" }.joined(separator: " × ")
                + " (\(points.count) run\(points.count == 1 ? "" : "s") of each strategy)")
        lines.append("each cell: min / median / max across the grid")
        lines.append("")
        lines.append(
            "".padded(to: labelWidth) + strategies.map { $0.rawValue.leftPadded(to: columnWidth) }.joined())
        func block(_ title: String, widget: Int?) {
            lines.append(title)
            for metric in Metric.all {
                let cells = strategies.map { strategy -> String in
                    guard let spread = spread(metric, strategy: strategy, widget: widget) else { return "–" }
                    return [spread.min, spread.median, spread.max].map(metric.written).joined(
                        separator: " / ")
                }
                lines.append(
                    ("  " + metric.label).padded(to: labelWidth)
                        + cells.map { $0.leftPadded(to: columnWidth) }.joined())
            }
        }
        for (index, widget) in scenario.widgetIDs.enumerated() { block(widget, widget: index) }
        if scenario.widgetIDs.count > 1 { block("all widgets", widget: nil) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The sweep as JSON: the axes, the spreads, and each point's settings and totals.
    public func json() throws -> String {
        guard let first = points.first else { return "{}\n" }
        let scenario = first.report.scenario
        struct Spreads: Encodable {
            var widget: String?
            var metrics: [String: Spread]
        }
        struct StrategySpreads: Encodable {
            var strategy: StrategyName
            var widgets: [Spreads]
            var totals: [String: Spread]
        }
        struct PointEntry: Encodable {
            var settings: [String: String]
            var totals: [String: WidgetMetrics]
        }
        struct Document: Encodable {
            var scenario: String
            var axes: [String: [String]]
            var points: Int
            var strategies: [StrategySpreads]
            var runs: [PointEntry]
        }
        func spreads(_ strategy: StrategyName, widget: Int?) -> [String: Spread] {
            var result: [String: Spread] = [:]
            for metric in Metric.all {
                result[metric.key] = spread(metric, strategy: strategy, widget: widget)
            }
            return result
        }
        let document = Document(
            scenario: scenario.scenario.name,
            axes: Dictionary(uniqueKeysWithValues: axes.map { ($0.name, $0.values) }),
            points: points.count,
            strategies: strategies.map { strategy in
                StrategySpreads(
                    strategy: strategy,
                    widgets: scenario.widgetIDs.enumerated().map {
                        Spreads(widget: $0.element, metrics: spreads(strategy, widget: $0.offset))
                    },
                    totals: spreads(strategy, widget: nil))
            },
            runs: points.map { point in
                PointEntry(
                    settings: Dictionary(uniqueKeysWithValues: point.settings.map { ($0.name, $0.value) }),
                    totals: Dictionary(
                        uniqueKeysWithValues: point.report.results.map { ($0.strategy.rawValue, $0.totals) }))
            })
        let data = try JSONCoding.encoder(pretty: true).encode(document)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
