import Dispatch
import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// Runs one scenario under several strategies, each on its own simulated device with the same
/// seed, and gathers the results side by side (the comparison `demo` and `simulate` print).
public struct Simulation: Sendable {
    public let scenario: CompiledScenario
    public let strategies: [StrategyName]

    public init(scenario: CompiledScenario, strategies: [StrategyName] = StrategyName.demo) {
        self.scenario = scenario
        self.strategies = strategies
    }

    /// Runs every strategy, in parallel on all cores; the result does not depend on the order.
    ///
    /// - Parameter recordingTrace: keep what ``TraceReport`` writes (contents, installed
    ///   timelines, fetches); off by default, so runs that only report totals do not pay for it.
    public func run(recordingTrace: Bool = false) -> SimulationReport {
        let results = ParallelMap.map(strategies) { strategy in
            DeviceSimulation(scenario: scenario, strategy: strategy, recordsTrace: recordingTrace).run()
        }
        return SimulationReport(scenario: scenario, results: results)
    }
}

/// Runs a function over elements on all cores and returns results in the elements' order.
enum ParallelMap {
    static func map<Element: Sendable, Result: Sendable>(
        _ elements: [Element], _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        let box = ResultBox<Result>(count: elements.count)
        DispatchQueue.concurrentPerform(iterations: elements.count) { index in
            box.set(transform(elements[index]), at: index)
        }
        return box.values()
    }
}

/// Slots filled by concurrent workers, one slot each. `@unchecked Sendable` because a lock guards
/// every access.
final class ResultBox<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = Lock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ value: Value, at index: Int) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func values() -> [Value] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
