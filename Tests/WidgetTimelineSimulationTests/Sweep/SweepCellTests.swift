import Foundation
import Testing
import WidgetTimelineExamples

@testable import WidgetTimelineSimulation

/// Each point of a sweep is the plain run of the scenario file with that point's settings written
/// in its `system` member: the sweep adds nothing and drops nothing, at the edges of what a
/// setting takes too.
@Suite("A sweep's cells: each the plain run of the file with its settings")
struct SweepCellTests {
    /// `name`'s JSON with `settings` written into its `system` member, as a user would edit it.
    static func edited(_ name: String, _ settings: [(name: String, value: String)]) throws -> Scenario {
        let url = ShippedScenarios.directory.appendingPathComponent(name)
        var document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var system = document["system"] as? [String: Any] ?? [:]
        for (setting, value) in settings {
            if value == "null" {
                system[setting] = NSNull()
            } else if let number = Int(value) {
                system[setting] = number
            } else if value == "true" || value == "false" {
                system[setting] = value == "true"
            } else {
                system[setting] = value
            }
        }
        document["system"] = system
        return try Scenario.decode(try JSONSerialization.data(withJSONObject: document))
    }

    @Test(
        "every cell of a sweep across valid edges equals the plain run of the edited file",
        arguments: [
            ("taps-and-controls.json", "getTimelineCalls", ["1", "10"], "pushBudget", ["0", "null"]),
            ("push-tight-budget.json", "pushLatency", ["0s", "1h"], "dailyBudget", ["0", "1440"]),
            (
                "network-outage.json", "providerWatchdog", ["1s", "10m"], "seed",
                ["0", "18446744073709551615"]
            ),
        ])
    func cellsArePlainRuns(
        name: String, first: String, firstValues: [String], second: String, secondValues: [String]
    ) throws {
        let strategies: [StrategyName] = [.library, .libraryPush, .singleEntry15Minutes]
        let sweep = try SimulationSweep(
            scenario: try ShippedScenarios.scenario(name), kinds: ExampleWidgets.all,
            axes: [.init(name: first, values: firstValues), .init(name: second, values: secondValues)],
            strategies: strategies)
        let report = try sweep.run()
        #expect(report.points.count == firstValues.count * secondValues.count)
        for point in report.points {
            let seed = point.settings.first { $0.name == "seed" }.flatMap { UInt64($0.value) }
            let scenario = try Self.edited(name, point.settings.filter { $0.name != "seed" })
            let compiled = try scenario.compiled(seed: seed, kinds: ExampleWidgets.all)
            let plain = Simulation(scenario: compiled, strategies: strategies).run()
            #expect(
                try JSONReport.render(point.report, scenario: point.report.scenario)
                    == (try JSONReport.render(plain, scenario: compiled)),
                "\(name) at \(point.settings)")
        }
    }
}
