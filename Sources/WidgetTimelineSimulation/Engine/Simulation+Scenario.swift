public import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

extension Simulation {
    /// Simulates `scenario` with your own widget kinds under `strategies`, one device each, and
    /// returns the comparison with its text, HTML and trace: the one call an app's tests and tools
    /// need (the article "Simulating your own widget").
    ///
    /// ```swift
    /// let result = try Simulation.run(scenarioFile: url, kinds: [DepartureWidget()])
    /// print(result.text)
    /// ```
    ///
    /// The run records the trace; for totals alone over many runs, compile the scenario and use
    /// ``init(scenario:strategies:)`` and ``run(recordingTrace:)``.
    ///
    /// - Parameters:
    ///   - scenario: the scenario; its widgets' `kind` names one of `kinds` or one it declares.
    ///   - kinds: your widget kinds (and, if you like, `ExampleWidgets.all`).
    ///   - strategies: the strategies to compare, in column order; by default this package's and
    ///     the five naive ones `demo` shows.
    ///   - seed: replaces the scenario's seed.
    /// - Throws: ``ScenarioError`` with the JSON path of the first problem.
    public static func run(
        _ scenario: Scenario, kinds: [any WidgetKind] = [], strategies: [StrategyName] = StrategyName.demo,
        seed: UInt64? = nil
    ) throws(ScenarioError) -> SimulationResult {
        let compiled = try scenario.compiled(seed: seed, kinds: kinds)
        return SimulationResult(
            report: Simulation(scenario: compiled, strategies: strategies).run(recordingTrace: true))
    }

    /// Simulates the scenario in `json` (the format of docs/simulator.md, "Scenarios"); see
    /// ``run(_:kinds:strategies:seed:)``.
    ///
    /// - Parameters:
    ///   - json: the scenario file's bytes.
    ///   - kinds: your widget kinds.
    ///   - strategies: the strategies to compare.
    ///   - seed: replaces the scenario's seed.
    /// - Throws: ``ScenarioError`` with the JSON path of the first problem.
    public static func run(
        scenarioJSON json: Data, kinds: [any WidgetKind] = [], strategies: [StrategyName] = StrategyName.demo,
        seed: UInt64? = nil
    ) throws(ScenarioError) -> SimulationResult {
        try run(Scenario.decode(json), kinds: kinds, strategies: strategies, seed: seed)
    }

    /// Simulates the scenario in the file at `url`; see ``run(_:kinds:strategies:seed:)``.
    ///
    /// - Parameters:
    ///   - url: a scenario file.
    ///   - kinds: your widget kinds.
    ///   - strategies: the strategies to compare.
    ///   - seed: replaces the scenario's seed.
    /// - Throws: the file system's error when the file cannot be read; ``ScenarioError`` with the
    ///   JSON path of the first problem when it is not a valid scenario.
    public static func run(
        scenarioFile url: URL, kinds: [any WidgetKind] = [], strategies: [StrategyName] = StrategyName.demo,
        seed: UInt64? = nil
    ) throws -> SimulationResult {
        try run(scenarioJSON: Data(contentsOf: url), kinds: kinds, strategies: strategies, seed: seed)
    }
}
