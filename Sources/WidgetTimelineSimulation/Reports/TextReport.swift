import Foundation
import WidgetTimeline

/// The comparison as a plain-text table: strategies side by side, one block of rows per widget
/// and one for all widgets. Short enough to paste into a README or a pull request.
public enum TextReport {
    public static func render(_ report: SimulationReport) -> String {
        let scenario = report.scenario
        let results = report.results
        let labelWidth = 30
        let columnWidth = max(12, (results.map(\.strategy.title.count).max() ?? 0) + 2)
        var lines: [String] = []
        lines.append(scenario.scenario.name)
        lines.append(headline(for: scenario))
        lines.append("")
        lines.append(
            "".padded(to: labelWidth) + results.map { $0.strategy.title.leftPadded(to: columnWidth) }.joined()
        )

        func row(_ label: String, _ value: (WidgetMetrics) -> String, _ metrics: [WidgetMetrics]) {
            lines.append(
                ("  " + label).padded(to: labelWidth)
                    + metrics.map { value($0).leftPadded(to: columnWidth) }.joined())
        }

        for (index, widget) in scenario.widgetIDs.enumerated() {
            let metrics = results.map { $0.widgets[index].metrics }
            lines.append("\(widget) (\(results.first?.widgets[index].kind ?? ""))")
            row("stale shown as fresh, min", { minutes($0.staleShownAsFreshMinutes) }, metrics)
            row("wrong value shown, min", { minutes($0.wrongValueMinutes) }, metrics)
            row("no value shown, min", { minutes($0.noValueMinutes) }, metrics)
            row("change → screen, median", { duration($0.commitToDisplay.medianSeconds) }, metrics)
            row("change → screen, p95", { duration($0.commitToDisplay.p95Seconds) }, metrics)
            row("change → screen, max", { duration($0.commitToDisplay.maxSeconds) }, metrics)
            if metrics.contains(where: { $0.commitToDisplay.undelivered > 0 }) {
                row("changes never shown", { "\($0.commitToDisplay.undelivered)" }, metrics)
            }
            row("provider runs", { "\($0.providerRuns)" }, metrics)
            row("budget used / refused", { "\($0.budgetUsed) / \($0.budgetRefused)" }, metrics)
            row("reloads requested", { "\($0.reloadsRequested)" }, metrics)
            if metrics.contains(where: { $0.backendRequests > 0 }) {
                row("backend requests", { "\($0.backendRequests)" }, metrics)
            }
            if metrics.contains(where: { $0.watchdogKills > 0 }) {
                row("killed by the watchdog", { "\($0.watchdogKills)" }, metrics)
            }
        }
        if scenario.widgetIDs.count > 1 {
            let totals = results.map(\.totals)
            lines.append("all widgets")
            row("stale shown as fresh, min", { minutes($0.staleShownAsFreshMinutes) }, totals)
            row("wrong value shown, min", { minutes($0.wrongValueMinutes) }, totals)
            row("provider runs", { "\($0.providerRuns)" }, totals)
            row("budget used / refused", { "\($0.budgetUsed) / \($0.budgetRefused)" }, totals)
            row("reloads requested", { "\($0.reloadsRequested)" }, totals)
            if totals.contains(where: { $0.backendRequests > 0 }) {
                row("backend requests", { "\($0.backendRequests)" }, totals)
            }
        }
        lines.append("")
        let nameWidth = (results.map(\.strategy.title.count).max() ?? 0) + 2
        for result in results {
            lines.append("  " + result.strategy.title.padded(to: nameWidth) + result.strategy.summary)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `2026-11-30 07:00 Asia/Seoul, 24h · seed 20261130 · budget 48/day, …`.
    public static func headline(for scenario: CompiledScenario) -> String {
        let zone = scenario.zone(at: scenario.start)
        let start = Instant.format(scenario.start, in: zone).prefix(16).replacingOccurrences(
            of: "T", with: " ")
        let model = scenario.model
        let budget = model.dailyBudget.map { "budget \($0)/day" } ?? "no budget"
        let seconds = scenario.scenario.duration.seconds
        let length =
            seconds <= 48 * 3600 && seconds.truncatingRemainder(dividingBy: 3600) == 0
            ? "\(Int(seconds / 3600))h" : scenario.scenario.duration.description
        return "\(start) \(zone.identifier), \(length) · seed \(scenario.seed) · \(budget), "
            + "floor \(DurationText(model.minimumReloadInterval)), policy lateness ≤ \(DurationText(model.policyLateness)), "
            + "app reload latency ≤ \(DurationText(model.appReloadLatency))"
    }

    /// `0`, `3.5`, `142`.
    static func minutes(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value < 10 { return String(format: "%.1f", value) }
        return String(Int(value.rounded()))
    }

    /// `–`, `<1s`, `27s`, `5m12s`, `2h03m`.
    static func duration(_ seconds: Double?) -> String {
        guard let seconds else { return "–" }
        if seconds < 1 { return "<1s" }
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole)s" }
        if whole < 3600 { return "\(whole / 60)m" + String(format: "%02ds", whole % 60) }
        return "\(whole / 3600)h" + String(format: "%02dm", whole / 60 % 60)
    }
}

extension String {
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    func leftPadded(to width: Int) -> String {
        count >= width ? " " + self : String(repeating: " ", count: width - count) + self
    }
}
