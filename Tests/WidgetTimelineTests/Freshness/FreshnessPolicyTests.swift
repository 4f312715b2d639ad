import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

@Suite("Freshness: what data age lets the widget claim")
struct FreshnessPolicyTests {
    let observed = Date.at("2026-11-29T09:00:00+09:00")
    let policy = FreshnessPolicy(staleAfter: 30 * 60, expiresAfter: 24 * 3600)

    static let thresholdCases: [(TimeInterval, Freshness)] = [
        (0, .fresh), (1799.999, .fresh), (1800, .stale), (1800.001, .stale),
        (86_399.999, .stale), (86_400, .expired), (86_401, .expired),
        // From this clock's future: within the tolerance a clock difference, beyond it of unknown age.
        (-60, .fresh), (-60.001, .stale), (-3600, .stale), (-86_400 * 365 * 73, .stale),
    ]

    @Test("just before, at and just after each threshold", arguments: thresholdCases)
    func thresholds(age: TimeInterval, expected: Freshness) {
        #expect(policy.classify(dataObservedAt: observed, at: observed.addingTimeInterval(age)) == expected)
    }

    @Test("transitions are the two thresholds still ahead")
    func transitions() {
        #expect(
            policy.transitions(dataObservedAt: observed, after: observed)
                == [observed.addingTimeInterval(1800), observed.addingTimeInterval(86_400)])
        #expect(
            policy.transitions(dataObservedAt: observed, after: observed.addingTimeInterval(1800))
                == [observed.addingTimeInterval(86_400)])
        #expect(
            policy.transitions(dataObservedAt: observed, after: observed.addingTimeInterval(86_400)).isEmpty)
    }

    @Test("data from the future turns fresh only when this clock comes within the tolerance of it")
    func futureTransitions() {
        let now = observed.addingTimeInterval(-3600)
        #expect(
            policy.transitions(dataObservedAt: observed, after: now)
                == [
                    observed.addingTimeInterval(-60), observed.addingTimeInterval(1800),
                    observed.addingTimeInterval(86_400),
                ])
        // A timeline planned from now is stale up to that instant, never fresh.
        let widget = ScriptedWidget(freshness: policy)
        let snapshot = Snapshot.fixture(
            ScriptedPayload(initialLabel: "42 spaces", phases: []), generatedAt: observed,
            observedAt: observed)
        let plan = TimelinePlanner(kind: widget).plan(
            .loaded(snapshot), at: now, in: .gregorian(in: "Asia/Seoul"))
        let entries = plan.timeline.entries
        #expect(entries.first?.state.situation == "stale")
        #expect(entries.first { $0.state.situation == "fresh" }?.date == observed.addingTimeInterval(-60))
        #expect(
            PlanCheck.problems(in: plan, of: TimelinePlanner(kind: widget), for: .loaded(snapshot), at: now)
                == [])
    }

    @Test("refresh defaults to the stale threshold")
    func refreshDefault() {
        #expect(policy.refreshAfter == 30 * 60)
        #expect(FreshnessPolicy(staleAfter: 60, expiresAfter: 120, refreshAfter: 30).refreshAfter == 30)
    }

    @Test("data age, not snapshot age, decides the claim: a new snapshot of old data is stale")
    func dataAgeDecides() {
        let widget = ScriptedWidget(freshness: policy)
        let snapshot = Snapshot.fixture(
            ScriptedPayload(initialLabel: "42 spaces", phases: []),
            generatedAt: observed,
            observedAt: observed.addingTimeInterval(-3600)
        )
        let state = widget.state(of: snapshot, at: observed, in: .gregorian(in: "Asia/Seoul"))
        #expect(
            state
                == .stale("42 spaces", DataStamp(revision: 1, observedAt: observed.addingTimeInterval(-3600)))
        )
    }

    @Test("a domain that hides expired values shows unavailable, one that shows them keeps the value")
    func expiredHandling() {
        let snapshot = Snapshot.fixture(
            ScriptedPayload(initialLabel: "12 free", phases: []), generatedAt: observed)
        let later = observed.addingTimeInterval(25 * 3600)
        var hiding = policy
        hiding.expiredValue = .hidden
        let calendar = Calendar.gregorian(in: "Asia/Seoul")
        #expect(
            ScriptedWidget(freshness: hiding).state(of: snapshot, at: later, in: calendar)
                == .unavailable(.expired))
        #expect(
            ScriptedWidget(freshness: policy).state(of: snapshot, at: later, in: calendar)
                == .expired("12 free", snapshot.stamp))
    }
}
