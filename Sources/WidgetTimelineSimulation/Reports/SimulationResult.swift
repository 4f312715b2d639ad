import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// What ``Simulation/run(_:kinds:strategies:seed:)`` gives back: the comparison as values, and the
/// same run as the text table, the HTML page and the trace that `simulate` writes.
///
/// The run recorded everything the trace holds, so every form describes the same run.
public struct SimulationResult: Sendable {
    /// The results, strategy by strategy and widget by widget.
    public let report: SimulationReport

    public init(report: SimulationReport) { self.report = report }

    /// The comparison as `simulate` prints it (``TextReport``).
    public var text: String { TextReport.render(report) }

    /// The self-contained HTML report (``HTMLReport``), as `simulate --report` writes it.
    public var html: String { HTMLReport.render(report) }

    /// The trace (``TraceReport``), as `simulate --trace` writes it: a versioned JSON document of
    /// every screen, reload, request and installed timeline, from which any tool can recompute
    /// every metric (docs/simulator.md, "The trace").
    ///
    /// - Throws: `EncodingError` when an instant of the run has no RFC 3339 form (a scenario
    ///   reaching past year 9999).
    public var trace: String {
        get throws { try TraceReport.render(report) }
    }

    /// The metrics of the scenario's widget `id` under `strategy`, if both ran.
    ///
    /// - Parameters:
    ///   - id: the widget's `id` in the scenario (its kind when the scenario gives none).
    ///   - strategy: the strategy it ran under.
    public func metrics(of id: String, under strategy: StrategyName) -> WidgetMetrics? {
        report.result(for: strategy)?.widgets.first { $0.widget == id }?.metrics
    }
}
