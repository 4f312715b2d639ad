import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting

@testable import WidgetTimelineWidgetKit

#if canImport(WidgetKit)
    import WidgetKit
#else
    @testable import WidgetKitStandIn
#endif

@Suite("PlanningTimelineProvider: placeholder, snapshot and timeline, each completed exactly once")
struct PlanningTimelineProviderTests {
    @Test("The placeholder is the kind's fixture, made without touching the store or the source")
    func placeholderTouchesNothing() {
        let provider = Fixture.provider(
            Fixture.core(
                TaskCountWidget(), store: UnimplementedSnapshotStore(),
                source: UnimplementedSource<TaskCountPayload>()))

        let entry = provider.placeholder()

        #expect(entry.date == Fixture.now)
        #expect(entry.state.content == TaskCountContent(count: TaskCountWidget().preview.count))
        #expect(entry.state.freshness == .fresh)
        #expect(entry.key == TaskCountWidget().defaultKey)
    }

    @Test("The gallery snapshot is the fixture, never reads the store, and completes once")
    func gallerySnapshot() {
        let provider = Fixture.provider(Fixture.core(TaskCountWidget(), store: UnimplementedSnapshotStore()))
        let recorder = CompletionRecorder<PlannedTimelineEntry<TaskCountContent>>()

        provider.deliverSnapshot(isPreview: true, to: recorder.completion)

        #expect(recorder.count == 1)
        #expect(recorder.calls.first == provider.placeholder())
    }

    @Test("Outside the gallery the snapshot is the stored value, completed once")
    func storedSnapshot() throws {
        let store = try Fixture.store(taskCount: 0)
        let provider = Fixture.provider(Fixture.core(TaskCountWidget(), store: store.readOnly()))
        let recorder = CompletionRecorder<PlannedTimelineEntry<TaskCountContent>>()

        provider.deliverSnapshot(isPreview: false, to: recorder.completion)

        #expect(recorder.count == 1)
        let entry = try #require(recorder.calls.first)
        #expect(
            entry.state == .fresh(TaskCountContent(count: 0), DataStamp(revision: 1, observedAt: Fixture.now))
        )
    }

    @Test("A snapshot of a damaged store is unavailable with the reason, completed once")
    func damagedSnapshot() {
        let store = InMemorySnapshotStore()
        store.setRecordBytes(Array("not a record".utf8), of: TaskCountWidget().defaultKey, revision: 1)
        let provider = Fixture.provider(Fixture.core(TaskCountWidget(), store: store.readOnly()))
        let recorder = CompletionRecorder<PlannedTimelineEntry<TaskCountContent>>()

        provider.deliverSnapshot(isPreview: false, to: recorder.completion)

        #expect(recorder.count == 1)
        #expect(recorder.calls.first?.state == .unavailable(.snapshotCorrupted))
    }

    @Test("A timeline completes exactly once, and is the core's plan mapped for WidgetKit")
    func timelineOnSuccess() async throws {
        let store = try Fixture.store(taskCount: 3)
        let core = Fixture.core(TaskCountWidget(), store: store.readOnly())
        let provider = Fixture.provider(core)
        let recorder = CompletionRecorder<Timeline<PlannedTimelineEntry<TaskCountContent>>>()

        await provider.deliverTimeline(to: recorder.completion).value

        #expect(recorder.count == 1)
        let timeline = try #require(recorder.calls.first)
        let planned = await core.timeline(at: Fixture.now, in: Fixture.calendar)
        #expect(timeline.entries.map(\.planned) == planned.entries)
        #expect(timeline.policy == TimelineReloadPolicy(planned.policy))
        // Fresh at 09:00, stale at 09:30, expired (but shown) a day later.
        #expect(timeline.entries.map(\.state.freshness) == [.fresh, .stale, .expired])
    }

    @Test("A timeline completes exactly once when reading and fetching fail, with a retry")
    func timelineOnFailure() async throws {
        let store = InMemorySnapshotStore()
        store.setRecordBytes(Array("garbage".utf8), of: TaskCountWidget().defaultKey, revision: 1)
        let provider = Fixture.provider(
            Fixture.core(
                TaskCountWidget(), store: store.readOnly(),
                source: ScriptedSource<TaskCountPayload>(.fail(.sourceFailed))))
        let recorder = CompletionRecorder<Timeline<PlannedTimelineEntry<TaskCountContent>>>()

        await provider.deliverTimeline(to: recorder.completion).value

        #expect(recorder.count == 1)
        let timeline = try #require(recorder.calls.first)
        #expect(timeline.entries.first?.state == .unavailable(.snapshotCorrupted))
        #expect(timeline.entries.first?.date == Fixture.now)
        #expect(timeline.policy != .never && timeline.policy != .atEnd)
    }

    @Test("A timeline completes exactly once when the source never answers")
    func timelineWhenSourceHangs() async throws {
        let provider = Fixture.provider(
            Fixture.core(
                TaskCountWidget(), store: InMemorySnapshotStore().readOnly(),
                source: ScriptedSource<TaskCountPayload>(.hang), sleeper: ImmediateClock()))
        let recorder = CompletionRecorder<Timeline<PlannedTimelineEntry<TaskCountContent>>>()

        await provider.deliverTimeline(to: recorder.completion).value

        #expect(recorder.count == 1)
        #expect(recorder.calls.first?.entries.first?.state == .unavailable(.sourceTimedOut))
    }

    @Test("Entries carry the kind's relevance as WidgetKit's TimelineEntryRelevance")
    func relevanceReachesWidgetKit() async throws {
        let store = InMemorySnapshotStore()
        let due = Date.at("2026-11-29T11:00:00+09:00")
        try WidgetSync(store: store, reloader: RecordingReloader(), clock: ManualClock(now: Fixture.now))
            .commit(SchedulePayload(pending: [due], completedToday: 0), for: ScheduleWidget())
        let provider = Fixture.provider(Fixture.core(ScheduleWidget(), store: store.readOnly()))

        let timeline = await provider.timeline()

        let dueEntry = try #require(timeline.entries.first { $0.date == due })
        #expect(dueEntry.relevance?.score == 1)
        #expect(dueEntry.relevance?.duration == 3600)
        #expect(timeline.entries.first?.relevance == nil)
    }

    #if !canImport(WidgetKit)
        // WidgetKit makes contexts itself; only the stand-in lets a test build one.
        @Test("The protocol methods pass the context's isPreview on, and complete")
        func protocolMethods() async throws {
            let preview = PlanningTimelineProvider(
                core: Fixture.core(TaskCountWidget(), store: UnimplementedSnapshotStore()),
                clock: ManualClock(now: Fixture.now), calendar: { Fixture.calendar })
            let gallery = CompletionRecorder<PlannedTimelineEntry<TaskCountContent>>()
            preview.getSnapshot(in: TimelineProviderContext(isPreview: true), completion: gallery.completion)
            #expect(gallery.count == 1)
            #expect(
                preview.placeholder(in: TimelineProviderContext(isPreview: false)) == preview.placeholder())

            let provider = Fixture.provider(
                Fixture.core(TaskCountWidget(), store: try Fixture.store(taskCount: 2)))
            let first = await withCheckedContinuation { continuation in
                provider.getTimeline(in: TimelineProviderContext(isPreview: false)) {
                    continuation.resume(returning: $0.entries.first?.state)
                }
            }
            #expect(first?.content == TaskCountContent(count: 2))
        }
    #endif
}
