import Foundation
import Testing
import WidgetTimelineTesting

/// The built `widget-timeline` binary, run as a real process: exit status, stdout and stderr.
@Suite("The built binary, end to end")
struct EndToEndTests {
    private func binary() throws -> URL {
        try #require(
            BuiltProducts.executable("widget-timeline"), "widget-timeline is not built next to the tests")
    }

    @Test("help exits 0 and lists the commands")
    func help() throws {
        let result = try ProcessOutput.run(try binary(), ["--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("COMMANDS:"))
        #expect(result.standardError.isEmpty)
    }

    @Test("build prints the plan for a bundled snapshot")
    func build() throws {
        let result = try ProcessOutput.run(
            try binary(),
            [
                "build", "--widget", "schedule", "--snapshot", "Examples/snapshots/schedule.json", "--now",
                "2026-11-29T09:00:00+09:00",
                "--time-zone", "Asia/Seoul",
            ],
            currentDirectory: CLIHarness.packageRoot)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("2026-11-29T11:00:00+09:00  fresh r18 · due since 11:00"))
    }

    @Test("bad data on standard input: exit 65, one error line, no trace")
    func badData() throws {
        let result = try ProcessOutput.run(
            try binary(),
            [
                "build", "--widget", "schedule", "--snapshot", "-", "--now", "2026-11-29T09:00:00Z",
                "--time-zone", "UTC",
            ],
            input: Data("{\"truncated\": ".utf8))
        #expect(result.status == 65)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("error: snapshot on standard input is not valid"))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test("usage errors: exit 64 with a pointer to help")
    func usage() throws {
        let result = try ProcessOutput.run(try binary(), ["boundaries", "--time-zone", "Nowhere/Special"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("see 'widget-timeline help boundaries'"))
    }

    @Test("lint pipes: build | lint exits 0")
    func pipe() throws {
        let built = try ProcessOutput.run(
            try binary(),
            [
                "build", "--widget", "task-count", "--snapshot", "Examples/snapshots/task-count.json",
                "--now", "2026-11-29T09:00:00+09:00",
                "--time-zone", "Asia/Seoul", "--format", "json",
            ],
            currentDirectory: CLIHarness.packageRoot)
        let linted = try ProcessOutput.run(
            try binary(), ["lint", "-"], input: Data(built.standardOutput.utf8))
        #expect(linted.status == 0, "\(linted.standardOutput)\(linted.standardError)")
    }
}

/// `demo` and `simulate` as a user runs them.
@Suite("The built binary: demo and simulate")
struct SimulationEndToEndTests {
    private func binary() throws -> URL {
        try #require(
            BuiltProducts.executable("widget-timeline"), "widget-timeline is not built next to the tests")
    }

    @Test("demo: exit 0, the comparison on stdout, the report written where asked")
    func demo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wt-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try ProcessOutput.run(
            try binary(), ["demo", "--report", "day.html"], currentDirectory: directory)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput.contains("stale shown as fresh"))
        #expect(result.standardOutput.hasSuffix("report: day.html\n"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("day.html").path))
    }

    @Test("simulate with a bad scenario: exit 65 and the JSON path; a missing one: exit 66")
    func badScenario() throws {
        let bad = try ProcessOutput.run(
            try binary(), ["simulate", "-"],
            input: Data(#"{"start": "2026-11-30T07:00:00Z", "duration": 5}"#.utf8))
        #expect(bad.status == 65)
        #expect(
            bad.standardError
                == "error: scenario on standard input is not valid: at $: missing member \"timeZone\"\n")
        let missing = try ProcessOutput.run(try binary(), ["simulate", "/nonexistent/scenario.json"])
        #expect(missing.status == 66)
        #expect(missing.standardOutput.isEmpty)
    }
}
