import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineCLI
import WidgetTimelineTesting

/// Every command under hostile input — malformed, truncated, non-UTF-8, deeply nested, enormous,
/// empty and wrong-typed files; unknown options, zones and dates; absurd counts — gets one
/// `error: …` line that says what and where (file, JSON path), the documented exit code, nothing
/// on standard output, and writes nothing. `BadInputTests` covers the argument parser's own
/// messages and `StoreCommandTests` the store's; this suite covers each class of bad input for
/// each command, in-process and through the built binary.
@Suite("Adversarial input to every command")
struct AdversarialInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var stdin: Data = Data()
        var exitCode: ExitCode
        var message: String
        var testDescription: String {
            "\(arguments.first ?? "") \(arguments.dropFirst().first ?? ""): \(name)"
        }
    }

    // MARK: - Documents, valid and damaged

    static let envelope =
        #"{"schemaVersion":1,"kind":"task-count","key":"task-count","revision":18,"generatedAt":"2026-11-29T09:00:00+09:00","fingerprint":"x","payload":{"count":12}}"#
    static let timeline =
        #"{"entries":[{"date":"2026-11-29T09:00:00+09:00","state":{"display":"noData"},"relevance":null}],"policy":{"type":"after","date":"2026-11-29T09:30:00+09:00"}}"#

    /// The classes of damage every JSON input is tried with, as (name, bytes, message) for a
    /// document whose valid form is `valid`: `member` is repeated, and `wrongType` replaces one
    /// text with another of the wrong type, with the message expected.
    static func damaged(
        _ valid: String, member: String, wrongType: (String, String, String), limit: Int
    ) -> [(String, Data, String)] {
        let bytes = Data(valid.utf8)
        var utf16 = Data([0xFE, 0xFF])
        for unit in valid.utf16 { utf16.append(contentsOf: [UInt8(unit >> 8), UInt8(unit & 0xFF)]) }
        // An invalid sequence inside the first string value, or else the first member name.
        let quote = (valid.range(of: #"":""#) ?? valid.range(of: #"{""#)!).upperBound.utf16Offset(in: valid)
        var nonUTF8 = bytes
        nonUTF8.insert(contentsOf: [0xC3, 0x28], at: quote)
        let nested = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        return [
            ("empty", Data(), "not JSON: unexpected end of input; a value was expected (line 1, column 1)"),
            ("truncated", bytes.prefix(bytes.count / 2), "not JSON: unexpected end of input"),
            (
                "malformed",
                Data(valid.replacingOccurrences(of: ":", with: " ", range: valid.range(of: ":")).utf8),
                "not JSON: expected : after the member name"
            ),
            (
                "trailing comma", Data((valid.dropLast() + ",}").utf8),
                "not JSON: expected a member name in double quotes"
            ),
            (
                "bytes after the value", bytes + Data([0, 0, 0x7B]),
                "not JSON: unexpected text after the JSON value"
            ),
            ("non-UTF-8", nonUTF8, "not JSON: the text is not valid UTF-8"),
            ("UTF-16", utf16, "not JSON: the text is UTF-16 or UTF-32; JSON must be UTF-8"),
            (
                "deeply nested", Data(nested.utf8),
                "not JSON: nesting deeper than 512 levels (line 1, column 513)"
            ),
            (
                "repeated member",
                Data(
                    valid.replacingOccurrences(of: "{\"", with: "{\"\(member)\":1,\"", options: .anchored)
                        .utf8),
                "the member name \"\(member)\" appears twice in one object"
            ),
            (
                "wrong type", Data(valid.replacingOccurrences(of: wrongType.0, with: wrongType.1).utf8),
                wrongType.2
            ),
            (
                "enormous", Data(repeating: 0x20, count: limit + 1),
                "is larger than the \(limit >> 20) MiB limit"
            ),
        ]
    }

    // MARK: - build

    static let build = [
        "build", "--widget", "task-count", "--snapshot", "-", "--now", "2026-11-29T09:00:00+09:00",
        "--time-zone",
        "Asia/Seoul",
    ]

    static func envelope(_ kind: String, _ payload: String, generatedAt: String = "2026-11-29T09:00:00Z")
        -> Data
    {
        Data(
            #"{"schemaVersion":1,"kind":"\#(kind)","key":"\#(kind)","revision":1,"generatedAt":"\#(generatedAt)","fingerprint":"x","payload":\#(payload)}"#
                .utf8)
    }

    static func build(_ kind: String) -> [String] {
        ["build", "--widget", kind, "--snapshot", "-", "--now", "2026-11-29T09:00:00Z", "--time-zone", "UTC"]
    }

    static let buildCases: [Case] =
        damaged(
            envelope, member: "revision",
            wrongType: (
                #""revision":18"#, #""revision":"18""#,
                "at $.revision: expected a whole number, found the string \"18\""
            ),
            limit: 1 << 20
        ).map { name, bytes, message in
            Case(name: name, arguments: build, stdin: bytes, exitCode: .badData, message: message)
        } + [
            Case(
                name: "wrong type at a path", arguments: build(ParkingLotCase.kind),
                stdin: envelope(
                    "parking", #"{"parkID":"p","parkName":"P","lots":[{"name":"a","free":"7","total":9}]}"#),
                exitCode: .badData,
                message: "at $.payload.lots[0].free: expected a whole number, found the string \"7\""),
            Case(
                name: "impossible date", arguments: build("task-count"),
                stdin: envelope("task-count", #"{"count":1}"#, generatedAt: "2026-02-30T09:00:00Z"),
                exitCode: .badData,
                message:
                    "at $.generatedAt: expected an ISO-8601 instant with an offset, found \"2026-02-30T09:00:00Z\""
            ),
            Case(
                name: "year 10000", arguments: build("task-count"),
                stdin: envelope("task-count", #"{"count":1}"#, generatedAt: "10000-01-01T00:00:00Z"),
                exitCode: .badData, message: "at $.generatedAt: expected an ISO-8601 instant with an offset"),
            Case(
                name: "negative count", arguments: build("task-count"),
                stdin: envelope("task-count", #"{"count":-3}"#),
                exitCode: .badData, message: "at $.payload.count: expected a count of 0 or more, found -3"),
            Case(
                name: "integer beyond 64 bits", arguments: build("task-count"),
                stdin: envelope("task-count", #"{"count":99999999999999999999}"#), exitCode: .badData,
                message:
                    "at $.payload.count: expected a whole number from -9223372036854775808 to 9223372036854775807, found 99999999999999999999"
            ),
            Case(
                name: "number beyond a double", arguments: build("task-count"),
                stdin: envelope("task-count", #"{"count":1e400}"#), exitCode: .badData,
                message: "not JSON: the number 1e400 is out of range"),
            Case(
                name: "more free spaces than the lot has", arguments: build(ParkingLotCase.kind),
                stdin: envelope(
                    "parking", #"{"parkID":"p","parkName":"P","lots":[{"name":"a","free":11,"total":10}]}"#),
                exitCode: .badData,
                message: "at $.payload.lots[0].free: expected 0 to 10 free spaces (the lot's total), found 11"
            ),
            Case(
                name: "free spaces that overflow a sum", arguments: build(ParkingLotCase.kind),
                stdin: envelope(
                    "parking",
                    #"{"parkID":"p","parkName":"P","lots":[{"name":"a","free":9223372036854775807,"total":9223372036854775807}]}"#
                ), exitCode: .badData, message: "at $.payload.lots[0].total: expected 0 to 1000000 spaces"),
            Case(
                name: "a temperature no thermometer reads", arguments: build("park-conditions"),
                stdin: envelope(
                    "park-conditions",
                    #"{"parkID":"p","parkName":"P","congestion":"quiet","weather":{"condition":"clear","temperatureCelsius":1e300},"fineDust":"good","signals":[],"forecast":[]}"#
                ), exitCode: .badData,
                message: "at $.payload.weather.temperatureCelsius: expected a temperature from -100 to 100 °C"
            ),
            Case(
                name: "an empty URL", arguments: build(ParkingLotCase.kind),
                stdin: envelope("parking", #"{"parkID":"p","parkName":"P","lots":[],"directionsURL":""}"#),
                exitCode: .badData, message: "at $.payload.directionsURL:"),
            Case(
                name: "unknown enumeration value", arguments: build("park-conditions"),
                stdin: envelope(
                    "park-conditions",
                    #"{"parkID":"p","parkName":"P","congestion":"gridlock","weather":{"condition":"clear","temperatureCelsius":20},"fineDust":"good","signals":[],"forecast":[]}"#
                ), exitCode: .badData, message: "at $.payload.congestion:"),
            Case(
                name: "a control sequence in a value", arguments: build("task-count"),
                stdin: Data(
                    envelope.replacingOccurrences(
                        of: #""kind":"task-count""#, with: #""kind":"\u001b[2J\nx""#
                    ).utf8),
                exitCode: .badData, message: #"was written by widget kind '\u{1B}[2J\nx', not 'task-count'"#),
            Case(
                name: "a file that is a directory", arguments: build.map { $0 == "-" ? "Examples" : $0 },
                exitCode: .noInput, message: "cannot read snapshot 'Examples': it is a directory"),
            Case(
                name: "--now too close to year 10000",
                arguments: build.map { $0 == "2026-11-29T09:00:00+09:00" ? "9999-12-31T00:00:00Z" : $0 },
                stdin: Data(envelope.utf8), exitCode: .usage,
                message: "--now '9999-12-31T00:00:00Z' is too close to the end of year 9999"),
            Case(
                name: "a time zone that is a path",
                arguments: build.map { $0 == "Asia/Seoul" ? "../../etc/passwd" : $0 },
                exitCode: .usage, message: "--time-zone '../../etc/passwd' is not a time-zone identifier"),
            Case(
                name: "a time zone with a line break",
                arguments: build.map { $0 == "Asia/Seoul" ? "UTC\n" : $0 },
                exitCode: .usage, message: #"--time-zone 'UTC\n' is not a time-zone identifier"#),
        ]

    /// The parking widget's kind, spelled once.
    enum ParkingLotCase { static let kind = "parking" }

    @Test("build: bad snapshots and options", arguments: buildCases)
    func buildFailures(_ test: Case) { expect(test) }

    // MARK: - lint

    static let lintCases: [Case] =
        damaged(
            timeline, member: "entries",
            wrongType: (
                #""type":"after""#, #""type":7"#, "at $.policy.type: expected a string, found the number 7"
            ),
            limit: 4 << 20
        ).map { name, bytes, message in
            Case(name: name, arguments: ["lint", "-"], stdin: bytes, exitCode: .badData, message: message)
        } + [
            Case(
                name: "wrong type at a path", arguments: ["lint", "-"],
                stdin: Data(
                    timeline.replacingOccurrences(
                        of: #""relevance":null"#, with: #""relevance":{"score":"high","duration":0}"#
                    ).utf8),
                exitCode: .badData,
                message: "at $.entries[0].relevance.score: expected a number, found the string \"high\""),
            Case(
                name: "a relevance beyond a float", arguments: ["lint", "-"],
                stdin: Data(
                    timeline.replacingOccurrences(
                        of: #""relevance":null"#, with: #""relevance":{"score":1e39,"duration":0}"#
                    ).utf8),
                exitCode: .badData,
                message:
                    "at $.entries[0].relevance.score: expected a number from -3.4028235e+38 to 3.4028235e+38, found 1e+39"
            ),
            Case(
                name: "a policy without its date", arguments: ["lint", "-"],
                stdin: Data(
                    timeline.replacingOccurrences(of: #","date":"2026-11-29T09:30:00+09:00"}"#, with: "}")
                        .utf8),
                exitCode: .badData, message: "at $.policy: missing member \"date\""),
            Case(
                name: "--now on a day that does not exist",
                arguments: ["lint", "-", "--now", "2026-02-29T00:00:00Z"],
                stdin: Data(timeline.utf8), exitCode: .usage,
                message: "--now '2026-02-29T00:00:00Z' is not an ISO-8601 instant"),
            Case(
                name: "--now at 24:00", arguments: ["lint", "-", "--now=2026-11-29T24:00:00Z"],
                stdin: Data(timeline.utf8),
                exitCode: .usage, message: "--now '2026-11-29T24:00:00Z' is not an ISO-8601 instant"),
            Case(
                name: "a missing file", arguments: ["lint", "no-such-timeline.json"], exitCode: .noInput,
                message: "cannot read timeline 'no-such-timeline.json': no such file"),
        ]

    @Test("lint: bad timelines and options", arguments: lintCases)
    func lintFailures(_ test: Case) { expect(test) }

    // MARK: - simulate and demo

    static let scenario =
        #"{"start":"2026-11-29T00:00:00Z","duration":"6h","timeZone":"Asia/Seoul","widgets":[{"kind":"task-count","commits":[{"at":"2026-11-29T01:00:00Z","payload":{"count":3}}]}]}"#

    static func scenario(replacing old: String, with new: String) -> Data {
        Data(scenario.replacingOccurrences(of: old, with: new).utf8)
    }

    static let simulateCases: [Case] =
        damaged(
            scenario, member: "duration",
            wrongType: (#""timeZone":"Asia/Seoul""#, #""timeZone":9"#, "at $.timeZone: expected a string"),
            limit: 8 << 20
        ).map { name, bytes, message in
            Case(
                name: name, arguments: ["simulate", "-"], stdin: bytes, exitCode: .badData, message: message)
        } + [
            Case(
                name: "an unknown zone", arguments: ["simulate", "-"],
                stdin: scenario(replacing: "Asia/Seoul", with: "Mars/Olympus"), exitCode: .badData,
                message: #"at $.timeZone: "Mars/Olympus" is not a time-zone identifier"#),
            Case(
                name: "an impossible date", arguments: ["simulate", "-"],
                stdin: scenario(replacing: "2026-11-29T01:00:00Z", with: "2026-11-31T01:00:00Z"),
                exitCode: .badData,
                message: "at $.widgets[0].commits[0].at: expected an ISO-8601 instant with an offset"),
            Case(
                name: "a duration beyond any scenario", arguments: ["simulate", "-"],
                stdin: scenario(
                    replacing: #""duration":"6h""#, with: #""duration":"6h","app":{"saveDuration":1e300}"#),
                exitCode: .badData,
                message: "at $.app.saveDuration: expected a duration from 0 to 3660d, found 1e+300"),
            Case(
                name: "a change a second for ten years", arguments: ["simulate", "-"],
                stdin: Data(
                    scenario.replacingOccurrences(of: #""duration":"6h""#, with: #""duration":"3660d""#)
                        .replacingOccurrences(
                            of: #""commits":[{"at":"2026-11-29T01:00:00Z","payload":{"count":3}}]"#,
                            with:
                                #""randomCommits":{"meanInterval":"1s","payloads":[{"count":1},{"count":2}]}"#
                        ).utf8),
                exitCode: .badData,
                message: "at $.widgets[0].randomCommits.meanInterval: draws about 316224000 changes"),
            Case(
                name: "a payload of the wrong widget", arguments: ["simulate", "-"],
                stdin: scenario(replacing: #""kind":"task-count""#, with: #""kind":"parking""#),
                exitCode: .badData,
                message: #"at $.widgets[0].commits[0].payload: missing member "parkID""#),
            Case(
                name: "an unknown strategy", arguments: ["simulate", "--strategy", "yolo"], exitCode: .usage,
                message: "--strategy 'yolo' is not a strategy"),
            Case(
                name: "--seed out of range", arguments: ["simulate", "--seed", "-1"], exitCode: .usage,
                message: "--seed '-1' must be a whole number from 0 to 18446744073709551615"),
            Case(
                name: "--devices out of range", arguments: ["simulate", "--devices", "1000001"],
                exitCode: .usage,
                message: "--devices '1000001' must be a whole number from 1 to 1000000"),
            Case(
                name: "a report that cannot be written, before anything is printed",
                arguments: ["simulate", "-", "--report", "/nonexistent/directory/report.html"],
                stdin: Data(scenario.utf8),
                exitCode: .ioError, message: "cannot write the report to '/nonexistent/directory/report.html'"
            ),
            Case(
                name: "demo: a report that cannot be written",
                arguments: ["demo", "--report", "/nonexistent/directory/report.html"], exitCode: .ioError,
                message: "cannot write the report to '/nonexistent/directory/report.html'"),
            Case(
                name: "demo: an empty report name", arguments: ["demo", "--report="], exitCode: .usage,
                message: "--report needs a file name"),
        ]

    @Test("simulate and demo: bad scenarios, counts and report paths", arguments: simulateCases)
    func simulateFailures(_ test: Case) { expect(test) }

    // MARK: - boundaries, help and unknown options

    static let boundaries = [
        "boundaries", "--time-zone", "America/Havana", "--from", "2026-03-07T00:00:00-05:00",
    ]

    static let optionCases: [Case] =
        [
            ("1e3", "--count '1e3' must be a whole number from 1 to 10000"),
            (" 7", "--count ' 7' must be a whole number"), ("0x10", "--count '0x10' must be a whole number"),
            ("10001", "--count '10001' must be a whole number from 1 to 10000"),
            ("-99999999999999999999", "must be a whole number from 1 to 10000"),
        ].map { count, message in
            Case(
                name: "--count \(count)", arguments: boundaries + ["--count", count], exitCode: .usage,
                message: message)
        }
        + [
            ("4:00", "is not a time of day as HH:MM"), ("04:60", "is not a time of day"),
            ("٠٤:٠٠", "is not a time of day"),
        ]
        .map { start, message in
            Case(
                name: "--day-start \(start)", arguments: boundaries + ["--day-start", start],
                exitCode: .usage, message: message)
        }
        + [
            Case(
                name: "--count past year 9999",
                arguments: [
                    "boundaries", "--time-zone", "Pacific/Kiritimati", "--from", "9999-12-29T00:00:00Z",
                    "--count", "5",
                ],
                exitCode: .usage, message: "runs past year 9999 after 2 day starts"),
            Case(
                name: "--from with a five-digit year",
                arguments: ["boundaries", "--time-zone", "UTC", "--from", "10000-01-01T00:00:00Z"],
                exitCode: .usage,
                message: "--from '10000-01-01T00:00:00Z' is not an ISO-8601 instant"),
            Case(
                name: "an empty time zone",
                arguments: ["boundaries", "--time-zone=", "--from", "2026-01-01T00:00:00Z"],
                exitCode: .usage, message: "--time-zone '' is not a time-zone identifier"),
            Case(
                name: "an offset for a zone",
                arguments: ["boundaries", "--time-zone", "+09:00", "--from", "2026-01-01T00:00:00Z"],
                exitCode: .usage, message: "--time-zone '+09:00' is not a time-zone identifier"),
            Case(
                name: "help for a non-command", arguments: ["help", "store", "erase"], exitCode: .usage,
                message: "no help for 'store erase'"),
            Case(
                name: "--expect beyond 64 bits",
                arguments: [
                    "store", "write", "--dir", "x", "--key", "k", "--expect", "99999999999999999999",
                ], exitCode: .usage,
                message: "--expect '99999999999999999999' is not a revision number"),
            Case(
                name: "--key that escapes the directory",
                arguments: ["diagnose", "--dir", "x", "--key", "../x"],
                exitCode: .usage, message: "--key: snapshot key \"../x\" has an empty component"),
            Case(
                name: "--key with a NUL", arguments: ["store", "read", "--dir", "x", "--key", "a\u{0}b"],
                exitCode: .usage,
                message: #"--key 'a\0b' is not a snapshot key"#),
            Case(
                name: "--key of 201 bytes",
                arguments: ["store", "read", "--dir", "x", "--key", String(repeating: "a", count: 201)],
                exitCode: .usage, message: "a snapshot key has at most 200 bytes; this one has 201"),
        ]
        + [
            ["build"], ["lint", "-"], ["boundaries"], ["store", "write"], ["store", "read"],
            ["store", "list"], ["diagnose"],
            ["simulate"], ["demo"],
        ].flatMap { command in
            [
                Case(
                    name: "unknown option", arguments: command + ["--frobnicate=1"], exitCode: .usage,
                    message:
                        "unknown option '--frobnicate' for '\(command.prefix(2).filter { $0 != "-" }.joined(separator: " "))'"
                ),
                Case(
                    name: "an option with a control character", arguments: command + ["--\u{1B}[31m"],
                    exitCode: .usage,
                    message: #"unknown option '--\u{1B}[31m'"#),
            ]
        }

    @Test("options: absurd counts, impossible dates, unknown zones and options", arguments: optionCases)
    func optionFailures(_ test: Case) { expect(test) }

    // MARK: - Checks

    /// One `error:` line (and a help hint for usage errors) with the message, free of raw control
    /// characters; the exit code; nothing on standard output.
    func expect(_ test: Case, sourceLocation: SourceLocation = #_sourceLocation) {
        let result = CLIHarness.run(test.arguments, stdin: test.stdin)
        Self.check(
            exitCode: result.exitCode.rawValue, standardOutput: result.standardOutput,
            standardError: result.standardError, against: test, sourceLocation: sourceLocation)
    }

    static func check(
        exitCode: Int32, standardOutput: String, standardError: String, against test: Case,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(exitCode == test.exitCode.rawValue, "\(standardError)", sourceLocation: sourceLocation)
        #expect(standardOutput.isEmpty, "\(standardOutput.prefix(300))", sourceLocation: sourceLocation)
        #expect(standardError.hasPrefix("error: "), "\(standardError)", sourceLocation: sourceLocation)
        #expect(standardError.contains(test.message), "\(standardError)", sourceLocation: sourceLocation)
        let lines = standardError.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "the error does not end with a line break", sourceLocation: sourceLocation)
        #expect(
            lines.count == (test.exitCode == .usage ? 3 : 2), "not one error line: \(standardError)",
            sourceLocation: sourceLocation)
        #expect(
            !standardError.unicodeScalars.contains {
                $0 != "\n" && $0.properties.generalCategory == .control
            },
            "a raw control character in \(standardError.debugDescription)", sourceLocation: sourceLocation)
    }

    // MARK: - The built binary

    /// A case of each class and command, through the real process: exit status, streams, and
    /// that it ends (no hang) — the in-process harness cannot see a trap or `exit`.
    static let binaryCases: [Case] = [
        buildCases.first { $0.name == "non-UTF-8" }!, buildCases.first { $0.name == "deeply nested" }!,
        buildCases.first { $0.name == "enormous" }!,
        buildCases.first { $0.name == "a temperature no thermometer reads" }!,
        buildCases.first { $0.name == "free spaces that overflow a sum" }!,
        buildCases.first { $0.name == "a control sequence in a value" }!,
        lintCases.first { $0.name == "UTF-16" }!,
        lintCases.first { $0.name == "repeated member" }!, lintCases.first { $0.name == "empty" }!,
        optionCases.first { $0.name == "--count past year 9999" }!,
        simulateCases.first { $0.name == "a change a second for ten years" }!,
        simulateCases.first { $0.name == "a duration beyond any scenario" }!,
        optionCases.first { $0.name == "--key that escapes the directory" }!,
    ]

    @Test("the built binary gives the same answers", arguments: binaryCases)
    func binary(_ test: Case) throws {
        let binary = try #require(BuiltProducts.executable("widget-timeline"), "widget-timeline is not built")
        let result = try ProcessOutput.run(
            binary, test.arguments, input: test.stdin, currentDirectory: CLIHarness.packageRoot,
            environment: ["SWIFT_BACKTRACE": "enable=no"])
        Self.check(
            exitCode: result.status, standardOutput: result.standardOutput,
            standardError: result.standardError,
            against: test)
    }
}
