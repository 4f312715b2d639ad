import Foundation
import Testing
import WidgetTimelineCLI

/// A widget declared in a scenario file, without Swift (a value, a count or a schedule), run by
/// `simulate` and planned by `build --kinds` from the command line.
@Suite("Generic kinds from the command line: simulate and build --kinds")
struct GenericKindCommandTests {
    @Test("simulate runs a scenario's declared count: the golden comparison")
    func simulateCount() {
        let result = CLIHarness.run(["simulate", "Examples/scenarios/generic-count.json"])
        #expect(result.exitCode == .success, "\(result.standardError)")
        CLIHarness.expectGolden(result.standardOutput, "simulate-generic-count.txt")
    }

    @Test(
        "simulate runs every shipped generic kind; the library shows no stale data as fresh",
        arguments: ["generic-value.json", "generic-count.json", "generic-schedule.json"])
    func simulateEach(name: String) throws {
        let result = CLIHarness.run([
            "simulate", "Examples/scenarios/\(name)", "--strategy", "library", "--format", "json",
        ])
        #expect(result.exitCode == .success, "\(result.standardError)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let strategies = try #require(document["strategies"] as? [[String: Any]])
        let totals = try #require(strategies.first?["totals"] as? [String: Any])
        #expect(totals["staleShownAsFreshMinutes"] as? Double == 0)
    }

    @Test("build plans a declared schedule's snapshot from the kinds of a scenario file: the golden timeline")
    func buildSchedule() {
        let arguments = [
            "build", "--widget", "agenda", "--kinds", "Examples/scenarios/generic-schedule.json",
            "--snapshot",
            "Examples/snapshots/agenda.json", "--now", "2026-11-30T13:12:00+09:00", "--time-zone",
            "Asia/Seoul",
        ]
        let result = CLIHarness.run(arguments)
        #expect(result.exitCode == .success, "\(result.standardError)")
        CLIHarness.expectGolden(result.standardOutput, "build-generic-schedule.txt")
        // The JSON form passes lint.
        let json = CLIHarness.run(arguments + ["--format", "json"])
        let linted = CLIHarness.run(["lint", "-"], stdin: Data(json.standardOutput.utf8))
        #expect(linted.exitCode == .success, "\(linted.standardOutput)")
    }

    @Test("build --kinds reads a file with only a kinds member, or standard input")
    func buildFromKindsOnly() {
        let kinds = Data(
            #"{ "kinds": [ { "kind": "agenda", "type": "schedule", "itemDuration": "30m", "freshness": { "staleAfter": "12h", "expiresAfter": "36h", "refreshAfter": "6h" } } ] }"#
                .utf8)
        let result = CLIHarness.run(
            [
                "build", "--widget", "agenda", "--kinds", "-", "--snapshot", "Examples/snapshots/agenda.json",
                "--now", "2026-11-30T13:12:00+09:00", "--time-zone", "Asia/Seoul",
            ], stdin: kinds)
        #expect(result.exitCode == .success, "\(result.standardError)")
        CLIHarness.expectGolden(result.standardOutput, "build-generic-schedule.txt")
    }

    // Before: a --now with milliseconds made its date 29 characters in a 27-character column, so
    // the first line read "2026-11-30T13:12:00.550+09:00fresh r2 · …", the date run into the state.
    @Test("build's text keeps a date with milliseconds apart from what the entry shows")
    func buildTextWithMilliseconds() throws {
        let result = CLIHarness.run([
            "build", "--widget", "agenda", "--kinds", "Examples/scenarios/generic-schedule.json",
            "--snapshot", "Examples/snapshots/agenda.json", "--now", "2026-11-30T13:12:00.550+09:00",
            "--time-zone", "Asia/Seoul",
        ])
        #expect(result.exitCode == .success, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        let header = try #require(lines.first { $0.hasPrefix("  DATE") })
        let column = try #require(header.range(of: "SHOWS")).lowerBound
        let entries = lines.filter { $0.hasPrefix("  2026-") }
        #expect(entries.count > 1)
        #expect(entries.first?.hasPrefix("  2026-11-30T13:12:00.550+09:00  ") == true, "\(entries)")
        for entry in entries {
            // Every state starts in the SHOWS column, after at least two spaces.
            let offset = header.distance(from: header.startIndex, to: column)
            let index = try #require(
                entry.index(entry.startIndex, offsetBy: offset, limitedBy: entry.endIndex))
            #expect(entry[entry.index(index, offsetBy: -2)..<index] == "  ", "\(entry)")
            #expect(entry[index] != " ", "\(entry)")
        }
    }

    @Test(
        "build --kinds refuses what it cannot use, naming it",
        arguments: [
            (
                ["--widget", "agendas"], #"{ "kinds": [] }"#, ExitCode.usage,
                "error: --widget 'agendas' is not a known widget kind"
            ),
            (
                ["--widget", "agenda"], #"{ "kinds": [ { "kind": "agenda", "type": "calendar" } ] }"#,
                .badData,
                "error: kinds file on standard input is not valid: at $.kinds[0].type: \"calendar\" is not a generic kind"
            ),
            (
                ["--widget", "parking"],
                #"{ "kinds": [ { "kind": "parking", "type": "count", "freshness": { "staleAfter": "1m", "expiresAfter": "1h" } } ] }"#,
                .badData,
                "error: kinds file on standard input is not valid: at $.kinds[0].kind: \"parking\" is already a widget kind"
            ),
            (
                ["--widget", "agenda"], "{", .badData,
                "error: kinds file on standard input is not valid: not JSON"
            ),
        ])
    func refusals(options: [String], kinds: String, exit: ExitCode, message: String) {
        let result = CLIHarness.run(
            ["build"] + options + [
                "--kinds", "-", "--snapshot", "Examples/snapshots/agenda.json", "--now",
                "2026-11-30T13:12:00+09:00",
                "--time-zone", "Asia/Seoul",
            ], stdin: Data(kinds.utf8))
        #expect(result.exitCode == exit)
        #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("build --kinds: a missing file exits 66; both inputs from standard input is a usage error")
    func fileErrors() {
        let common = [
            "--snapshot", "Examples/snapshots/agenda.json", "--now", "2026-11-30T13:12:00+09:00",
            "--time-zone", "Asia/Seoul",
        ]
        let missing = CLIHarness.run(["build", "--widget", "agenda", "--kinds", "nowhere.json"] + common)
        #expect(missing.exitCode == .noInput)
        #expect(missing.standardError.hasPrefix("error: cannot read kinds file 'nowhere.json': no such file"))
        let both = CLIHarness.run([
            "build", "--widget", "agenda", "--kinds", "-", "--snapshot", "-", "--now",
            "2026-11-30T13:12:00+09:00",
            "--time-zone", "Asia/Seoul",
        ])
        #expect(both.exitCode == .usage)
        #expect(both.standardError.hasPrefix("error: --kinds and --snapshot cannot both read standard input"))
        // The example kinds need no --kinds, and a declared kind needs it.
        let undeclared = CLIHarness.run(["build", "--widget", "agenda"] + common)
        #expect(undeclared.exitCode == .usage)
    }
}
