import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples

@testable import WidgetTimelineSimulation

/// The claims the README makes, produced by `demo`'s scenario.
@Suite("The built-in day and the example scenarios")
struct DefaultScenarioTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/scenarios")

    @Test(
        "the library never shows stale data as fresh, and runs the provider less than single-entry .after(15 min)"
    )
    func libraryBeatsSingleEntry() throws {
        let report = Simulation(scenario: try BuiltInScenarios.defaultDay.compiled(kinds: ExampleWidgets.all))
            .run()
        let library = try #require(report.result(for: .library))
        let naive = try #require(report.result(for: .singleEntry15Minutes))
        for widget in library.widgets {
            #expect(widget.metrics.staleShownAsFreshMinutes == 0, "\(widget.widget)")
        }
        #expect(library.totals.providerRuns < naive.totals.providerRuns)
        #expect(naive.totals.staleShownAsFreshMinutes > 0)
        #expect(library.totals.wrongValueMinutes < naive.totals.wrongValueMinutes)
    }

    @Test("the built-in day is exactly Examples/scenarios/default-day.json")
    func builtInMatchesFile() throws {
        let file = try String(
            contentsOf: Self.examples.appendingPathComponent("default-day.json"), encoding: .utf8)
        #expect(file == BuiltInScenarios.defaultDayJSON + "\n")
    }

    @Test("every example scenario decodes, and the library shows 0 stale-as-fresh minutes in each")
    func examplesKeepTheRule() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count >= 4)
        for file in files {
            let data = try Data(contentsOf: Self.examples.appendingPathComponent(file))
            let scenario = try Scenario.decode(data).compiled(kinds: ExampleWidgets.all)
            let result = DeviceSimulation(scenario: scenario, strategy: .library).run()
            for widget in result.widgets {
                #expect(widget.metrics.staleShownAsFreshMinutes == 0, "\(file): \(widget.widget)")
            }
        }
    }
}
