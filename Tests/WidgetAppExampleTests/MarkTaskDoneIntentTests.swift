import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting
import WidgetTimelineWidgetKit

@testable import ExampleWidgetExtension

@Suite("The task-count widget's Done button: saved from the extension, read by the next run")
struct MarkTaskDoneIntentTests {
    @Test("The intent commits one task fewer through the intent path; the provider run after it reads it")
    func marksDone() async throws {
        let directory = try TemporaryDirectory()
        let container = SharedContainer(directory: directory.url)
        let clock = ManualClock(now: .at("2026-11-29T09:00:00+09:00"))
        let reloader = RecordingReloader()
        let host = container.widgetSync(reloader: reloader, clock: clock, debounce: .immediate)
        try host.commit(TaskCountPayload(count: 3), for: TaskCountWidget())
        let extensionSync = container.intentSync(reloader: reloader, clock: clock)

        let outcome = try MarkTaskDoneIntent.markDone(
            in: extensionSync, reading: container.store(access: .readOnly))

        #expect(outcome == .saved(revision: 2, reload: .afterIntent))
        // Only the host's commit asked for a reload; the system reloads the tapped widget.
        #expect(reloader.requests == [.kinds(["task-count"])])
        let provider = PlanningTimelineProvider(
            kind: TaskCountWidget(), in: .success(container),
            configuration: ProviderConfiguration(clock: clock, calendar: { Calendar(identifier: .gregorian) })
        )
        let timeline = await provider.timeline()
        #expect(timeline.entries.first?.state.content?.count == 2)
        #expect(timeline.entries.first?.state.stamp?.revision == 2)
        let commits = container.log.read().events.filter { $0.stage == .snapshotCommit }
        #expect(commits.map(\.side) == [.host, .widgetExtension])
    }

    @Test("Nothing stored yet: nothing to mark, nothing written")
    func nothingStored() throws {
        let directory = try TemporaryDirectory()
        let container = SharedContainer(directory: directory.url)
        let sync = container.intentSync(
            reloader: RecordingReloader(), clock: ManualClock(now: .at("2026-11-29T09:00:00Z")))
        #expect(try MarkTaskDoneIntent.markDone(in: sync, reading: container.store(access: .readOnly)) == nil)
        #expect(try container.store().keys().isEmpty)
    }
}
