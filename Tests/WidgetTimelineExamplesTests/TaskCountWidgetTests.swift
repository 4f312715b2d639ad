import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting

@Suite("Task-count widget: the same snapshot in every future entry")
struct TaskCountWidgetTests {
    let calendar = Calendar.gregorian(in: "Asia/Seoul")
    let now = Date.at("2026-11-29T09:00:00+09:00")

    private func snapshot(_ count: Int, revision: Int = 18, generatedAt: String = "2026-11-29T09:00:00+09:00")
        -> Snapshot<TaskCountPayload>
    {
        Snapshot.fixture(
            TaskCountPayload(count: count), kind: "task-count", revision: revision,
            generatedAt: .at(generatedAt))
    }

    @Test("every entry carries the same count and revision; dates strictly increase")
    func sameSnapshot() {
        let timeline = TimelinePlanner(kind: TaskCountWidget()).timeline(
            for: .loaded(snapshot(12)), at: now, in: calendar)
        #expect(timeline.entries.count == 3)
        #expect(
            timeline.entries.allSatisfy {
                $0.state.content == TaskCountContent(count: 12) && $0.state.stamp?.revision == 18
            })
        #expect(zip(timeline.entries, timeline.entries.dropFirst()).allSatisfy { $0.date < $1.date })
        #expect(timeline.entries.map(\.state.situation) == ["fresh", "stale", "expired"])
    }

    @Test("zero is a value: a count of 0 is shown as 0, not as unavailable")
    func zero() {
        let widget = TaskCountWidget()
        let state = TimelinePlanner(kind: widget).timeline(for: .loaded(snapshot(0)), at: now, in: calendar)
            .entries[0].state
        #expect(state == .fresh(TaskCountContent(count: 0), DataStamp(revision: 18, observedAt: now)))
        #expect(widget.summary(of: state, in: calendar) == "fresh r18 · 0 open tasks")
        let failed = TimelinePlanner(kind: widget).timeline(
            for: .failed(.snapshotUnreadable), at: now, in: calendar)
        #expect(failed.entries[0].state != state)
        #expect(
            widget.summary(of: failed.entries[0].state, in: calendar) == "unavailable (snapshot-unreadable)")
    }

    @Test(
        "just before, at and just after 30 min and 24 h",
        arguments: [
            (1799.0, "fresh"), (1800.0, "stale"), (1801.0, "stale"), (86_399.0, "stale"),
            (86_400.0, "expired"),
            (86_401.0, "expired"),
        ]
    )
    func thresholds(age: TimeInterval, situation: String) {
        let state = TaskCountWidget().state(of: snapshot(5), at: now.addingTimeInterval(age), in: calendar)
        #expect(state.situation == situation)
    }

    @Test("the preview holds sample data and the deep link opens the task list")
    func fixtureAndLink() {
        #expect(TaskCountWidget().preview == TaskCountPayload(count: 3))
        #expect(TaskCountWidget().deepLink(for: nil)?.absoluteString == "exampleapp://tasks")
    }
}
