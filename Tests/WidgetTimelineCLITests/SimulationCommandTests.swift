import Foundation
import Testing
import WidgetTimelineCLI
import WidgetTimelineTesting

/// `demo` and `simulate`, in-process: golden output, reports written, bad input.
@Suite("demo and simulate")
struct SimulationCommandTests {
    /// A fresh directory for a run that writes a report.
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wt-sim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("demo prints the comparison and writes the report in the working directory by default")
    func demo() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = CLIHarness.run(["demo"], directory: directory)
        #expect(result.exitCode == .success, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        CLIHarness.expectGolden(result.standardOutput, "demo.txt")
        let html = try String(
            contentsOf: directory.appendingPathComponent("widget-timeline-report.html"), encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<svg"))
        // Self-contained: nothing is fetched.
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("<script"))
    }

    @Test("simulate: JSON for chosen strategies, the same bytes twice")
    func simulateJSON() {
        let arguments = [
            "simulate", "Examples/scenarios/network-outage.json", "--strategy", "library", "--strategy",
            "never-on-error", "--format", "json",
        ]
        let first = CLIHarness.run(arguments)
        #expect(first.exitCode == .success, "\(first.standardError)")
        CLIHarness.expectGolden(first.standardOutput, "simulate-network-outage.json")
        #expect(CLIHarness.run(arguments).standardOutput == first.standardOutput)
    }

    @Test("simulate --seed changes the draws; the default is the scenario's seed")
    func seed() {
        let base = ["simulate", "--strategy", "library", "--format", "json"]
        let scenarioSeed = CLIHarness.run(base + ["--seed", "20261130"]).standardOutput
        #expect(CLIHarness.run(base).standardOutput == scenarioSeed)
        #expect(CLIHarness.run(base + ["--seed", "1"]).standardOutput != scenarioSeed)
    }

    @Test("simulate --devices: a fleet's backend load, aligned against jittered")
    func fleet() {
        let result = CLIHarness.run([
            "simulate", "Examples/scenarios/fleet-server-count.json", "--devices", "200",
        ])
        #expect(result.exitCode == .success, "\(result.standardError)")
        CLIHarness.expectGolden(result.standardOutput, "simulate-fleet.txt")
    }

    @Test(
        "bad input: the documented exit code and one error line",
        arguments: [
            (
                ["simulate", "no-such.json"], ExitCode.noInput,
                "error: cannot read scenario 'no-such.json': no such file"
            ),
            (
                ["simulate", "Tests/WidgetTimelineCLITests/Fixtures/bad-scenario.json"], .badData,
                "error: scenario 'Tests/WidgetTimelineCLITests/Fixtures/bad-scenario.json' is not valid: "
                    + "at $.widgets[0].commits[0].payload: missing member \"count\""
            ),
            (
                ["simulate", "Tests/WidgetTimelineCLITests/Fixtures/bad-timeline.json"], .badData,
                "error: scenario 'Tests/WidgetTimelineCLITests/Fixtures/bad-timeline.json' is not valid: at $: missing member"
            ),
            (["simulate", "--strategy", "fastest"], .usage, "error: --strategy 'fastest' is not a strategy"),
            (["simulate", "--seed", "-3"], .usage, "error: --seed '-3' must be a whole number"),
            (["simulate", "--devices", "0"], .usage, "error: --devices '0' must be a whole number from 1"),
            (["simulate", "--format", "yaml"], .usage, "error: --format 'yaml' must be one of: text, json"),
            (["demo", "--report"], .usage, "error: option '--report' needs a value"),
            (
                ["demo", "--report", "/no/such/dir/r.html"], .ioError,
                "error: cannot write the report to '/no/such/dir/r.html'"
            ),
        ]
    )
    func badInput(arguments: [String], exitCode: ExitCode, message: String) {
        let result = CLIHarness.run(arguments)
        #expect(result.exitCode == exitCode)
        #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
        // Nothing is printed, not even when the report cannot be written (it is written first).
        #expect(result.standardOutput.isEmpty)
    }

    @Test("a scenario on standard input")
    func standardInput() throws {
        let data = try Data(
            contentsOf: CLIHarness.packageRoot.appendingPathComponent("Examples/scenarios/travel.json"))
        let result = CLIHarness.run(["simulate", "-", "--strategy", "library"], stdin: data)
        #expect(result.exitCode == .success, "\(result.standardError)")
        #expect(result.standardOutput.contains("Doses across a flight"))
    }
}
