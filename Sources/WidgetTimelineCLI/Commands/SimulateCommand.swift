import Foundation
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineSimulation

/// `widget-timeline simulate`: runs a scenario under the chosen strategies on the simulated system
/// and prints the comparison; with `--devices`, runs a fleet and prints the backend load.
struct SimulateCommand: Command {
    static let spec = CommandSpec(
        name: "simulate",
        overview: "Run a scenario on the simulated system scheduler and compare strategies.",
        discussion: """
            Without a scenario file, runs the built-in one (the same as demo). The scenario format,
            the system model and every metric are described in docs/simulator.md. Runs are
            deterministic: the same scenario and seed print the same bytes.

            With --devices N, runs N independent devices in parallel and reports the backend request
            rate over time instead (peak per second and per minute, mean); the default strategies are
            then top-of-hour and library. When standard error is a terminal, a run longer than two
            seconds shows its progress there (runs done, rate, time left). Large fleets are much
            faster in a release build: swift run -c release widget-timeline simulate ...
            """,
        positionals: [
            PositionalSpec(
                "scenario", help: "A scenario JSON file (default: the built-in day).", required: false)
        ],
        options: [
            OptionSpec(
                "strategy", .repeatedValue(placeholder: "name"),
                help:
                    "A strategy to run, repeatable: \(StrategyName.nameList) (default: all but top-of-hour)."),
            OptionSpec(
                "seed", .value(placeholder: "n"),
                help: "The seed of every random choice (default: the scenario's)."),
            OptionSpec("format", .value(placeholder: "text|json"), help: "Output format (default: text)."),
            OptionSpec(
                "report", .value(placeholder: "file.html"),
                help: "Also write the self-contained HTML report there."),
            OptionSpec(
                "devices", .value(placeholder: "n"),
                help: "Run a fleet of n devices, 1 to 1000000, and report backend load."),
        ]
    )

    var scenarioPath: String?
    var strategies: [StrategyName]
    var seed: UInt64?
    var format: OutputFormat
    var reportPath: String?
    var devices: Int?

    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        scenarioPath = arguments.positionals.first
        var strategies: [StrategyName] = []
        for name in arguments.allValues("strategy") {
            guard let strategy = StrategyName(rawValue: name) else { throw Self.unknownStrategy(name) }
            if !strategies.contains(strategy) { strategies.append(strategy) }
        }
        self.strategies = strategies
        if let text = arguments.value("seed") {
            guard let value = UInt64(text) else {
                throw .usage(
                    "--seed '\(text)' must be a whole number from 0 to \(UInt64.max)", command: "simulate")
            }
            seed = value
        }
        format = try arguments.outputFormat()
        reportPath = arguments.value("report")
        if reportPath?.isEmpty == true { throw .usage("--report needs a file name", command: "simulate") }
        devices = try arguments.integer("devices", in: 1...1_000_000)
    }

    /// The usage failure for a strategy name that does not exist: the current name for one 0.1.0
    /// used, else the closest name, else the list.
    static func unknownStrategy(_ name: String) -> CommandFailure {
        if let renamed = StrategyName.allCases.first(where: { $0.formerName == name }) {
            return .usage(
                "--strategy '\(name)' is now called '\(renamed.rawValue)'", command: spec.name)
        }
        return .usage(
            "--strategy '\(name)' is not a strategy"
                + Suggestion.clauseOrList(for: name, among: StrategyName.allCases.map(\.rawValue)),
            command: spec.name)
    }

    func run(in context: CommandContext) throws(CommandFailure) -> ExitCode {
        let scenario: Scenario
        if let scenarioPath {
            let data = try InputFile.read(scenarioPath, limit: 8 << 20, what: "scenario", in: context)
            let source = scenarioPath == "-" ? "on standard input" : "'\(scenarioPath)'"
            do throws(ScenarioError) {
                scenario = try Scenario.decode(data)
            } catch {
                throw CommandFailure(.badData, "scenario \(source) is not valid: \(error)")
            }
        } else {
            scenario = BuiltInScenarios.defaultDay
        }
        let source = scenarioPath.map { $0 == "-" ? "on standard input" : "'\($0)'" } ?? "(built in)"
        let compiled: CompiledScenario
        do throws(ScenarioError) {
            compiled = try scenario.compiled(seed: seed, kinds: ExampleWidgets.all)
        } catch {
            throw CommandFailure(.badData, "scenario \(source) is not valid: \(error)")
        }
        if let devices {
            return try runFleet(compiled, devices: devices, in: context)
        }
        let report = Simulation(
            scenario: compiled, strategies: strategies.isEmpty ? StrategyName.demo : strategies
        ).run()
        try Self.write(report, format: format, reportPath: reportPath, in: context)
        return .success
    }

    private func runFleet(_ scenario: CompiledScenario, devices: Int, in context: CommandContext)
        throws(CommandFailure)
        -> ExitCode
    {
        guard scenario.end.timeIntervalSince(scenario.start) <= FleetSimulation.longestDuration else {
            throw .usage(
                "--devices runs scenarios of at most 31 days; this one is \(scenario.scenario.duration)",
                command: "simulate")
        }
        let simulation = FleetSimulation(
            scenario: scenario, devices: devices,
            strategies: strategies.isEmpty ? StrategyName.fleet : strategies)
        // A terminal watching a run of minutes sees it advance; anything else sees nothing.
        let progress = ProgressLine(total: simulation.deviceRuns, unit: "device runs", in: context)
        var deviceFinished: (@Sendable () -> Void)?
        if let progress { deviceFinished = { progress.advance() } }
        let fleet = simulation.run(deviceFinished: deviceFinished)
        progress?.finish()
        // The report file first, so a path that cannot be written fails before anything is printed.
        if let reportPath {
            let one = Simulation(scenario: scenario, strategies: fleet.map(\.strategy)).run()
            try Self.writeFile(HTMLReport.render(one, fleet: fleet), to: reportPath, in: context)
        }
        switch format {
        case .json:
            do {
                context.standardOutput.write(try JSONReport.render(nil, fleet: fleet, scenario: scenario))
            } catch {
                throw CommandFailure(.badData, "the results cannot be written as JSON: \(error)")
            }
        case .text:
            context.standardOutput.write(FleetTextReport.render(fleet, scenario: scenario))
        }
        if let reportPath, format == .text { context.print("report: \(reportPath)") }
        return .success
    }

    /// Writes the HTML report when asked, then prints `report` as text or JSON. The file comes
    /// first: a report that cannot be written fails the command before anything is printed.
    static func write(
        _ report: SimulationReport, format: OutputFormat, reportPath: String?, in context: CommandContext
    ) throws(CommandFailure) {
        if let reportPath { try writeFile(HTMLReport.render(report), to: reportPath, in: context) }
        switch format {
        case .json:
            do {
                context.standardOutput.write(try JSONReport.render(report, scenario: report.scenario))
            } catch {
                throw CommandFailure(.badData, "the results cannot be written as JSON: \(error)")
            }
        case .text:
            context.standardOutput.write(TextReport.render(report))
            if let reportPath { context.print("\nreport: \(reportPath)") }
        }
    }

    static func writeFile(_ text: String, to path: String, in context: CommandContext) throws(CommandFailure)
    {
        let url = context.url(forPath: path)
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw CommandFailure(.ioError, "cannot write the report to '\(path)': \(InputFile.reason(error))")
        }
    }
}
