import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting

@Suite("Schedule widget: upcoming → due → overdue")
struct ScheduleWidgetTests {
    let seoul = Calendar.gregorian(in: "Asia/Seoul")
    let planner = TimelinePlanner(kind: ScheduleWidget())

    private func snapshot(
        pending: [String],
        done: Int = 0,
        generatedAt: String = "2026-11-29T09:00:00+09:00",
        revision: Int = 1
    ) -> Snapshot<SchedulePayload> {
        Snapshot.fixture(
            SchedulePayload(pending: pending.map { .at($0) }, completedToday: done),
            kind: "schedule",
            revision: revision,
            generatedAt: .at(generatedAt)
        )
    }

    @Test("due at 11:00, now 09:00: entries at 09:00 (upcoming), 11:00 (due) and 12:00 (overdue)")
    func seedExample() {
        let data = snapshot(pending: ["2026-11-29T11:00:00+09:00"], done: 2)
        let entries = planner.timeline(for: .loaded(data), at: .at("2026-11-29T09:00:00+09:00"), in: seoul)
            .entries
        let due = Date.at("2026-11-29T11:00:00+09:00")
        #expect(
            Array(entries.prefix(3).map(\.date)) == [
                .at("2026-11-29T09:00:00+09:00"), due, .at("2026-11-29T12:00:00+09:00"),
            ])
        #expect(
            Array(entries.prefix(3).map { $0.state.content }) == [
                ScheduleContent(phase: .upcoming, dueAt: due, completedToday: 2, remaining: 1),
                ScheduleContent(phase: .due, dueAt: due, completedToday: 2, remaining: 1),
                ScheduleContent(phase: .overdue, dueAt: due, completedToday: 2, remaining: 1),
            ])
        #expect(entries[1].relevance == EntryRelevance(score: 1, duration: 3600))
    }

    @Test("today's count starts again at midnight, and the overdue item stays visible")
    func midnightReset() {
        let data = snapshot(
            pending: ["2026-11-29T21:00:00+09:00"], done: 3, generatedAt: "2026-11-29T20:00:00+09:00")
        let entries = planner.timeline(for: .loaded(data), at: .at("2026-11-29T20:00:00+09:00"), in: seoul)
            .entries
        let midnight = entries.first { $0.date == .at("2026-11-30T00:00:00+09:00") }
        #expect(midnight?.state.content?.completedToday == 0)
        #expect(midnight?.state.content?.phase == .overdue)
        #expect(entries.first?.state.content?.completedToday == 3)
    }

    @Test(
        "month ends and leap days: the reset lands on the first instant of the next local day",
        arguments: [
            ("2028-02-28T22:00:00+09:00", "2028-02-29T00:00:00+09:00"),
            ("2028-02-29T22:00:00+09:00", "2028-03-01T00:00:00+09:00"),
            ("2026-12-31T22:00:00+09:00", "2027-01-01T00:00:00+09:00"),
        ]
    )
    func monthEnds(now: String, reset: String) {
        let data = snapshot(pending: [], done: 1, generatedAt: now)
        let entries = planner.timeline(for: .loaded(data), at: .at(now), in: seoul).entries
        let resetEntry = entries.first { $0.state.content?.completedToday == 0 }
        #expect(resetEntry?.date == .at(reset))
    }

    @Test("in a DST zone the reset follows the zone: Havana's day after the gap starts at 00:00")
    func dstReset() {
        let havana = Calendar.gregorian(in: "America/Havana")
        let data = snapshot(pending: [], done: 1, generatedAt: "2026-03-07T22:00:00-05:00")
        let entries = planner.timeline(for: .loaded(data), at: .at("2026-03-07T22:00:00-05:00"), in: havana)
            .entries
        let resets = entries.filter { $0.state.content?.completedToday == 0 }.map(\.date)
        #expect(resets.first == .at("2026-03-08T01:00:00-04:00"))
    }

    @Test(
        "the count belongs to the day its data was observed: a save that finishes after midnight holds yesterday's"
    )
    func countDayIsTheObservedDay() {
        let widget = ScheduleWidget()
        let data = Snapshot.fixture(
            SchedulePayload(pending: [], completedToday: 3), kind: "schedule",
            generatedAt: .at("2026-11-30T00:00:15+09:00"), observedAt: .at("2026-11-29T23:59:45+09:00"))
        let afterMidnight = Date.at("2026-11-30T00:01:00+09:00")
        #expect(widget.content(of: data, at: afterMidnight, in: seoul).completedToday == 0)
        #expect(widget.content(of: data, at: .at("2026-11-29T23:59:50+09:00"), in: seoul).completedToday == 3)
        let entries = planner.timeline(for: .loaded(data), at: afterMidnight, in: seoul).entries
        #expect(entries.allSatisfy { $0.state.content?.completedToday == 0 }, "\(entries.map(\.state))")
        // Observed after midnight, written later still: today's count until the next midnight.
        let today = Snapshot.fixture(
            SchedulePayload(pending: [], completedToday: 3), kind: "schedule",
            generatedAt: .at("2026-11-30T00:05:00+09:00"), observedAt: .at("2026-11-30T00:00:30+09:00"))
        #expect(
            widget.content(of: today, at: .at("2026-11-30T00:04:00+09:00"), in: seoul).completedToday == 3)
        #expect(
            widget.content(of: today, at: .at("2026-12-01T00:00:00+09:00"), in: seoul).completedToday == 0)
    }

    @Test("a custom day start moves the reset")
    func customDayStart() {
        var widget = ScheduleWidget()
        widget.dayStart = DayStart(hour: 4)!
        let data = snapshot(pending: [], done: 2, generatedAt: "2026-11-29T23:00:00+09:00")
        let entries = TimelinePlanner(kind: widget).timeline(
            for: .loaded(data), at: .at("2026-11-30T01:00:00+09:00"), in: seoul
        ).entries
        #expect(entries.first?.state.content?.completedToday == 2)
        #expect(
            entries.first { $0.state.content?.completedToday == 0 }?.date == .at("2026-11-30T04:00:00+09:00"))
    }

    @Test("an item already past is shown overdue at once; no entry is dated in the past")
    func pastItem() {
        let data = snapshot(pending: ["2026-11-29T07:00:00+09:00", "2026-11-29T15:00:00+09:00"])
        let now = Date.at("2026-11-29T09:00:00+09:00")
        let entries = planner.timeline(for: .loaded(data), at: now, in: seoul).entries
        #expect(entries.first?.state.content?.phase == .overdue)
        #expect(entries.allSatisfy { $0.date >= now })
        #expect(
            entries.contains {
                $0.date == .at("2026-11-29T15:00:00+09:00") && $0.state.content?.phase == .due
            })
    }

    @Test("two items due at the same time make one entry, not two")
    func sameTime() {
        let data = snapshot(pending: ["2026-11-29T11:00:00+09:00", "2026-11-29T11:00:00+09:00"])
        let entries = planner.timeline(for: .loaded(data), at: .at("2026-11-29T09:00:00+09:00"), in: seoul)
            .entries
        #expect(entries.filter { $0.date == .at("2026-11-29T11:00:00+09:00") }.count == 1)
        #expect(entries.first?.state.content?.remaining == 2)
    }

    @Test("nothing pending: all done, and no change points but the day start")
    func clear() {
        let data = snapshot(pending: [], done: 0)
        let entries = planner.timeline(for: .loaded(data), at: .at("2026-11-29T09:00:00+09:00"), in: seoul)
            .entries
        #expect(
            entries.first?.state.content
                == ScheduleContent(phase: .clear, dueAt: nil, completedToday: 0, remaining: 0))
    }

    @Test("the preview fixture is sample data, and the deep link opens the schedule")
    func fixtureAndLink() {
        let widget = ScheduleWidget()
        #expect(widget.preview == SchedulePayload.preview)
        #expect(widget.deepLink(for: nil)?.absoluteString == "exampleapp://schedule")
    }
}
