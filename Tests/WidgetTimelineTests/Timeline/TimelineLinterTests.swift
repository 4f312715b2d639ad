import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

@Suite("The linter: invariants plus the review questions")
struct TimelineLinterTests {
    let now = Date.at("2026-11-29T09:00:00Z")

    private func timeline(_ minutes: [Double], _ policy: ReloadPolicy, states: [String]? = nil)
        -> PlannedTimeline<String>
    {
        PlannedTimeline(
            entries: minutes.enumerated().map { index, offset in
                PlannedEntry(date: now.addingTimeInterval(offset * 60), state: states?[index] ?? "S\(index)")
            },
            policy: policy
        )
    }

    private func rules(_ timeline: PlannedTimeline<String>, now: Date? = nil) -> [String: LintFinding
        .Severity]
    {
        var result: [String: LintFinding.Severity] = [:]
        for finding in TimelineLinter().lint(
            timeline, now: now, situation: { $0.hasPrefix("fresh") ? "fresh" : nil })
        {
            result[finding.rule] = finding.severity
        }
        return result
    }

    @Test("a good timeline has no warnings or errors")
    func clean() {
        let findings = TimelineLinter().lint(
            timeline([0, 30, 120], .after(now.addingTimeInterval(3600))), now: now)
        #expect(findings.filter { $0.severity != .info }.isEmpty, "\(findings)")
    }

    @Test(
        "each rule fires with its severity",
        arguments: [
            ([Double](), ReloadPolicy.atEnd, "empty-timeline", LintFinding.Severity.error),
            ([0, 10, 5], .atEnd, "unsorted-entries", .error),
            ([0, 10, 10], .atEnd, "duplicate-date", .error),
            ([0, 2], .atEnd, "entries-too-close", .warning),
            ([0], .atEnd, "at-end-single-entry", .warning),
            ([0, 30], .never, "never-policy", .warning),
            ([0, 30], .after(Date.at("2026-11-29T08:00:00Z")), "policy-before-first-entry", .error),
            ([0, 30], .after(Date.at("2026-11-29T09:02:00Z")), "policy-too-soon", .warning),
        ]
    )
    func rule(minutes: [Double], policy: ReloadPolicy, rule: String, severity: LintFinding.Severity) {
        #expect(rules(timeline(minutes, policy))[rule] == severity)
    }

    @Test("with --now: the first entry must be now, the reload date after it")
    func againstNow() {
        #expect(
            rules(timeline([10, 30], .after(now.addingTimeInterval(7200))), now: now)["first-entry-not-now"]
                == .error)
        let past = PlannedTimeline(
            entries: [
                PlannedEntry(date: now.addingTimeInterval(-600), state: "A"),
                PlannedEntry(date: now, state: "B"),
            ],
            policy: .after(now.addingTimeInterval(-60)))
        let found = rules(past, now: now)
        #expect(found["entry-before-now"] == nil)
        #expect(found["policy-in-past"] == .error)
    }

    @Test("a fresh claim with nothing after the reload date is flagged (the seed's review question 5)")
    func freshPastReload() {
        let single = timeline([0], .after(now.addingTimeInterval(900)), states: ["fresh 12"])
        #expect(rules(single)["fresh-past-reload"] == .warning)
        let honest = timeline(
            [0, 30], .after(now.addingTimeInterval(900)), states: ["fresh 12", "stale 12"])
        #expect(rules(honest)["fresh-past-reload"] == nil)
    }

    @Test("many entries warn, more than 400 is an error")
    func entryCounts() {
        #expect(rules(timeline((0..<150).map { Double($0) * 10 }, .atEnd))["many-entries"] == .warning)
        #expect(rules(timeline((0..<401).map { Double($0) * 10 }, .atEnd))["too-many-entries"] == .error)
    }
}
