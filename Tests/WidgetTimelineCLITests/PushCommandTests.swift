import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineCLI
import WidgetTimelinePush

/// `widget-timeline push`: the requests for the example events file as golden text and JSON, and
/// every kind of bad file refused with its path and the documented exit code.
@Suite("push: the APNs requests the planner would send, and refusals that say where")
struct PushCommandTests {
    static let example = "Examples/push/parking-events.json"

    @Test("The example's requests and dropped changes match the golden files", arguments: ["text", "json"])
    func golden(format: String) {
        let result = CLIHarness.run(["push", Self.example, "--format", format])
        #expect(result.exitCode == .success, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        CLIHarness.expectGolden(result.standardOutput, "push-parking.\(format == "json" ? "json" : "txt")")
    }

    @Test("The JSON output is the planner's decisions and the builder's requests, one for one")
    func jsonMatchesLibrary() throws {
        let data = try Data(contentsOf: CLIHarness.packageRoot.appendingPathComponent(Self.example))
        let outcome = try JSONCoding.decode(PushEvents.self, from: data).plan()
        let result = CLIHarness.run(["push", "-", "--format", "json"], stdin: data)
        let report = try JSONDecoder().decode(JSONValue.self, from: Data(result.standardOutput.utf8))
        guard case .array(let requests)? = report["requests"], case .array(let dropped)? = report["dropped"]
        else {
            Issue.record("no requests or dropped in \(report)")
            return
        }
        #expect(requests.count == outcome.requests.count)
        #expect(dropped.count == outcome.dropped.count)
        for (json, planned) in zip(requests, outcome.requests) {
            #expect(json["url"]?.stringValue == planned.request.url.absoluteString)
            #expect(json["at"]?.stringValue == Instant.format(planned.push.at))
            #expect(json["body"]?.stringValue == #"{"aps":{"content-changed":true}}"#)
        }
        #expect(
            dropped.compactMap { $0["reason"]?.stringValue }.sorted()
                == [
                    "budget-exhausted", "budget-exhausted", "coalesced", "coalesced", "no-registered-widget",
                    "unchanged-fingerprint", "unchanged-fingerprint",
                ])
    }

    @Test("Every push to one token is a window apart, and no push is for an unchanged fingerprint")
    func planRules() throws {
        let data = try Data(contentsOf: CLIHarness.packageRoot.appendingPathComponent(Self.example))
        let events = try JSONCoding.decode(PushEvents.self, from: data)
        let outcome = events.plan()
        let byToken = Dictionary(grouping: outcome.requests) { $0.push.destination }
        for (_, pushes) in byToken {
            let instants = pushes.map(\.push.at).sorted()
            for (earlier, later) in zip(instants, instants.dropFirst()) {
                #expect(later.timeIntervalSince(earlier) >= events.window)
            }
            if case .perRolling24Hours(let budget) = events.budget { #expect(pushes.count <= budget) }
        }
        // A round trip of the file keeps the same plan.
        let again = try JSONCoding.decode(PushEvents.self, from: try JSONCoding.encoder().encode(events))
        #expect(again == events)
        #expect(again.plan() == outcome)
    }

    /// A bad file, as an edit of the example, and the message it must get.
    struct BadFile: Sendable, CustomTestStringConvertible {
        var name: String
        var edit: @Sendable (inout [String: JSONValue]) -> Void
        var message: String
        var testDescription: String { name }
    }

    static let badFiles: [BadFile] = [
        BadFile(
            name: "bundle ID", edit: { $0["bundleID"] = .string("com.example/app") },
            message: #"at $.bundleID: the bundle identifier "com.example/app" may contain only"#),
        BadFile(
            name: "window", edit: { $0["window"] = .number(JSONNumber(Int64(0))) },
            message: "at $.window: the push window must be whole milliseconds from 0.001 s"),
        BadFile(
            name: "negative budget", edit: { $0["budget"] = .number(JSONNumber(Int64(-1))) },
            message: "at $.budget: the push budget must be zero or more"),
        BadFile(
            name: "budget word", edit: { $0["budget"] = .string("plenty") },
            message: #"at $.budget: the budget is a whole number of pushes per 24 h, or "unlimited""#),
        BadFile(
            name: "duplicate installation",
            edit: {
                if case .array(let registrations)? = $0["registrations"] {
                    $0["registrations"] = .array(registrations + [registrations[0]])
                }
            },
            message:
                #"at $.registrations: installation "5F0C6A1E-2B7D-4C44-9E0A-8D1B3C2F4A10" is registered twice"#
        ),
        BadFile(
            name: "token",
            edit: {
                if case .array(var registrations)? = $0["registrations"],
                    case .object(var first) = registrations[0]
                {
                    first["token"] = .string("abc")
                    registrations[0] = .object(first)
                    $0["registrations"] = .array(registrations)
                }
            },
            message: "at $.registrations[0].token: the push token has 3 hexadecimal digits"),
        BadFile(
            name: "change with kind and widget",
            edit: {
                if case .array(var changes)? = $0["changes"], case .object(var first) = changes[0] {
                    first["widget"] = .object(["installation": .string("i"), "id": .string("w")])
                    changes[0] = .object(first)
                    $0["changes"] = .array(changes)
                }
            },
            message: "at $.changes[0].widget: a change has a kind or a widget, not both"),
        BadFile(
            name: "a window finer than a millisecond",
            edit: { $0["window"] = .number(JSONNumber(text: "0.0014")!) },
            message: "at $.window: the push window must be whole milliseconds from 0.001 s"),
        BadFile(
            name: "a change before year 0000 in UTC",
            edit: { Self.setFirstChange(&$0, at: "0000-01-01T00:30:00+01:00") },
            message:
                "at $.changes[0].at: a change must happen from 0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z"
        ),
        BadFile(
            name: "a change whose push could fall in year 10000",
            edit: { Self.setFirstChange(&$0, at: "9999-12-31T23:59:00Z") },
            message: "at $.changes: change 0 at 9999-12-31T23:59:00Z is too late"),
        BadFile(
            name: "missing changes", edit: { $0["changes"] = nil },
            message: #"at $: missing member "changes""#),
    ]

    /// Moves the example's first change to `at`.
    static func setFirstChange(_ object: inout [String: JSONValue], at: String) {
        if case .array(var changes)? = object["changes"], case .object(var first) = changes[0] {
            first["at"] = .string(at)
            changes[0] = .object(first)
            object["changes"] = .array(changes)
        }
    }

    @Test("Text output: a kind or widget id holding line breaks stays on its line, escaped")
    func controlCharactersEscaped() throws {
        let events = #"""
            {"bundleID":"a","window":900,"budget":"unlimited","registrations":[{"installation":"i",
            "token":"ab","environment":"production","widgets":[{"id":"w\r","kind":"k\nrequest 9 at FAKE",
            "family":"f"}]}],"changes":[{"at":"2026-01-01T00:00:00Z","kind":"k\nrequest 9 at FAKE",
            "fingerprint":"x"},{"at":"2026-01-01T00:00:01Z","widget":{"installation":"i","id":"w\r"},
            "fingerprint":"x"}]}
            """#
        let result = CLIHarness.run(["push", "-"], stdin: Data(events.utf8))
        #expect(result.exitCode == .success, "\(result.standardError)")
        #expect(!result.standardOutput.contains("\r"))
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains { $0.hasPrefix("request 9") }, "\(result.standardOutput)")
        #expect(result.standardOutput.contains(#"(kind k\nrequest 9 at FAKE), 1 widget changed"#))
        #expect(result.standardOutput.contains(#"(widget i/w\r) for production:ab: unchanged"#))
    }

    @Test(
        "A bad events file is refused with its JSON path, exit 65, nothing on standard output",
        arguments: badFiles)
    func refused(bad: BadFile) throws {
        let data = try Data(contentsOf: CLIHarness.packageRoot.appendingPathComponent(Self.example))
        guard case .object(var object) = try JSONDecoder().decode(JSONValue.self, from: data) else {
            Issue.record("the example is not an object")
            return
        }
        bad.edit(&object)
        let edited = try JSONEncoder().encode(JSONValue.object(object))
        let result = CLIHarness.run(["push", "-"], stdin: edited)
        #expect(result.exitCode == .badData)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("error: events file on standard input is not valid: "))
        #expect(result.standardError.contains(bad.message), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test("Errors of the command line and the file match the golden file")
    func errorsGolden() {
        let cases: [[String]] = [
            ["push"], ["push", "Examples/push/missing.json"], ["push", "Examples/push"],
            ["push", Self.example, "--format", "yaml"], ["push", Self.example, "--window", "60"],
            ["push", "Tests/WidgetTimelineCLITests/Fixtures/bad-timeline.json"],
        ]
        var transcript = ""
        for arguments in cases {
            let result = CLIHarness.run(arguments)
            #expect(result.standardOutput.isEmpty)
            transcript += "$ widget-timeline \(arguments.joined(separator: " "))\n"
            transcript += result.standardError + "exit \(result.exitCode.rawValue)\n\n"
        }
        let notJSON = CLIHarness.run(["push", "-"], stdin: Data("registrations: []".utf8))
        transcript += "$ echo 'registrations: []' | widget-timeline push -\n"
        transcript += notJSON.standardError + "exit \(notJSON.exitCode.rawValue)\n"
        CLIHarness.expectGolden(transcript, "push-errors.txt")
    }
}
