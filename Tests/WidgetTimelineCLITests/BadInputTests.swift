import Foundation
import Testing
import WidgetTimelineCLI

/// Every option and file, given something wrong: a clear `error: …` on standard error, the
/// documented exit code, nothing on standard output, never a crash.
@Suite("Bad input gets a clear error and the documented exit code")
struct BadInputTests {
    static let build = [
        "build", "--widget", "task-count", "--now", "2026-11-29T09:00:00+09:00", "--time-zone", "Asia/Seoul",
    ]
    static let snapshot = "Examples/snapshots/task-count.json"

    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var exitCode: ExitCode
        var message: String
        var stdin: String = ""
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let usageCases: [Case] = [
        Case(arguments: ["frobnicate"], exitCode: .usage, message: "unknown command 'frobnicate'"),
        Case(arguments: ["help", "frobnicate"], exitCode: .usage, message: "no help for 'frobnicate'"),
        Case(arguments: ["build"], exitCode: .usage, message: "missing --widget <kind>"),
        Case(arguments: build, exitCode: .usage, message: "missing --snapshot <file|->"),
        Case(
            arguments: build + ["--snapshot", snapshot, "--bogus"], exitCode: .usage,
            message: "unknown option '--bogus' for 'build'"),
        Case(
            arguments: build + ["--snapshot", snapshot, "-x"], exitCode: .usage,
            message: "unknown option '-x' for 'build'"),
        Case(
            arguments: build + ["--snapshot", snapshot, "extra"], exitCode: .usage,
            message: "unexpected argument 'extra'"),
        Case(
            arguments: build + ["--snapshot", snapshot, "--snapshot", snapshot], exitCode: .usage,
            message: "'--snapshot' is given more than once"),
        Case(
            arguments: build + ["--snapshot"], exitCode: .usage, message: "option '--snapshot' needs a value"),
        Case(
            arguments: build + ["--snapshot", snapshot, "--format", "xml"], exitCode: .usage,
            message: "--format 'xml' must be one of: text, json"),
        Case(
            arguments: [
                "build", "--widget", "nope", "--snapshot", snapshot, "--now", "2026-11-29T09:00:00Z",
                "--time-zone", "UTC",
            ],
            exitCode: .usage,
            message: "--widget 'nope' is not a known widget kind; known: schedule, task-count"),
        Case(
            arguments: [
                "build", "--widget", "task-count", "--snapshot", snapshot, "--now", "2026-11-29 09:00",
                "--time-zone", "UTC",
            ],
            exitCode: .usage, message: "--now '2026-11-29 09:00' is not an ISO-8601 instant"),
        Case(
            arguments: [
                "build", "--widget", "task-count", "--snapshot", snapshot, "--now", "2026-11-29T09:00:00",
                "--time-zone", "UTC",
            ],
            exitCode: .usage, message: "is not an ISO-8601 instant with an offset"),
        Case(
            arguments: [
                "build", "--widget", "task-count", "--snapshot", snapshot, "--now=", "--time-zone", "UTC",
            ],
            exitCode: .usage, message: "--now '' is not an ISO-8601 instant"),
        Case(
            arguments: [
                "build", "--widget", "task-count", "--snapshot", snapshot, "--now", "2026-11-29T09:00:00Z",
                "--time-zone", "Mars/Olympus",
            ],
            exitCode: .usage, message: "--time-zone 'Mars/Olympus' is not a time-zone identifier"),
        Case(arguments: ["lint"], exitCode: .usage, message: "missing <file|->"),
        Case(
            arguments: ["lint", "a.json", "b.json"], exitCode: .usage, message: "unexpected argument 'b.json'"
        ),
        Case(
            arguments: ["lint", "a.json", "--now=yesterday"], exitCode: .usage,
            message: "--now 'yesterday' is not an ISO-8601 instant"),
        Case(
            arguments: ["lint", "a.json", "--verbose=1"], exitCode: .usage,
            message: "unknown option '--verbose'"),
        Case(
            arguments: ["boundaries", "--time-zone", "UTC"], exitCode: .usage,
            message: "missing --from <iso8601>"),
        Case(
            arguments: [
                "boundaries", "--time-zone", "UTC", "--from", "2026-01-01T00:00:00Z", "--count", "0",
            ],
            exitCode: .usage, message: "--count '0' must be a whole number from 1 to 10000"),
        Case(
            arguments: [
                "boundaries", "--time-zone", "UTC", "--from", "2026-01-01T00:00:00Z", "--count",
                "99999999999999999999",
            ],
            exitCode: .usage, message: "must be a whole number from 1 to 10000"),
        Case(
            arguments: [
                "boundaries", "--time-zone", "UTC", "--from", "2026-01-01T00:00:00Z", "--count", "-3",
            ],
            exitCode: .usage, message: "--count '-3' must be a whole number"),
        Case(
            arguments: [
                "boundaries", "--time-zone", "UTC", "--from", "2026-01-01T00:00:00Z", "--day-start", "25:00",
            ],
            exitCode: .usage, message: "--day-start '25:00' is not a time of day as HH:MM"),
    ]

    @Test("usage errors exit 64", arguments: usageCases)
    func usage(_ test: Case) {
        expect(test)
    }

    static let dataCases: [Case] = [
        Case(
            arguments: build + ["--snapshot", "no/such/file.json"], exitCode: .noInput,
            message: "cannot read snapshot 'no/such/file.json': no such file"),
        Case(
            arguments: build + ["--snapshot", "Examples"], exitCode: .noInput,
            message: "cannot read snapshot 'Examples': it is a directory"),
        Case(
            arguments: build + ["--snapshot", "-"], exitCode: .badData,
            message:
                "snapshot on standard input is not valid: not JSON: unexpected end of input; a value was expected (line 1, column 1)",
            stdin: ""),
        Case(
            arguments: build + ["--snapshot", "-"], exitCode: .badData,
            message: "not JSON: unexpected end of input; the object is not closed (line 1, column 22)",
            stdin: "{\"schemaVersion\": 1, "),
        Case(
            arguments: build + ["--snapshot", "-"], exitCode: .badData,
            message: "not JSON: unexpected character", stdin: "\u{FF}\u{FE}junk"),
        Case(
            arguments: build + ["--snapshot", "-"], exitCode: .badData,
            message: "at $: missing member \"schemaVersion\"", stdin: "{}"),
        Case(
            arguments: build + ["--snapshot", "-"], exitCode: .badData,
            message: "at $: expected an object, found an array", stdin: "[1, 2]"),
        Case(
            arguments: build + ["--snapshot", "-"], exitCode: .badData,
            message: "at $.revision: expected a whole number, found the string \"18\"",
            stdin:
                #"{"schemaVersion":1,"kind":"task-count","key":"task-count","revision":"18","generatedAt":"2026-11-29T09:00:00Z","fingerprint":"x","payload":{"count":1}}"#
        ),
        Case(
            arguments: build + ["--snapshot", "-"], exitCode: .badData,
            message:
                "at $.payload.count: expected a whole number from -9223372036854775808 to 9223372036854775807, "
                + "found 1.5",
            stdin:
                #"{"schemaVersion":1,"kind":"task-count","key":"task-count","revision":18,"generatedAt":"2026-11-29T09:00:00Z","fingerprint":"x","payload":{"count":1.5}}"#
        ),
        Case(
            arguments: build + ["--snapshot", "-"], exitCode: .badData,
            message: "at $.generatedAt: expected an ISO-8601 instant with an offset, found \"yesterday\"",
            stdin:
                #"{"schemaVersion":1,"kind":"task-count","key":"task-count","revision":18,"generatedAt":"yesterday","fingerprint":"x","payload":{"count":1}}"#
        ),
        Case(
            arguments: build + ["--snapshot", "-"], exitCode: .badData,
            message: "at $.key: snapshot key \"../etc\" has an empty component",
            stdin:
                #"{"schemaVersion":1,"kind":"task-count","key":"../etc","revision":18,"generatedAt":"2026-11-29T09:00:00Z","fingerprint":"x","payload":{"count":1}}"#
        ),
        Case(
            arguments: build + ["--snapshot", "-"], exitCode: .badData,
            message: "was written by widget kind 'schedule', not 'task-count'",
            stdin:
                #"{"schemaVersion":1,"kind":"schedule","key":"task-count","revision":18,"generatedAt":"2026-11-29T09:00:00Z","fingerprint":"x","payload":{"count":1}}"#
        ),
        Case(
            arguments: build + ["--snapshot", "-"], exitCode: .badData,
            message: "has schema version 2; 'task-count' reads up to 1",
            stdin:
                #"{"schemaVersion":2,"kind":"task-count","key":"task-count","revision":18,"generatedAt":"2026-11-29T09:00:00Z","fingerprint":"x","payload":{"count":1}}"#
        ),
        Case(
            arguments: build + ["--snapshot", "-"], exitCode: .badData,
            message: "is larger than the 1 MiB limit",
            stdin: String(repeating: " ", count: (1 << 20) + 1)),
        Case(
            arguments: ["lint", "-"], exitCode: .badData,
            message: "timeline on standard input is not valid: at $.policy: missing member \"type\"",
            stdin: #"{"entries":[],"policy":{}}"#),
        Case(
            arguments: ["lint", "-"], exitCode: .badData, message: "at $.policy.type: ",
            stdin: #"{"entries":[],"policy":{"type":"sometimes"}}"#),
        Case(
            arguments: ["lint", "-"], exitCode: .badData,
            message: "at $.entries[1].date: expected a string, found the number 17",
            stdin:
                #"{"entries":[{"date":"2026-11-29T09:00:00Z","state":1},{"date":17,"state":2}],"policy":{"type":"atEnd"}}"#
        ),
        Case(
            arguments: ["lint", "-"], exitCode: .badData,
            message: "not JSON: nesting deeper than 512 levels (line 1, column 513)",
            stdin: String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)),
    ]

    @Test("bad or missing files exit 65 or 66 and say where", arguments: dataCases)
    func data(_ test: Case) {
        expect(test)
    }

    private func expect(_ test: Case) {
        let result = CLIHarness.run(test.arguments, stdin: Data(test.stdin.utf8))
        #expect(result.exitCode == test.exitCode, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("error: "), "\(result.standardError)")
        #expect(result.standardError.contains(test.message), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }
}
