import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineSimulation

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// `widget-timeline simulate`: runs a scenario under the chosen strategies on the simulated system
/// and prints the comparison; with `--devices`, runs a fleet and prints the backend load.
struct SimulateCommand: Command {
    static let spec = CommandSpec(
        name: "simulate",
        overview: "Run a scenario on the simulated system scheduler and compare strategies.",
        discussion: """
            Without a scenario file, runs the built-in one (the same as demo). The scenario format,
            the system model and every metric are described in docs/simulator.md. Runs are
            deterministic: the same scenario and seed print the same bytes. Besides the example
            widgets, a scenario's widgets may name kinds it declares under "kinds": a value, a count
            or a schedule with its freshness, for widgets whose app is not written in Swift.

            Every refresh channel is modelled: the widget's own policy, the app's reloads, WidgetKit
            pushes from the app's server (a scenario's push member, planned by the real push
            planner), taps on a widget's button and the app's controls. A scenario with a push
            member compares the channels by default.

            With --trace FILE, also writes a versioned JSON trace of everything that happened (every
            screen, reload, request, refusal, fetch and installed timeline, to the millisecond), from
            which any tool can recompute every metric. With --sweep NAME=A,B,C (repeatable), runs every
            combination of the values of system settings (or seed) and prints each metric's minimum,
            median and maximum across the grid.

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
                    "A strategy to run, repeatable: \(StrategyName.nameList) (default: the demo's "
                    + "\(StrategyName.demo.map(\.rawValue).joined(separator: ", ")); for a scenario with a push "
                    + "member, \(StrategyName.channels.map(\.rawValue).joined(separator: ", ")))."),
            OptionSpec(
                "seed", .value(placeholder: "n"),
                help: "The seed of every random choice (default: the scenario's)."),
            OptionSpec("format", .value(placeholder: "text|json"), help: "Output format (default: text)."),
            OptionSpec(
                "report", .value(placeholder: "file.html"),
                help: "Also write the self-contained HTML report there."),
            OptionSpec(
                "trace", .value(placeholder: "file.json"),
                help: "Also write the trace of everything that happened there (JSON)."),
            OptionSpec(
                "sweep", .repeatedValue(placeholder: "name=a,b,c"),
                help:
                    "Run every combination of these values of a system setting or seed, repeatable; "
                    + "prints min/median/max."),
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
    var tracePath: String?
    var sweep: [SimulationSweep.Axis]
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
        tracePath = arguments.value("trace")
        if tracePath?.isEmpty == true { throw .usage("--trace needs a file name", command: "simulate") }
        sweep = try arguments.allValues("sweep").map(Self.axis)
        devices = try arguments.integer("devices", in: 1...1_000_000)
        if devices != nil, tracePath != nil || !sweep.isEmpty {
            throw .usage(
                "--devices runs a fleet; --trace and --sweep take one device at a time", command: "simulate")
        }
        if !sweep.isEmpty, tracePath != nil || reportPath != nil {
            throw .usage(
                "--sweep prints spreads across many runs; --trace and --report take a single run",
                command: "simulate")
        }
    }

    /// `NAME=A,B,C`, checked against the setting's values.
    static func axis(_ text: String) throws(CommandFailure) -> SimulationSweep.Axis {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw .usage(
                "--sweep '\(text)' must be NAME=A,B,C, such as entryLateness=0,1m,5m", command: "simulate")
        }
        let name = String(parts[0])
        let values = parts[1].split(separator: ",", omittingEmptySubsequences: false).map {
            String($0).trimmingSpaces()
        }
        let names = ["seed"] + SystemSetting.all.map(\.name)
        guard names.contains(name) else {
            throw .usage(
                "--sweep '\(name)' is not a system setting"
                    + Suggestion.clauseOrList(for: name, among: names),
                command: "simulate")
        }
        for value in values {
            if name == "seed" {
                guard UInt64(value) != nil else {
                    throw .usage(
                        "--sweep seed takes whole numbers from 0 to \(UInt64.max), not '\(value)'",
                        command: "simulate")
                }
            } else if let setting = SystemSetting.named(name) {
                do throws(SettingError) {
                    _ = try setting.applying(value, to: .default)
                } catch {
                    throw .usage("--sweep: \(error)", command: "simulate")
                }
            }
        }
        return SimulationSweep.Axis(name: name, values: values)
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
        let chosen =
            strategies.isEmpty
            ? (scenario.push == nil ? StrategyName.demo : StrategyName.channels) : strategies
        if !sweep.isEmpty { return try runSweep(scenario, source: source, strategies: chosen, in: context) }
        let report = Simulation(scenario: compiled, strategies: chosen).run(recordingTrace: tracePath != nil)
        if let tracePath {
            let text: String
            do {
                text = try TraceReport.render(report)
            } catch {
                throw CommandFailure(.badData, "the trace cannot be written as JSON: \(error)")
            }
            try Self.writeFile(text, to: tracePath, what: "trace", in: context)
        }
        try Self.write(report, format: format, reportPath: reportPath, in: context)
        if let tracePath, format == .text { context.print("trace: \(tracePath)") }
        return .success
    }

    private func runSweep(
        _ scenario: Scenario, source: String, strategies: [StrategyName], in context: CommandContext
    ) throws(CommandFailure) -> ExitCode {
        let sweepReport: SweepReport
        do {
            let sweep = try SimulationSweep(
                scenario: scenario, kinds: ExampleWidgets.all, axes: sweep, strategies: strategies, seed: seed
            )
            sweepReport = try sweep.run()
        } catch let error as ScenarioError {
            throw CommandFailure(.badData, "scenario \(source) is not valid: \(error)")
        } catch {
            throw .usage("--sweep: \(error)", command: "simulate")
        }
        switch format {
        case .json:
            do {
                context.standardOutput.write(try sweepReport.json())
            } catch {
                throw CommandFailure(.badData, "the results cannot be written as JSON: \(error)")
            }
        case .text:
            context.standardOutput.write(sweepReport.text())
        }
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

    static func writeFile(
        _ text: String, to path: String, what: String = "report", in context: CommandContext
    )
        throws(CommandFailure)
    {
        try OutputFile.write(Data(text.utf8), to: path, what: what, in: context)
    }
}
