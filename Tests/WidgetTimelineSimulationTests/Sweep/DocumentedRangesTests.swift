import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples

@testable import WidgetTimelineSimulation

/// The library's claims across the system model's documented ranges, on every scenario the package
/// ships, asserted from the trace by the second implementation of the metrics (``TraceMetrics``),
/// not from the simulator's own totals.
@Suite("Across the documented ranges: the library's claims, from the trace")
struct DocumentedRangesTests {
    /// The strategies the claims are checked on, and the naive one whose budget they are held to.
    static let claimed = [StrategyName.library, .libraryPush, .singleEntry15Minutes]
    /// The library and every naive strategy, whose wrong minutes are compared.
    static let compared = [StrategyName.library] + ShippedScenarios.naive

    /// The second implementation's metrics of every widget under `strategies` at one point of the
    /// grid, by strategy and widget id. Each test runs only the strategies it reads: these
    /// simulations are most of the suite's time.
    static func metrics(
        _ name: String, model: SystemModel, seed: UInt64? = nil, strategies: [StrategyName]
    ) throws -> [String: [String: TraceMetrics]] {
        var scenario = try ShippedScenarios.scenario(name)
        scenario.system = model
        let compiled = try scenario.compiled(seed: seed, kinds: ExampleWidgets.all)
        let report = Simulation(scenario: compiled, strategies: strategies).run(recordingTrace: true)
        var result: [String: [String: TraceMetrics]] = [:]
        for widget in try TraceMetrics.widgets(in: try TraceReport.render(report)) {
            result[widget.strategy, default: [:]][widget.widget] = try TraceMetrics(widget.object)
        }
        return result
    }

    /// Whether the scenario's widget `id` has a source the extension fetches from.
    static func hasSource(_ name: String, widget id: String) throws -> Bool {
        try ShippedScenarios.scenario(name).widgets.first { $0.id == id }?.source != nil
    }

    static func describe(_ model: SystemModel, from base: SystemModel) -> String {
        let changed = SystemSetting.all.filter { $0.value(in: model) != $0.value(in: base) }
        return changed.isEmpty
            ? "defaults" : changed.map { "\($0.name)=\($0.value(in: model))" }.joined(separator: " ")
    }

    @Test(
        "at every point of the documented ranges: 0 stale-as-fresh and 0 early-event minutes (library and library-push), and no more charged runs than after-15m",
        arguments: ShippedScenarios.names)
    func claimsHoldEverywhere(name: String) throws {
        let base = try ShippedScenarios.scenario(name).system
        for model in SystemSetting.documentedGrid(around: base) {
            let point = "\(name) at \(Self.describe(model, from: base))"
            let all = try Self.metrics(name, model: model, strategies: Self.claimed)
            for (id, push) in try #require(all[StrategyName.libraryPush.rawValue]) {
                #expect(
                    push.staleShownAsFreshMinutes == 0, "\(point), \(id): library-push, stale shown as fresh")
                #expect(push.earlyEventMinutes == 0, "\(point), \(id): library-push, an event shown early")
            }
            for (id, library) in try #require(all[StrategyName.library.rawValue]) {
                #expect(library.staleShownAsFreshMinutes == 0, "\(point), \(id): stale shown as fresh")
                #expect(library.earlyEventMinutes == 0, "\(point), \(id): an event shown early")
                let tutorial = try #require(all[StrategyName.singleEntry15Minutes.rawValue]?[id])
                #expect(library.budgetUsed <= tutorial.budgetUsed, "\(point), \(id): charged runs")
            }
        }
    }

    @Test(
        "at the scenario's own settings: no more wrong minutes than any naive strategy on data only the app writes, nor than one spending no more budget on data the extension fetches",
        arguments: ShippedScenarios.names)
    func fewestWrongMinutesAtDefaults(name: String) throws {
        let base = try ShippedScenarios.scenario(name).system
        let all = try Self.metrics(name, model: base, strategies: Self.compared)
        for (id, library) in try #require(all[StrategyName.library.rawValue]) {
            let fetched = try Self.hasSource(name, widget: id)
            for strategy in ShippedScenarios.naive {
                let naive = try #require(all[strategy.rawValue]?[id])
                if fetched, naive.budgetUsed > library.budgetUsed { continue }
                #expect(
                    library.wrongValueMinutes <= naive.wrongValueMinutes,
                    "\(name), \(id): \(library.wrongValueMinutes) wrong minutes, \(strategy.rawValue) \(naive.wrongValueMinutes) on \(naive.budgetUsed) charged runs to the library's \(library.budgetUsed)"
                )
            }
        }
    }

    @Test(
        "across the documented ranges and five seeds: no more wrong minutes in all than any naive strategy spending no more budget",
        arguments: ShippedScenarios.names)
    func fewestWrongMinutesAcrossTheRanges(name: String) throws {
        let scenario = try ShippedScenarios.scenario(name)
        var wrong: [String: [String: Double]] = [:]
        var charged: [String: [String: Int]] = [:]
        for model in SystemSetting.documentedGrid(around: scenario.system) {
            for seed in [scenario.seed, 1, 2, 3, 4] {
                for (strategy, widgets) in try Self.metrics(
                    name, model: model, seed: seed, strategies: Self.compared)
                {
                    for (id, metrics) in widgets {
                        wrong[strategy, default: [:]][id, default: 0] += metrics.wrongValueMinutes
                        charged[strategy, default: [:]][id, default: 0] += metrics.budgetUsed
                    }
                }
            }
        }
        for (id, library) in try #require(wrong[StrategyName.library.rawValue]) {
            let budget = charged[StrategyName.library.rawValue]?[id] ?? 0
            for strategy in ShippedScenarios.naive {
                let naive = try #require(wrong[strategy.rawValue]?[id])
                let naiveBudget = charged[strategy.rawValue]?[id] ?? 0
                guard naiveBudget <= budget else { continue }
                #expect(
                    library <= naive,
                    "\(name), \(id): \(library) wrong minutes in all, \(strategy.rawValue) \(naive) on \(naiveBudget) charged runs to the library's \(budget)"
                )
            }
        }
    }
}
