import Foundation
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting
import WidgetTimelineWidgetKit

/// The instant and zone every adapter test plans at.
enum Fixture {
    static let now = Date.at("2026-11-29T09:00:00+09:00")
    static let calendar = Calendar.gregorian(in: "Asia/Seoul")

    /// A provider core for `kind` over `store` (and `source`), logging to `log`.
    static func core<Kind: WidgetKind>(
        _ kind: Kind,
        store: any SnapshotStore,
        source: (any SnapshotSource<Kind.Payload>)? = nil,
        sleeper: any Clock<Duration> = ImmediateClock(),
        log: any DiagnosticSink = DiscardingDiagnosticSink()
    ) -> WidgetProviderCore<Kind> {
        WidgetProviderCore(
            loader: EntryLoader(kind: kind, store: store, source: source, sleeper: sleeper, log: log))
    }

    /// A store holding one committed task count, made by the host's sync at `at`.
    static func store(taskCount: Int, at instant: Date = now) throws -> InMemorySnapshotStore {
        let store = InMemorySnapshotStore()
        let sync = WidgetSync(store: store, reloader: RecordingReloader(), clock: ManualClock(now: instant))
        try sync.commit(TaskCountPayload(count: taskCount), for: TaskCountWidget())
        return store
    }

    /// A provider of `kind` over `core` planning at ``now`` in ``calendar``.
    static func provider<Kind: WidgetKind>(_ core: WidgetProviderCore<Kind>, key: SnapshotKey? = nil)
        -> PlanningTimelineProvider<Kind>
    {
        PlanningTimelineProvider(
            core: core, key: key, clock: ManualClock(now: now), calendar: { Fixture.calendar })
    }
}
