import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineCLI

/// Inputs an outside check found accepted: a lint that passed invalid or dishonest timelines, and
/// a build that planned from an envelope no store writes. Each is now refused (exit 65, with the
/// JSON path) or reported as a lint error (exit 1).
@Suite("lint and build refuse what no provider or store makes")
struct InputHonestyTests {
    static func fixture(_ name: String) -> String { CLIHarness.fixtures.appendingPathComponent(name).path }
    static let now = "2026-11-30T13:12:00+09:00"

    private func rules(_ file: String, now: Bool = true) -> (ExitCode, [String]) {
        let result = CLIHarness.run(
            ["lint", Self.fixture(file), "--format", "json"] + (now ? ["--now", Self.now] : []))
        let rules = result.standardOutput.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: #""rule" : ""#) else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
        return (result.exitCode, rules)
    }

    @Test(
        "an unknown word in a timeline is bad data with its path and the words taken",
        arguments: [
            (
                "lint-display-bogus.json",
                #"at $.entries[0].state.display: unknown value "bogus" (expected one of: noData, unavailable, "#
                    + "fresh, stale, expired)"
            ),
            (
                "lint-policy-type-bad.json",
                #"at $.policy.type: unknown value "sometimes" (expected one of: atEnd, after, never)"#
            ),
        ])
    func unknownWords(file: String, message: String) {
        let result = CLIHarness.run(["lint", Self.fixture(file)])
        #expect(result.exitCode == .badData)
        #expect(result.standardError == "error: timeline '\(Self.fixture(file))' is not valid: \(message)\n")
        #expect(result.standardOutput.isEmpty)
    }

    @Test(
        "a claim nothing backs, data from the future, an observation growing fresher: lint errors",
        arguments: [
            ("lint-fresher-later.json", true, "freshness-increases"),
            ("lint-fresh-no-content.json", false, "claim-without-data"),
            ("lint-observed-after-now.json", true, "observed-after-now"),
            ("lint-observed-after-entry.json", false, "observed-after-entry"),
        ])
    func dishonestClaims(file: String, withNow: Bool, rule: String) {
        let (exit, rules) = rules(file, now: withNow)
        #expect(exit == .problemFound)
        #expect(rules.contains(rule), "\(rules)")
    }

    // Before: 61 s to 6 min behind, the instant the data came within the 60 s tolerance was under
    // the 5-minute spacing from now, and the planner folded that grant of "fresh" into the entry
    // for now, which lint then rightly called an error (observed 61 s after now, claimed fresh).
    @Test(
        "a plan on a clock behind its data (not fresh until the observation is known, then fresh) has no lint errors",
        arguments: [
            "2026-11-29T08:50:00+09:00", "2026-11-29T08:59:30+09:00", "2026-11-29T07:00:00+09:00",
            "2026-11-29T08:58:59+09:00", "2026-11-29T08:57:00+09:00", "2026-11-29T08:54:01+09:00",
        ])
    func clockBehindTheData(now: String) throws {
        // The example snapshot is observed at 09:00; this device's clock says `now`, before it.
        let built = CLIHarness.run([
            "build", "--widget", "task-count", "--snapshot", "Examples/snapshots/task-count.json", "--now",
            now,
            "--time-zone", "Asia/Seoul", "--format", "json",
        ])
        try #require(built.exitCode == .success, "\(built.standardError)")
        for withNow in [true, false] {
            let linted = CLIHarness.run(
                ["lint", "-"] + (withNow ? ["--now", now] : []), stdin: Data(built.standardOutput.utf8))
            #expect(linted.exitCode == .success, "\(now): \(linted.standardOutput)")
        }
    }

    @Test("data from after year 4001 ends expired: the planner's 'for ever after' is after every instant")
    func farFutureData() throws {
        // Date.distantFuture is 4001-01-01: a timeline's lasting tail judged there called year-4412
        // data 47 hours old "stale" after an entry had called it expired.
        let snapshot =
            #"{"schemaVersion":1,"kind":"task-count","key":"task-count","revision":3,"generatedAt":"4412-11-29T09:00:00Z","fingerprint":"x","payload":{"count":4}}"#
        let now = "4412-11-29T08:00:00Z"
        let built = CLIHarness.run(
            [
                "build", "--widget", "task-count", "--snapshot", "-", "--now", now, "--time-zone", "UTC",
                "--format", "json",
            ],
            stdin: Data(snapshot.utf8))
        try #require(built.exitCode == .success, "\(built.standardError)")
        let timeline = try JSONCoding.decode(
            PlannedTimeline<JSONValue>.self, from: Data(built.standardOutput.utf8))
        #expect(timeline.entries.last?.state["display"] == .string("expired"), "\(built.standardOutput)")
        let linted = CLIHarness.run(["lint", "-", "--now", now], stdin: Data(built.standardOutput.utf8))
        #expect(linted.exitCode == .success, "\(linted.standardOutput)")
    }

    @Test(
        "data whose thresholds fall after year 9999 still ends with the freshness it will end with",
        arguments: [
            (
                "task-count",
                #"{"schemaVersion":1,"kind":"task-count","key":"t","revision":3,"fingerprint":"x","generatedAt":"9999-12-31T23:59:00Z","payload":{"count":2}}"#,
                "expired"
            ),
            (
                "parking",
                #"{"schemaVersion":1,"kind":"parking","key":"parking","revision":3,"fingerprint":"x","generatedAt":"9999-12-31T23:00:00Z","payload":{"parkID":"p","parkName":"R","lots":[{"name":"a","free":4,"total":10}]}}"#,
                "unavailable"
            ),
            (
                "parking",
                #"{"schemaVersion":1,"kind":"parking","key":"parking","revision":3,"fingerprint":"x","generatedAt":"2026-11-30T10:00:00Z","payload":{"parkID":"p","parkName":"R","lots":[{"name":"a","free":4,"total":10}],"staleAfterSeconds":252000000000}}"#,
                "unavailable"
            ),
        ])
    func thresholdsAfterYear9999(widget: String, snapshot: String, lastDisplay: String) throws {
        // Judged at the end of year 9999 alone, such data was still fresh or stale there, and the
        // last entry kept showing a parking count that expired data must hide.
        let built = CLIHarness.run(
            [
                "build", "--widget", widget, "--snapshot", "-", "--now", "2026-11-30T10:00:00Z",
                "--time-zone",
                "UTC", "--format", "json",
            ],
            stdin: Data(snapshot.utf8))
        try #require(built.exitCode == .success, "\(built.standardError)")
        let timeline = try JSONCoding.decode(
            PlannedTimeline<JSONValue>.self, from: Data(built.standardOutput.utf8))
        #expect(timeline.entries.last?.state["display"] == .string(lastDisplay), "\(built.standardOutput)")
    }

    @Test("what build plans from each example snapshot passes the claim checks")
    func buildOutputIsHonest() throws {
        for (widget, snapshot) in [("task-count", "task-count.json"), ("schedule", "schedule.json")] {
            let built = CLIHarness.run([
                "build", "--widget", widget, "--snapshot", "Examples/snapshots/\(snapshot)", "--now",
                "2026-11-29T09:00:00+09:00", "--time-zone", "Asia/Seoul", "--format", "json",
            ])
            try #require(built.exitCode == .success, "\(built.standardError)")
            let linted = CLIHarness.run(
                ["lint", "-", "--now", "2026-11-29T09:00:00+09:00", "--format", "json"],
                stdin: Data(built.standardOutput.utf8))
            for rule in [
                "claim-without-data", "observed-after-now", "observed-after-entry", "freshness-increases",
            ] {
                #expect(!linted.standardOutput.contains(rule), "\(widget): \(linted.standardOutput)")
            }
        }
    }

    static let buildSteps = [
        "build", "--widget", "steps", "--kinds", "Examples/scenarios/generic-count.json", "--now",
        "2026-09-06T00:00:00-04:00", "--time-zone", "America/New_York", "--snapshot", "-",
    ]

    @Test(
        "build refuses an envelope no store writes, naming the member",
        arguments: [
            (
                "\"revision\":-3", "\"revision\":-3",
                "at $.revision: expected a revision of 1 or more, found -3"
            ),
            ("\"revision\":-3", "\"revision\":0", "at $.revision: expected a revision of 1 or more, found 0"),
            (
                "\"schemaVersion\":1", "\"schemaVersion\":0",
                "at $.schemaVersion: expected a schema version of 1 or more, found 0"
            ),
            (
                "\"kind\":\"steps\"", "\"kind\":\"\"",
                "at $.kind: expected the widget kind that wrote it, found \"\""
            ),
            (
                "\"fingerprint\"", "\"observedAt\":\"2026-09-06T03:32:00Z\",\"fingerprint\"",
                "at $.observedAt: is more than 60 s after generatedAt"
            ),
        ])
    func envelopes(find: String, replace: String, message: String) throws {
        var text = try String(
            contentsOfFile: Self.fixture("snapshot-negative-revision.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: find, with: replace)
        if find != "\"revision\":-3" {
            text = text.replacingOccurrences(of: "\"revision\":-3", with: "\"revision\":3")
        }
        let result = CLIHarness.run(Self.buildSteps, stdin: Data(text.utf8))
        #expect(result.exitCode == .badData)
        #expect(
            result.standardError.hasPrefix("error: snapshot on standard input is not valid: \(message)"),
            "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        // The same envelope with its members as a store writes them plans a timeline.
        let fixed = try String(
            contentsOfFile: Self.fixture("snapshot-negative-revision.json"), encoding: .utf8
        )
        .replacingOccurrences(of: "\"revision\":-3", with: "\"revision\":3")
        #expect(CLIHarness.run(Self.buildSteps, stdin: Data(fixed.utf8)).exitCode == .success)
    }
}
