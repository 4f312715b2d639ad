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
