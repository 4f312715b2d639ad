import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// The results of one scenario under several strategies: what the text table, the JSON and the
/// HTML report are drawn from.
public struct SimulationReport: Sendable {
    public let scenario: CompiledScenario
    public let results: [StrategyResult]

    public init(scenario: CompiledScenario, results: [StrategyResult]) {
        self.scenario = scenario
        self.results = results
    }

    /// The result of `strategy`, if it ran.
    public func result(for strategy: StrategyName) -> StrategyResult? {
        results.first { $0.strategy == strategy }
    }
}
