import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// The comparison as a plain-text table: strategies side by side, one block of rows per widget
/// and one for all widgets. Short enough to paste into a README or a pull request.
public enum TextReport {
    public static func render(_ report: SimulationReport) -> String {
        let scenario = report.scenario
        let results = report.results
        let labelWidth = 28
        // One space at least between two names, so the widest column stays readable.
        let columnWidth = max(12, (results.map(\.strategy.rawValue.count).max() ?? 0) + 1)
        var lines: [String] = []
        lines.append(scenario.scenario.name)
        lines.append(headline(for: scenario))
        lines.append("")
        lines.append(
            "".padded(to: labelWidth)
                + results.map { $0.strategy.rawValue.leftPadded(to: columnWidth) }.joined())

        func block<Metrics>(_ title: String, _ rows: [ReportRow<Metrics>], _ metrics: [Metrics]) {
            lines.append(title)
            for row in ReportRow.shown(rows, for: metrics) {
                lines.append(
                    ("  " + row.label).padded(to: labelWidth)
                        + metrics.map { row.value($0).leftPadded(to: columnWidth) }.joined())
            }
        }

        for (index, widget) in scenario.widgetIDs.enumerated() {
            let kind = results.first?.widgets[index].kind ?? widget
            block(
                kind == widget ? widget : "\(widget) (\(kind))", ReportMetric.perWidget,
                results.map { $0.widgets[index].metrics })
        }
        if scenario.widgetIDs.count > 1 {
            block("all widgets", ReportMetric.totals, results.map(\.totals))
        }
        for (index, control) in scenario.controls.enumerated() {
            block(
                "control \(control.id) (\(control.kind), shows \(scenario.widgetIDs[control.widget]))",
                ReportRow.control, results.map { $0.controls[index].metrics })
        }
        if results.contains(where: { $0.push.sent > 0 }) {
            block("pushes (the device)", ReportRow.pushes, results.map(\.push))
        }
        lines.append("")
        // The strategies' summaries, wrapped to the table's width (at least 80 columns).
        let nameWidth = (results.map(\.strategy.rawValue.count).max() ?? 0) + 2
        let width = max(80, labelWidth + results.count * columnWidth)
        for result in results {
            var line = "  " + result.strategy.rawValue.padded(to: nameWidth)
            var lineHasWord = false
            for word in result.strategy.summary.split(separator: " ") {
                if lineHasWord, line.count + 1 + word.count > width {
                    lines.append(line)
                    line = String(repeating: " ", count: 2 + nameWidth)
                    lineHasWord = false
                }
                line += (lineHasWord ? " " : "") + word
                lineHasWord = true
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `2026-11-30 07:00 Asia/Seoul, 24h · seed 20261130 · budget 48/day, …`.
    public static func headline(for scenario: CompiledScenario) -> String {
        let zone = scenario.zone(at: scenario.start)
        let start = Instant.format(scenario.start, in: zone).prefix(16).replacing("T", with: " ")
        let model = scenario.model
        let budget =
            model.dailyBudget.map {
                "budget \($0)/day" + (model.budgetRefill == .daily ? " (daily reset)" : "")
            }
            ?? "no budget"
        let seconds = scenario.scenario.duration.seconds
        let length =
            seconds <= 48 * 3600 && seconds.truncatingRemainder(dividingBy: 3600) == 0
            ? "\(Int(seconds / 3600))h" : scenario.scenario.duration.description
        return "\(start) \(scenario.timeZoneNames[0]), \(length) · seed \(scenario.seed) · \(budget), "
            + "floor \(DurationText(model.minimumReloadInterval)), policy −\(DurationText(model.policyEarliness)) "
            + "to +\(DurationText(model.policyLateness)), entries +\(DurationText(model.entryLateness)), "
            + "app reload latency ≤ \(DurationText(model.appReloadLatency)), "
            + "\(model.getTimelineCalls) getTimeline call\(model.getTimelineCalls == 1 ? "" : "s") per reload"
    }

    /// `0`, `3.5`, `142`.
    static func minutes(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value < 10 { return String(cFormat: "%.1f", value) }
        return String(Int(value.rounded()))
    }

    /// `–`, `<1s`, `27s`, `5m12s`, `2h03m`.
    static func duration(_ seconds: Double?) -> String {
        guard let seconds else { return "–" }
        if seconds < 1 { return "<1s" }
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole)s" }
        if whole < 3600 { return "\(whole / 60)m" + String(cFormat: "%02lds", whole % 60) }
        return "\(whole / 3600)h" + String(cFormat: "%02ldm", whole / 60 % 60)
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
