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

    /// `1 device`, `200 devices`.
    static func devices(_ count: Int) -> String { count == 1 ? "1 device" : "\(count) devices" }

    /// A rate per second: two decimals, or two significant digits under 0.005, so a fleet that
    /// asks at all never reads as `0.00`.
    static func rate(_ value: Double) -> String {
        guard value > 0, value < 0.005 else { return String(cFormat: "%.2f", value) }
        var firstDigit = 1
        var scaled = value * 10
        while scaled < 1 {
            firstDigit += 1
            scaled *= 10
        }
        return String(cFormat: "%.\(firstDigit + 1)f", value)
    }

    public static func render(_ fleet: [FleetResult], scenario: CompiledScenario) -> String {
        let zone = scenario.zone(at: scenario.start)
        // A run that spans more than one local date names the date too: a time alone would not say
        // which day's peak it is.
        let lastSecond = scenario.end.addingTimeInterval(-1)
        let spansDates =
            Instant.format(scenario.start, in: zone).prefix(10)
            != Instant.format(lastSecond, in: zone).prefix(10)
        let columnWidth = max(spansDates ? 16 : 14, (fleet.map(\.strategy.rawValue.count).max() ?? 0) + 2)
        func clock(_ date: Date) -> String {
            let text = Instant.format(date, in: zone)
            guard spansDates else { return String(text.dropFirst(11).prefix(8)) }
            return text.dropFirst(5).prefix(5) + " " + text.dropFirst(11).prefix(8)
        }
        var lines = [
            "\(scenario.scenario.name): a fleet of \(devices(fleet.first?.devices ?? 0))",
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
        row("mean per second") { rate($0.meanPerSecond) }
        row("peak per second") { "\($0.peakPerSecond)" }
        row("  at") { $0.peakSecondAt.map(clock) ?? "–" }
        row("peak per minute") { "\($0.peakPerMinute)" }
        row("  at") { $0.peakMinuteAt.map(clock) ?? "–" }
        row("per minute p50/p95/p99") { percentiles($0.perMinutePercentiles) }
        if fleet.contains(where: { $0.pushes.total > 0 }) {
            lines.append("pushes sent (APNs requests)")
            row("total") { "\($0.pushes.total)" }
            row("peak per second") { "\($0.pushes.peakPerSecond)" }
            row("peak per minute") { "\($0.pushes.peakPerMinute)" }
            row("  at") { $0.pushes.peakMinuteAt.map(clock) ?? "–" }
            row("per minute p50/p95/p99") { percentiles($0.pushes.perMinutePercentiles) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
