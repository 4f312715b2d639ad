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

    @Test(
        "a zone is named as written: UTC stays UTC in the headline, the trace and build's text (Foundation on Linux calls it GMT)"
    )
    func zoneNamedAsWritten() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = """
            {"name": "utc", "start": "2026-01-01T00:00:00Z", "duration": 7200, "timeZone": "UTC",
             "timeZoneChanges": [{"at": "2026-01-01T01:00:00Z", "timeZone": "Etc/UTC"}],
             "widgets": [{"id": "t", "kind": "task-count",
                          "commits": [{"at": "2026-01-01T00:10:00Z", "payload": {"count": 3}}]}]}
            """
        try Data(scenario.utf8).write(to: directory.appendingPathComponent("utc.json"))
        let simulated = CLIHarness.run(
            ["simulate", "utc.json", "--strategy", "library", "--trace", "trace.json"], directory: directory)
        #expect(simulated.exitCode == .success, "\(simulated.standardError)")
        #expect(simulated.standardOutput.contains("2026-01-01 00:00 UTC, 2h"), "\(simulated.standardOutput)")
        let trace = try JSONSerialization.jsonObject(
            with: Data(contentsOf: directory.appendingPathComponent("trace.json")))
        let zones = try #require(
            ((trace as? [String: Any])?["scenario"] as? [String: Any])?["timeZones"] as? [[String: Any]])
        #expect(zones.compactMap { $0["timeZone"] as? String } == ["UTC", "Etc/UTC"])
        let built = CLIHarness.run([
            "build", "--widget", "task-count", "--snapshot", "Examples/snapshots/task-count.json", "--now",
            "2026-11-30T07:00:00Z", "--time-zone", "UTC",
        ])
        #expect(built.exitCode == .success, "\(built.standardError)")
        #expect(
            built.standardOutput.contains("planned at 2026-11-30T07:00:00Z in UTC\n"),
            "\(built.standardOutput)")
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
                "error: scenario 'Tests/WidgetTimelineCLITests/Fixtures/bad-timeline.json' is not valid: "
                    + "at $.entries: unknown member \"entries\"; known: name, summary"
            ),
            (["simulate", "--strategy", "fastest"], .usage, "error: --strategy 'fastest' is not a strategy"),
            (["simulate", "--seed", "-3"], .usage, "error: --seed '-3' must be a whole number"),
            (["simulate", "--devices", "0"], .usage, "error: --devices '0' must be a whole number from 1"),
            (["simulate", "--format", "yaml"], .usage, "error: --format 'yaml' must be one of: text, json"),
            (
                ["simulate", "--sweep", "entryLateness"], .usage,
                "error: --sweep 'entryLateness' must be NAME=A,B,C, such as entryLateness=0,1m,5m"
            ),
            (
                ["simulate", "--sweep", "entryLatenes=0,1m"], .usage,
                "error: --sweep 'entryLatenes' is not a system setting; did you mean 'entryLateness'?"
            ),
            (
                ["simulate", "--sweep", "dailyBudget=12,lots"], .usage,
                "error: --sweep: dailyBudget takes a whole number from 0 to 1440, or null (unlimited), not 'lots'"
            ),
            (
                ["simulate", "--sweep", "seed=1", "--sweep", "seed=2"], .usage,
                "error: --sweep: 'seed' is swept twice"
            ),
            (
                ["simulate", "--sweep", "seed=1,2", "--trace", "t.json"], .usage,
                "error: --sweep prints spreads across many runs; --trace and --report take a single run"
            ),
            (
                ["simulate", "--devices", "10", "--trace", "t.json"], .usage,
                "error: --devices runs a fleet; --trace and --sweep take one device at a time"
            ),
            (
                ["simulate", "--trace", "/no/such/dir/t.json"], .ioError,
                "error: cannot write the trace to '/no/such/dir/t.json'"
            ),
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

    @Test("simulate --trace writes the versioned trace, the same bytes twice, and prints where")
    func trace() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = [
            "simulate",
            CLIHarness.packageRoot.appendingPathComponent("Examples/scenarios/close-calls.json").path,
            "--strategy", "library", "--trace",
        ]
        let result = CLIHarness.run(arguments + ["trace.json"], directory: directory)
        #expect(result.exitCode == .success, "\(result.standardError)")
        #expect(result.standardOutput.hasSuffix("trace: trace.json\n"))
        let trace = try String(contentsOf: directory.appendingPathComponent("trace.json"), encoding: .utf8)
        CLIHarness.expectGolden(trace, "simulate-close-calls-trace.json")
        _ = CLIHarness.run(arguments + ["again.json"], directory: directory)
        #expect(
            try String(contentsOf: directory.appendingPathComponent("again.json"), encoding: .utf8) == trace)
    }

    @Test("simulate --sweep: every combination, each metric as min / median / max")
    func sweep() {
        let result = CLIHarness.run([
            "simulate", "Examples/scenarios/late-entries.json", "--strategy", "library", "--strategy",
            "after-15m", "--sweep", "entryLateness=0,5m,10m", "--sweep", "budgetRefill=rolling,daily",
        ])
        #expect(result.exitCode == .success, "\(result.standardError)")
        CLIHarness.expectGolden(result.standardOutput, "simulate-sweep.txt")
        let json = CLIHarness.run([
            "simulate", "Examples/scenarios/late-entries.json", "--strategy", "library", "--sweep",
            "seed=1,2,3", "--format", "json",
        ])
        #expect(json.exitCode == .success, "\(json.standardError)")
        #expect(json.standardOutput.contains("\"points\" : 3"))
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
