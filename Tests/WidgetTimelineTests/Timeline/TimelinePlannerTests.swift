import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

@Suite("The planner: sample, enforce, choose the policy")
struct TimelinePlannerTests {
    let calendar = Calendar.gregorian(in: "Asia/Seoul")
    let now = Date.at("2026-11-29T09:00:00+09:00")
    let widget = ScriptedWidget(freshness: FreshnessPolicy(staleAfter: 30 * 60, expiresAfter: 24 * 3600))

    private func snapshot(
        _ phases: [(String, String)] = [],
        initial: String = "A",
        generatedAt: String = "2026-11-29T09:00:00+09:00",
        observedAt: String? = nil,
        revision: Int = 7
    ) -> Snapshot<ScriptedPayload> {
        Snapshot.fixture(
            ScriptedPayload(
                initialLabel: initial, phases: phases.map { ScriptedPhase(start: .at($0.0), label: $0.1) }),
            kind: "scripted",
            revision: revision,
            generatedAt: .at(generatedAt),
            observedAt: observedAt.map { .at($0) }
        )
    }

    private func planner(_ options: PlanningOptions = .default) -> TimelinePlanner<ScriptedWidget> {
        TimelinePlanner(kind: widget, options: options)
    }

    @Test("first install: one honest 'no data yet' entry at now, and a recheck later")
    func firstInstall() {
        let plan = planner().plan(.nothingYet, at: now, in: calendar)
        #expect(plan.timeline.entries == [PlannedEntry(date: now, state: .noData)])
        #expect(plan.timeline.policy == .after(now.addingTimeInterval(30 * 60)))
    }

    @Test("a failure with nothing stored: unavailable with the reason, and a back-off retry, never .never")
    func failureWithoutSnapshot() {
        let plan = planner().plan(.failed(.sourceFailed), at: now, in: calendar)
        #expect(plan.timeline.entries == [PlannedEntry(date: now, state: .unavailable(.sourceFailed))])
        guard case .after(let retry) = plan.timeline.policy else {
            Issue.record("expected .after, got \(plan.timeline.policy)")
            return
        }
        #expect(retry > now.addingTimeInterval(5 * 60))
        #expect(retry <= now.addingTimeInterval(15 * 60))
    }

    @Test("a corrupted snapshot falls back to an honest entry, and the last good one is still shown")
    func corruptedFallsBack() {
        let lastGood = snapshot(generatedAt: "2026-11-29T08:00:00+09:00")
        let none = planner().plan(.failed(.snapshotCorrupted), at: now, in: calendar)
        #expect(none.timeline.entries.map(\.state) == [.unavailable(.snapshotCorrupted)])
        let fallback = planner().plan(.failed(.snapshotCorrupted, lastKnown: lastGood), at: now, in: calendar)
        #expect(fallback.timeline.entries.first?.state == .stale("A", lastGood.stamp))
    }

    @Test(
        "freshness transitions become entries, each withdrawn the lateness margin early, past the reload date"
    )
    func freshnessEntries() {
        let plan = planner().plan(.loaded(snapshot()), at: now, in: calendar)
        let stamp = DataStamp(revision: 7, observedAt: now)
        // Stale at 09:30 and expired a day later: the claims end 5 minutes before, so an entry the
        // system shows up to 5 minutes late never says more than is true.
        #expect(
            plan.timeline.entries == [
                PlannedEntry(date: now, state: .fresh("A", stamp)),
                PlannedEntry(date: .at("2026-11-29T09:25:00+09:00"), state: .stale("A", stamp)),
                PlannedEntry(date: .at("2026-11-30T08:55:00+09:00"), state: .expired("A", stamp)),
            ])
        // The reload is asked for when the snapshot is due for refresh; the entries go on after it.
        #expect(plan.timeline.policy == .after(.at("2026-11-29T09:30:00+09:00")))
        var exact = PlanningOptions.default
        exact.latenessMargin = 0
        #expect(
            planner(exact).plan(.loaded(snapshot()), at: now, in: calendar).timeline.entries[1].date
                == .at("2026-11-29T09:30:00+09:00"))
    }

    @Test("data only the host writes asks for no budgeted re-read: a day later at most, never .never")
    func hostWrittenData() {
        var input = LoadResult<ScriptedPayload>.loaded(snapshot())
        input.extensionCanFetch = false
        let plan = planner().plan(input, at: now, in: calendar)
        // The entries carry every freshness change; the host's reloads carry new data.
        #expect(plan.timeline.entries.map(\.state.situation) == ["fresh", "stale", "expired"])
        #expect(plan.timeline.policy == .after(now.addingTimeInterval(24 * 3600)))
        // After a failure the back-off stays, whoever writes the data.
        input.failure = LoadFailure(reason: .snapshotUnreadable)
        guard case .after(let retry) = planner().plan(input, at: now, in: calendar).timeline.policy else {
            Issue.record("a failure must retry with .after")
            return
        }
        #expect(retry <= now.addingTimeInterval(15 * 60))
        // With nothing stored yet, the host's first commit reloads the widget.
        let first = planner().plan(LoadResult(snapshot: nil, extensionCanFetch: false), at: now, in: calendar)
        #expect(first.timeline.policy == .after(now.addingTimeInterval(24 * 3600)))
    }

    @Test("scheduled changes become entries; future entries carry the snapshot's data only")
    func scheduledChanges() {
        let data = snapshot([("2026-11-29T11:00:00+09:00", "B"), ("2026-11-29T12:00:00+09:00", "C")])
        var options = PlanningOptions.default
        options.horizon = 4 * 3600
        let entries = planner(options).plan(.loaded(data), at: now, in: calendar).timeline.entries
        // The last entry, at the horizon, claims what lasts: the data will end expired.
        #expect(
            entries.map(\.date) == [
                now, .at("2026-11-29T09:25:00+09:00"), .at("2026-11-29T11:00:00+09:00"),
                .at("2026-11-29T12:00:00+09:00"), .at("2026-11-29T13:00:00+09:00"),
            ])
        #expect(entries.map { $0.state.content } == ["A", "A", "B", "C", "C"])
        #expect(entries.last?.state.situation == "expired")
        #expect(entries.allSatisfy { $0.state.stamp?.revision == 7 })
    }

    @Test("a change point already past is not an entry; its effect shows at now")
    func pastChangePoint() {
        let data = snapshot([("2026-11-29T08:00:00+09:00", "B")])
        let entries = planner().plan(.loaded(data), at: now, in: calendar).timeline.entries
        #expect(entries.first == PlannedEntry(date: now, state: .fresh("B", data.stamp)))
        #expect(entries.allSatisfy { $0.date >= now })
    }

    @Test("same-date duplicates are removed")
    func duplicates() {
        let data = snapshot([("2026-11-29T11:00:00+09:00", "B"), ("2026-11-29T11:00:00+09:00", "B")])
        let dates = planner().plan(.loaded(data), at: now, in: calendar).timeline.entries.map(\.date)
        #expect(Set(dates).count == dates.count)
    }

    @Test("an event closer than 5 minutes to the entry before appears late, never early")
    func spacingDelaysEvents() {
        let data = snapshot([("2026-11-29T11:00:00+09:00", "B"), ("2026-11-29T11:02:00+09:00", "C")])
        let plan = planner().plan(.loaded(data), at: now, in: calendar)
        let eleven = plan.timeline.entries.first { $0.date == .at("2026-11-29T11:00:00+09:00") }
        #expect(eleven?.state.content == "B")
        #expect(plan.timeline.entry(at: .at("2026-11-29T11:04:59+09:00"))?.state.content == "B")
        #expect(plan.timeline.entry(at: .at("2026-11-29T11:05:00+09:00"))?.state.content == "C")
        #expect(
            plan.corrections.contains(
                .delayedWithinSpacing(
                    from: .at("2026-11-29T11:02:00+09:00"), to: .at("2026-11-29T11:05:00+09:00"))))
    }

    @Test("a change that claims less folds into the entry before: it shows early")
    func spacingFoldsWithdrawals() {
        let widget = ScriptedWidget(freshness: widget.freshness, withdrawals: ["C"])
        let data = snapshot([("2026-11-29T11:00:00+09:00", "B"), ("2026-11-29T11:02:00+09:00", "C")])
        let plan = TimelinePlanner(kind: widget).plan(.loaded(data), at: now, in: calendar)
        #expect(plan.timeline.entry(at: .at("2026-11-29T11:00:00+09:00"))?.state.content == "C")
        #expect(
            plan.corrections.contains(
                .mergedWithinSpacing(
                    dropped: .at("2026-11-29T11:02:00+09:00"), into: .at("2026-11-29T11:00:00+09:00"))))
    }

    @Test("where the spacing allows neither, the entry before an event withdraws the currency that lapses")
    func spacingClaimsLess() {
        // B at 11:00; the data turns stale at 11:02 (claimed from 10:57); C at 11:01.
        let widget = ScriptedWidget(
            freshness: FreshnessPolicy(staleAfter: 2 * 3600 + 120, expiresAfter: 24 * 3600))
        let data = snapshot([("2026-11-29T11:00:00+09:00", "B"), ("2026-11-29T11:01:00+09:00", "C")])
        let entries = TimelinePlanner(kind: widget).plan(.loaded(data), at: now, in: calendar).timeline
            .entries
        let stamp = data.stamp
        #expect(
            entries.contains(PlannedEntry(date: .at("2026-11-29T10:57:00+09:00"), state: .stale("A", stamp))))
        #expect(
            entries.contains(PlannedEntry(date: .at("2026-11-29T11:02:00+09:00"), state: .stale("C", stamp))))
        #expect(!entries.contains { $0.state.content == "B" })
    }

    @Test("a failed refresh keeps the last snapshot with its freshness and retries with back-off")
    func failedRefresh() {
        let old = snapshot(generatedAt: "2026-11-29T07:00:00+09:00")
        let first = planner().plan(
            .failed(.sourceTimedOut, consecutiveFailures: 1, lastKnown: old), at: now, in: calendar)
        let third = planner().plan(
            .failed(.sourceTimedOut, consecutiveFailures: 3, lastKnown: old), at: now, in: calendar)
        #expect(first.timeline.entries.first?.state == .stale("A", old.stamp))
        #expect(first.timeline.entries.last?.state == .expired("A", old.stamp))
        guard case .after(let firstRetry) = first.timeline.policy,
            case .after(let thirdRetry) = third.timeline.policy
        else {
            Issue.record("failures must retry with .after")
            return
        }
        #expect(thirdRetry.timeIntervalSince(now) > firstRetry.timeIntervalSince(now) * 2)
    }

    @Test("a new revision after a reload is what the next plan shows")
    func newRevision() {
        let before = planner().plan(
            .loaded(snapshot(initial: "3 tasks", revision: 17)), at: now, in: calendar)
        let after = planner().plan(
            .loaded(snapshot(initial: "4 tasks", revision: 18)), at: now.addingTimeInterval(60), in: calendar)
        #expect(before.timeline.entries.first?.state.stamp?.revision == 17)
        #expect(after.timeline.entries.first?.state.stamp?.revision == 18)
        #expect(after.timeline.entries.first?.state.content == "4 tasks")
    }

    @Test("the policy is .atEnd when the last entry is the refresh date")
    func atEndWhenLastEntryIsBoundary() {
        // Stale from 09:25, expired from 09:35 (each 5 minutes early), refresh at 09:35.
        let widget = ScriptedWidget(
            freshness: FreshnessPolicy(staleAfter: 30 * 60, expiresAfter: 40 * 60, refreshAfter: 35 * 60))
        let plan = TimelinePlanner(kind: widget).plan(.loaded(snapshot()), at: now, in: calendar)
        #expect(plan.timeline.entries.last?.date == .at("2026-11-29T09:35:00+09:00"))
        #expect(plan.timeline.policy == .atEnd)
    }

    @Test("data whose expiry lies past the horizon ends, at the horizon, with the freshness it will end with")
    func lastEntryLasts() {
        let widget = ScriptedWidget(freshness: FreshnessPolicy(staleAfter: 30 * 60, expiresAfter: 72 * 3600))
        let plan = TimelinePlanner(kind: widget).plan(.loaded(snapshot()), at: now, in: calendar)
        #expect(plan.timeline.entries.map(\.state.situation) == ["fresh", "stale", "expired"])
        #expect(plan.timeline.entries.last?.date == now.addingTimeInterval(48 * 3600))
    }

    @Test("a cut timeline ends with what lasts, keeps the freshness withdrawals, and asks again at the cut")
    func truncation() {
        // Phases every 10 minutes from 09:10; the data stays fresh for 3 hours.
        let phases = (1...30).map { (Instant.format(now.addingTimeInterval(Double($0) * 600)), "P\($0)") }
        let widget = ScriptedWidget(
            freshness: FreshnessPolicy(staleAfter: 3 * 3600, expiresAfter: 24 * 3600), lastingLabel: "busy")
        var options = PlanningOptions.default
        options.maximumEntries = 5
        let plan = TimelinePlanner(kind: widget, options: options).plan(
            .loaded(snapshot(phases)), at: now, in: calendar)
        // Two phases, then the lasting screen at the cut, stale and expired on time after it.
        #expect(
            plan.timeline.entries.map { Instant.format($0.date, in: calendar.timeZone) } == [
                "2026-11-29T09:00:00+09:00", "2026-11-29T09:10:00+09:00", "2026-11-29T09:20:00+09:00",
                "2026-11-29T11:55:00+09:00", "2026-11-30T08:55:00+09:00",
            ])
        #expect(plan.timeline.entries.map(\.state.content) == ["A", "P1", "busy", "busy", "busy"])
        #expect(
            plan.timeline.entries.map(\.state.situation) == ["fresh", "fresh", "fresh", "stale", "expired"])
        #expect(plan.corrections.last == .truncated(count: 32, from: .at("2026-11-29T09:20:00+09:00")))
        #expect(plan.timeline.policy == .after(.at("2026-11-29T09:20:00+09:00")))
        // Without a lasting screen the timeline says it has ended, rather than freeze a phase.
        let plain = TimelinePlanner(kind: ScriptedWidget(freshness: widget.freshness), options: options)
            .plan(.loaded(snapshot(phases)), at: now, in: calendar)
        #expect(plain.timeline.entries.last?.state == .unavailable(.timelineEnded))
    }

    @Test("the entry limit never drops below room for now and both freshness transitions")
    func entryLimitFloor() {
        var options = PlanningOptions.default
        options.maximumEntries = 1
        #expect(options.maximumEntries == 3)
    }

    @Test("refresh jitter is deterministic per seed and spreads devices")
    func jitter() {
        func refresh(seed: UInt64) -> Date? {
            var options = PlanningOptions.default
            options.refreshJitter = RefreshJitter(maximum: 600, seed: seed)
            return planner(options).plan(.loaded(snapshot()), at: now, in: calendar).timeline.earliestReload
        }
        #expect(refresh(seed: 1) == refresh(seed: 1))
        let spread = Set((0..<50).compactMap { refresh(seed: $0) })
        #expect(spread.count > 40)
        #expect(
            spread.allSatisfy {
                $0 >= .at("2026-11-29T09:30:00+09:00") && $0 < .at("2026-11-29T09:40:00+09:00")
            })
    }

    @Test("a time-zone change gives a new plan: day starts move with the zone")
    func timeZoneChange() {
        let data = Snapshot.fixture(0, kind: "day", generatedAt: now)
        let seoul = TimelinePlanner(kind: DayStartsWidget()).plan(.loaded(data), at: now, in: calendar)
        let london = TimelinePlanner(kind: DayStartsWidget()).plan(
            .loaded(data), at: now, in: .gregorian(in: "Europe/London"))
        #expect(seoul.timeline.entries[1].date == .at("2026-11-30T00:00:00+09:00"))
        #expect(london.timeline.entries[1].date == .at("2026-11-30T00:00:00Z"))
    }

    @Test("the same input always gives the same timeline")
    func pure() {
        let data = snapshot([("2026-11-29T11:00:00+09:00", "B")])
        let plans = (0..<3).map { _ in
            planner().plan(
                .failed(.sourceFailed, consecutiveFailures: 2, lastKnown: data), at: now, in: calendar)
        }
        #expect(plans.allSatisfy { $0 == plans[0] })
    }
}
