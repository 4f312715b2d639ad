import Foundation
import Testing
import WidgetTimelineCLI

/// The CLI's text and JSON output, compared with golden files in `Snapshots/`.
@Suite("CLI output matches the golden files")
struct GoldenOutputTests {
    @Test(
        "build, text and JSON",
        arguments: [
            ("schedule", "text", "build-schedule.txt"), ("schedule", "json", "build-schedule.json"),
            ("task-count", "text", "build-task-count.txt"), ("task-count", "json", "build-task-count.json"),
        ]
    )
    func build(widget: String, format: String, golden: String) {
        let result = CLIHarness.run([
            "build", "--widget", widget, "--snapshot", "Examples/snapshots/\(widget).json",
            "--now=2026-11-29T09:00:00+09:00",
            "--time-zone", "Asia/Seoul", "--format", format,
        ])
        #expect(result.exitCode == .success, "\(result.standardError)")
        CLIHarness.expectGolden(result.standardOutput, golden)
    }

    @Test("build reads the snapshot from standard input with -")
    func buildFromStandardInput() throws {
        let data = try Data(
            contentsOf: CLIHarness.packageRoot.appendingPathComponent("Examples/snapshots/task-count.json"))
        let result = CLIHarness.run(
            [
                "build", "--widget", "task-count", "--snapshot", "-", "--now", "2026-11-29T09:00:00+09:00",
                "--time-zone", "Asia/Seoul",
            ],
            stdin: data
        )
        #expect(result.exitCode == .success)
        CLIHarness.expectGolden(result.standardOutput, "build-task-count.txt")
    }

    @Test("build's JSON output passes lint, with and without --now")
    func buildOutputLints() {
        let built = CLIHarness.run([
            "build", "--widget", "schedule", "--snapshot", "Examples/snapshots/schedule.json", "--now",
            "2026-11-29T09:00:00+09:00", "--time-zone", "Asia/Seoul", "--format", "json",
        ])
        for extra in [[], ["--now", "2026-11-29T09:00:00+09:00"]] {
            let linted = CLIHarness.run(["lint", "-"] + extra, stdin: Data(built.standardOutput.utf8))
            #expect(linted.exitCode == .success, "\(linted.standardOutput)")
            #expect(linted.standardOutput.contains("0 errors, 0 warnings"), "\(linted.standardOutput)")
        }
    }

    @Test("lint of a broken timeline: findings with severities, exit 1", arguments: ["text", "json"])
    func lintBad(format: String) {
        let path = CLIHarness.fixtures.appendingPathComponent("bad-timeline.json").path
        let result = CLIHarness.run(["lint", path, "--now", "2026-11-29T09:00:00+09:00", "--format", format])
        #expect(result.exitCode == .problemFound)
        CLIHarness.expectGolden(
            result.standardOutput.replacingOccurrences(of: CLIHarness.fixtures.path + "/", with: ""),
            "lint-bad.\(format == "json" ? "json" : "txt")")
    }

    @Test("boundaries across Havana's midnight gap, with a custom day start")
    func boundaries() {
        let result = CLIHarness.run([
            "boundaries", "--time-zone", "America/Havana", "--from", "2026-03-06T12:00:00-05:00", "--count",
            "5",
        ])
        #expect(result.exitCode == .success)
        CLIHarness.expectGolden(result.standardOutput, "boundaries-havana.txt")
        let custom = CLIHarness.run([
            "boundaries", "--time-zone=Australia/Lord_Howe", "--from=2026-10-02T12:00:00+10:30", "--count=3",
            "--day-start=02:30",
        ])
        #expect(
            custom.standardOutput
                == "2026-10-03T02:30:00+10:30\n2026-10-04T02:30:00+11:00\n2026-10-05T02:30:00+11:00\n")
    }
}
