import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting

@testable import WidgetTimelineSimulation

/// `Simulation.run`: one call from a scenario (a value, its JSON or its file) and an app's own kinds
/// to the comparison, its text, its HTML and its trace.
@Suite("Simulation.run: an app's own kinds, from a scenario to the report, the trace and the HTML")
struct SimulationEntryPointTests {
    static let kind = ScriptedWidget(
        kind: "my-app.counter", freshness: FreshnessPolicy(staleAfter: 3600, expiresAfter: 12 * 3600))

    static var json: Data { Data(AppWidgetScenarioTests.scenario.utf8) }

    @Test("the three ways in give the same run as compiling the scenario and running it by hand")
    func sameRun() throws {
        let strategies: [StrategyName] = [.library, .singleEntry15Minutes]
        let scenario = try Scenario.decode(Self.json)
        let byHand = Simulation(scenario: try scenario.compiled(kinds: [Self.kind]), strategies: strategies)
            .run(recordingTrace: true)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("entry-\(UUID()).json")
        try Self.json.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let results = [
            try Simulation.run(scenario, kinds: [Self.kind], strategies: strategies),
            try Simulation.run(scenarioJSON: Self.json, kinds: [Self.kind], strategies: strategies),
            try Simulation.run(scenarioFile: file, kinds: [Self.kind], strategies: strategies),
        ]
        for result in results {
            #expect(result.report.results == byHand.results)
            #expect(result.text == TextReport.render(byHand))
            #expect(result.html == HTMLReport.render(byHand))
            #expect(try result.trace == TraceReport.render(byHand))
        }
        let result = results[0]
        #expect(result.report.results.map(\.strategy) == strategies)
        #expect(result.metrics(of: "mine", under: .library)?.staleShownAsFreshMinutes == 0)
        #expect(
            try #require(result.metrics(of: "mine", under: .singleEntry15Minutes)).staleShownAsFreshMinutes
                > 0)
        #expect(result.metrics(of: "mine", under: .hourlyBaked) == nil)
        #expect(result.metrics(of: "yours", under: .library) == nil)
        // The trace holds what only a traced run records: contents and installed timelines.
        let widget = try #require(result.report.result(for: .library)?.widgets.first)
        #expect(!widget.trace.timelines.isEmpty && widget.trace.screens.contains { $0.content != nil })
    }

    @Test("by default every strategy demo compares, at the scenario's seed unless one is given")
    func defaults() throws {
        let result = try Simulation.run(scenarioJSON: Self.json, kinds: [Self.kind])
        #expect(result.report.results.map(\.strategy) == StrategyName.demo)
        #expect(result.report.scenario.seed == 7)
        #expect(
            try Simulation.run(scenarioJSON: Self.json, kinds: [Self.kind], seed: 99).report.scenario.seed
                == 99)
    }

    @Test("a scenario that is not valid, or a file that is missing, is an error saying where")
    func errors() {
        #expect {
            try Simulation.run(scenarioJSON: Self.json, kinds: [ScriptedWidget(kind: "other")])
        } throws: { error in
            (error as? ScenarioError)?.path == "$.widgets[0].kind"
        }
        #expect(throws: ScenarioError.self) { try Simulation.run(scenarioJSON: Data("{".utf8)) }
        let missing = URL(fileURLWithPath: "/nonexistent/week.json")
        #expect {
            try Simulation.run(scenarioFile: missing, kinds: [Self.kind])
        } throws: { error in
            !(error is ScenarioError)
        }
    }
}
