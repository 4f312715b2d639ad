public import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// One scenario run over a grid of system settings (and seeds): every combination of the axes'
/// values, each under the same strategies, so a claim can be checked across the model's
/// documented ranges rather than at its defaults (`simulate --sweep NAME=A,B,C`).
public struct SimulationSweep: Sendable {
    /// One axis of the grid: a ``SystemSetting`` name, or `seed`, and the values it takes.
    public struct Axis: Sendable, Hashable {
        public var name: String
        public var values: [String]

        public init(name: String, values: [String]) {
            self.name = name
            self.values = values
        }
    }

    /// One point of the grid: the axis values, and the runs there.
    public struct Point: Sendable {
        public var settings: [(name: String, value: String)]
        public var report: SimulationReport
    }

    /// The most points a sweep runs: more is a typing mistake, not a study.
    public static let mostPoints = 4096

    public let scenario: Scenario
    public let kinds: [any WidgetKind]
    public let axes: [Axis]
    public let strategies: [StrategyName]
    /// The seed when no axis sets one (`--seed`); `nil` is the scenario's.
    public let seed: UInt64?

    /// Checks the axes: known names, values each setting takes, and a grid of at most
    /// ``mostPoints``.
    ///
    /// - Throws: ``SettingError`` for a value a setting does not take; ``SweepError`` for an
    ///   unknown name, a name given twice, or a grid too large.
    public init(
        scenario: Scenario, kinds: [any WidgetKind], axes: [Axis], strategies: [StrategyName],
        seed: UInt64? = nil
    ) throws {
        var names: Set<String> = []
        var points = 1
        for axis in axes {
            guard names.insert(axis.name).inserted else { throw SweepError.repeated(axis.name) }
            guard !axis.values.isEmpty else { throw SweepError.noValues(axis.name) }
            if axis.name == "seed" {
                for value in axis.values where UInt64(value) == nil { throw SweepError.badSeed(value) }
            } else {
                guard let setting = SystemSetting.named(axis.name) else {
                    throw SweepError.unknown(axis.name)
                }
                for value in axis.values { _ = try setting.applying(value, to: scenario.system) }
            }
            points *= axis.values.count
            guard points <= Self.mostPoints else { throw SweepError.tooLarge(points) }
        }
        self.scenario = scenario
        self.kinds = kinds
        self.axes = axes
        self.strategies = strategies
        self.seed = seed
    }

    /// Every combination of the axes' values, the first axis varying slowest.
    public var grid: [[(name: String, value: String)]] {
        axes.reduce([[]]) { partial, axis in
            partial.flatMap { prefix in axis.values.map { prefix + [(axis.name, $0)] } }
        }
    }

    /// Runs every point of the grid, in order.
    ///
    /// - Throws: ``ScenarioError`` when the scenario does not compile at a point.
    public func run() throws(ScenarioError) -> SweepReport {
        var points: [Point] = []
        for settings in grid {
            var variant = scenario
            var pointSeed = seed
            for (name, value) in settings {
                if name == "seed" {
                    pointSeed = UInt64(value)
                } else if let setting = SystemSetting.named(name) {
                    // Checked in the initialiser.
                    variant.system = (try? setting.applying(value, to: variant.system)) ?? variant.system
                }
            }
            let compiled = try variant.compiled(seed: pointSeed, kinds: kinds)
            points.append(
                Point(
                    settings: settings, report: Simulation(scenario: compiled, strategies: strategies).run()))
        }
        return SweepReport(axes: axes, strategies: strategies, points: points)
    }
}

/// A sweep that cannot run, and why.
public enum SweepError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknown(String)
    case repeated(String)
    case noValues(String)
    case badSeed(String)
    case tooLarge(Int)

    public var description: String {
        switch self {
        case .unknown(let name):
            "'\(name)' is not a system setting; known: seed, "
                + SystemSetting.all.map(\.name).joined(separator: ", ")
        case .repeated(let name): "'\(name)' is swept twice"
        case .noValues(let name): "'\(name)' has no values"
        case .badSeed(let value): "seed takes whole numbers from 0 to \(UInt64.max), not '\(value)'"
        case .tooLarge(let points):
            "the grid has \(points) points or more; at most \(SimulationSweep.mostPoints)"
        }
    }
}
