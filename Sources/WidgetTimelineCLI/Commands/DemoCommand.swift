import WidgetTimelineExamples
import WidgetTimelineSimulation

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// `widget-timeline demo`: the main job. One simulated day of the example widgets under the
/// default system model, every strategy side by side, and the HTML report written.
struct DemoCommand: Command {
    static let defaultReport = "widget-timeline-report.html"

    static let spec = CommandSpec(
        name: "demo",
        overview: "Simulate one day of the example widgets and compare refresh strategies.",
        discussion: """
            Runs the built-in scenario (Examples/scenarios/default-day.json) under this library's
            strategy and the naive ones people write, on a model of WidgetKit's refresh scheduler
            (budget, 5-minute floor, lateness, coalescing, watchdog; see docs/simulator.md). Prints
            the metrics side by side and writes a self-contained HTML report with a timeline of
            what each strategy showed, minute by minute.
            """,
        options: [
            OptionSpec(
                "report", .value(placeholder: "file.html"),
                help: "Where to write the HTML report (default: \(defaultReport)).")
        ]
    )

    var reportPath: String

    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        reportPath = arguments.value("report") ?? Self.defaultReport
        if reportPath.isEmpty { throw .usage("--report needs a file name", command: "demo") }
    }

    func run(in context: CommandContext) throws(CommandFailure) -> ExitCode {
        let scenario: CompiledScenario
        do throws(ScenarioError) {
            scenario = try BuiltInScenarios.defaultDay.compiled(kinds: ExampleWidgets.all)
        } catch {
            throw CommandFailure(.badData, "the built-in scenario is not valid: \(error)")
        }
        let report = Simulation(scenario: scenario).run()
        try SimulateCommand.write(report, format: .text, reportPath: reportPath, in: context)
        return .success
    }
}
