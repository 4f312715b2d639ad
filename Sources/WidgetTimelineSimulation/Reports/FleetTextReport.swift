import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// The fleet comparison as text.
public enum FleetTextReport {
    static func percentiles(_ value: FleetResult.Percentiles) -> String {
        "\(value.p50)/\(value.p95)/\(value.p99)"
    }

    public static func render(_ fleet: [FleetResult], scenario: CompiledScenario) -> String {
        let zone = scenario.zone(at: scenario.start)
        func clock(_ date: Date) -> String { String(Instant.format(date, in: zone).dropFirst(11).prefix(8)) }
        let columnWidth = max(14, (fleet.map(\.strategy.rawValue.count).max() ?? 0) + 2)
        var lines = [
            "\(scenario.scenario.name): a fleet of \(fleet.first?.devices ?? 0) devices",
            TextReport.headline(for: scenario),
            "",
            "backend requests".padded(to: 26)
                + fleet.map { $0.strategy.rawValue.leftPadded(to: columnWidth) }.joined(),
        ]
        func row(_ label: String, _ value: (FleetResult) -> String) {
            lines.append(
                "  " + label.padded(to: 24) + fleet.map { value($0).leftPadded(to: columnWidth) }.joined())
        }
        row("total") { "\($0.requests)" }
        row("mean per second") { String(cFormat: "%.2f", $0.meanPerSecond) }
        row("peak per second") { "\($0.peakPerSecond)" }
        row("  at") { clock($0.peakSecondAt) }
        row("peak per minute") { "\($0.peakPerMinute)" }
        row("  at") { clock($0.peakMinuteAt) }
        row("per minute p50/p95/p99") { percentiles($0.perMinutePercentiles) }
        if fleet.contains(where: { $0.pushes.total > 0 }) {
            lines.append("pushes sent (APNs requests)")
            row("total") { "\($0.pushes.total)" }
            row("peak per second") { "\($0.pushes.peakPerSecond)" }
            row("peak per minute") { "\($0.pushes.peakPerMinute)" }
            row("  at") { $0.pushes.total == 0 ? "–" : clock($0.pushes.peakMinuteAt) }
            row("per minute p50/p95/p99") { percentiles($0.pushes.perMinutePercentiles) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
