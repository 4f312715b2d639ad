import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples

@testable import WidgetTimelineSimulation

/// What the shipped push scenarios show, asserted from the trace by the second implementation of
/// the metrics (``TraceMetrics``): where push beats polling across the push budget's documented
/// range, and where a tight budget makes it no better.
@Suite(
    "Push against polling: sooner with fewer runs across the push budget, and where a tight budget undoes it")
struct PushScenarioTests {
    /// The second implementation's metrics of the one widget under each strategy.
    static func metrics(_ name: String, system: SystemModel? = nil, strategies: [StrategyName]) throws
        -> [String: TraceMetrics]
    {
        let scenario = try ShippedScenarios.compiled(name, system: system)
        let report = Simulation(scenario: scenario, strategies: strategies).run(recordingTrace: true)
        var result: [String: TraceMetrics] = [:]
        for widget in try TraceMetrics.widgets(in: try TraceReport.render(report)) {
            result[widget.strategy] = try TraceMetrics(widget.object)
        }
        return result
    }

    /// The scenario's model with each value of the push budget's and the push latency's ranges.
    static func pushGrid(_ name: String) throws -> [SystemModel] {
        let base = try ShippedScenarios.scenario(name).system
        let budget = try #require(SystemSetting.named("pushBudget"))
        let latency = try #require(SystemSetting.named("pushLatency"))
        return try budget.range.flatMap { count in
            try latency.range.map { delay in
                try latency.applying(delay, to: try budget.applying(count, to: base))
            }
        }
    }

    @Test(
        "push-few-changes.json: at every push budget and push latency of the ranges, library-push shows each change sooner than polling, on fewer provider runs"
    )
    func pushBeatsPolling() throws {
        for model in try Self.pushGrid("push-few-changes.json") {
            let point =
                "pushBudget=\(model.pushBudget.map(String.init) ?? "null") pushLatency=\(model.pushLatency)"
            let all = try Self.metrics(
                "push-few-changes.json", system: model, strategies: [.library, .libraryPush])
            let polling = try #require(all["library"])
            let push = try #require(all["library-push"])
            #expect(
                try #require(push.medianSeconds) < (try #require(polling.medianSeconds)), "\(point): median")
            #expect(
                try #require(push.maxSeconds) < (try #require(polling.maxSeconds)), "\(point): slowest change"
            )
            #expect(push.undelivered <= polling.undelivered, "\(point)")
            #expect(push.providerRuns < polling.providerRuns, "\(point): provider runs")
            #expect(push.wrongValueMinutes < polling.wrongValueMinutes, "\(point): wrong minutes")
            #expect(push.staleShownAsFreshMinutes == 0, "\(point)")
        }
    }

    @Test(
        "push-tight-budget.json: at its four pushes a day, push is no better than polling — slower, more changes never shown, pushes dropped; with the budget unlimited it is sooner again, on more runs than polling (the data changes more often than polling asks)"
    )
    func tightBudget() throws {
        let scenario = try ShippedScenarios.scenario("push-tight-budget.json")
        #expect(scenario.system.pushBudget == 4)
        let tight = try Self.metrics("push-tight-budget.json", strategies: [.library, .libraryPush])
        let polling = try #require(tight["library"])
        let push = try #require(tight["library-push"])
        #expect(try #require(push.medianSeconds) > (try #require(polling.medianSeconds)))
        #expect(push.undelivered > polling.undelivered)
        #expect(push.wrongValueMinutes > polling.wrongValueMinutes)
        let compiled = try ShippedScenarios.compiled("push-tight-budget.json")
        let pushes = DeviceSimulation(scenario: compiled, strategy: .libraryPush).run().push
        #expect(pushes.delivered == 4 && pushes.dropped > 0)
        var unlimited = scenario.system
        unlimited.pushBudget = nil
        let open = try Self.metrics(
            "push-tight-budget.json", system: unlimited, strategies: [.library, .libraryPush])
        #expect(
            try #require(open["library-push"]?.medianSeconds) < (try #require(open["library"]?.medianSeconds))
        )
        #expect(
            try #require(open["library-push"]?.providerRuns) > (try #require(open["library"]?.providerRuns)))
    }

    @Test(
        "pushing every change spends the device's budget on a burst the planner coalesces: at four pushes a day it drops what library-push delivers"
    )
    func everyChangeSpendsTheBudget() throws {
        var model = try ShippedScenarios.scenario("push-few-changes.json").system
        model.pushBudget = 4
        let scenario = try ShippedScenarios.compiled("push-few-changes.json", system: model)
        let planned = DeviceSimulation(scenario: scenario, strategy: .libraryPush).run()
        let naive = DeviceSimulation(scenario: scenario, strategy: .pushOnEveryChange).run()
        #expect(planned.push.dropped == 0 && planned.push.sent < naive.push.sent)
        #expect(naive.push.dropped > 0)
        #expect(
            naive.widgets[0].metrics.commitToDisplay.undelivered
                + naive.widgets[0].metrics.commitToDisplay.delivered
                == planned.widgets[0].metrics.commitToDisplay.delivered
                + planned.widgets[0].metrics.commitToDisplay.undelivered)
        #expect(
            (naive.widgets[0].metrics.commitToDisplay.maxSeconds ?? 0)
                > (planned.widgets[0].metrics.commitToDisplay.maxSeconds ?? 0))
    }

    @Test(
        "a fleet: pushing every change sends every device's push in the same second; the planner spreads them across its window"
    )
    func fleetFanOut() throws {
        let scenario = try ShippedScenarios.compiled("push-few-changes.json")
        let devices = 300
        let fleet = FleetSimulation(
            scenario: scenario, devices: devices, strategies: [.pushOnEveryChange, .libraryPush]
        ).run()
        let naive = fleet[0].pushes
        let planned = fleet[1].pushes
        // Devices added after a change do not get it; those added before all get it at its instant.
        #expect(naive.peakPerSecond > devices / 2)
        #expect(planned.peakPerSecond * 10 < naive.peakPerSecond)
        #expect(planned.total < naive.total)
        // The widgets' requests follow the pushes: the planned fleet's busiest minute is far lower.
        #expect(fleet[1].peakPerMinute * 3 < fleet[0].peakPerMinute)
        #expect(naive.perMinutePercentiles.p99 >= naive.perMinutePercentiles.p95)
    }
}

extension PushScenarioTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/simulator.md")

    /// One row of docs/simulator.md's push tables: per strategy, change → screen median · max ·
    /// provider runs · wrong-value minutes · changes never shown, at one push budget.
    static func row(_ name: String, budget: String) throws -> String {
        let setting = try #require(SystemSetting.named("pushBudget"))
        let model = try setting.applying(budget, to: try ShippedScenarios.scenario(name).system)
        let report = Simulation(
            scenario: try ShippedScenarios.compiled(name, system: model),
            strategies: [.library, .libraryPush, .pushOnEveryChange]
        ).run()
        let cells = report.results.map { result -> String in
            let metrics = result.widgets[0].metrics
            return [
                TextReport.duration(metrics.commitToDisplay.medianSeconds),
                TextReport.duration(metrics.commitToDisplay.maxSeconds), "\(metrics.providerRuns)",
                TextReport.minutes(metrics.wrongValueMinutes), "\(metrics.commitToDisplay.undelivered)",
            ].joined(separator: " · ")
        }
        return "| \(budget) | " + cells.joined(separator: " | ") + " |"
    }

    @Test(
        "docs/simulator.md's push tables are what the simulator gives, at every push budget of the range",
        arguments: ["push-few-changes.json", "push-tight-budget.json"])
    func documentedTables(name: String) throws {
        let text = try String(contentsOf: Self.docs, encoding: .utf8)
        for budget in try #require(SystemSetting.named("pushBudget")).range {
            let row = try Self.row(name, budget: budget)
            #expect(text.contains(row), "docs/simulator.md lacks this row for \(name):\n\(row)")
        }
    }
}
