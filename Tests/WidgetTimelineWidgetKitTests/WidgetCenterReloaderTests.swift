import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting
import WidgetTimelineWidgetKit

@Suite("WidgetCenterReloader: reloads reach installed kinds only")
struct WidgetCenterReloaderTests {
    @Test("Before the system has answered, every kind asked for is reloaded, once")
    func unknownInstallations() {
        let center = RecordingWidgetCenter(configured: ["task-count"])
        let reloader = WidgetCenterReloader(center: center)

        reloader.reloadTimelines(ofKinds: ["task-count", "parking", "task-count"])

        #expect(reloader.installedKinds == nil)
        #expect(center.calls == [.reload("task-count"), .reload("parking")])
    }

    @Test("Once the system has answered, kinds without an installed widget are skipped")
    func installedOnly() async {
        let center = RecordingWidgetCenter(configured: ["task-count", "schedule"])
        let reloader = WidgetCenterReloader(center: center)

        #expect(await reloader.refreshInstalledKinds() == ["task-count", "schedule"])
        reloader.reloadTimelines(ofKinds: ["parking", "schedule", "task-count"])

        #expect(center.calls == [.reload("schedule"), .reload("task-count")])
    }

    @Test("When the system fails to answer, the last answer stands")
    func failedRefresh() async {
        let center = RecordingWidgetCenter(configured: ["task-count"])
        let reloader = WidgetCenterReloader(center: center)
        await reloader.refreshInstalledKinds()

        center.configuredKinds = nil
        #expect(await reloader.refreshInstalledKinds() == nil)

        #expect(reloader.installedKinds == ["task-count"])
    }

    @Test("Reload-all goes through: it is for global events such as signing out")
    func reloadAll() {
        let center = RecordingWidgetCenter(configured: [])
        WidgetCenterReloader(center: center).reloadAllTimelines()
        #expect(center.calls == [.reloadAll])
    }

    @Test("The host's sync saves a kind with no installed widget but never asks to reload it")
    func syncSkipsUninstalledKinds() async throws {
        let center = RecordingWidgetCenter(configured: ["task-count"])
        let reloader = WidgetCenterReloader(center: center)
        await reloader.refreshInstalledKinds()
        let sync = WidgetSync(
            store: InMemorySnapshotStore(), reloader: reloader, clock: ManualClock(now: Fixture.now))

        let parking = try sync.commit(ParkingPayload.preview, for: ParkingWidget())
        let tasks = try sync.commit(TaskCountPayload(count: 4), for: TaskCountWidget())

        #expect(parking == .saved(revision: 1, reload: .notInstalled))
        #expect(tasks == .saved(revision: 1, reload: .requested))
        #expect(center.calls == [.reload("task-count")])
    }

    @Test("Debounced reloads go out on flush, to installed kinds only")
    func flushSendsPendingReloads() async throws {
        let center = RecordingWidgetCenter(configured: ["task-count", "schedule"])
        let reloader = WidgetCenterReloader(center: center)
        await reloader.refreshInstalledKinds()
        let clock = ManualClock(now: Fixture.now)
        let sync = WidgetSync(
            store: InMemorySnapshotStore(), reloader: reloader, clock: clock,
            debounce: .window(2, maximumDelay: 10, timer: clock))

        try sync.commit(TaskCountPayload(count: 1), for: TaskCountWidget())
        try sync.commit(SchedulePayload(pending: [], completedToday: 1), for: ScheduleWidget())
        #expect(center.calls.isEmpty)

        let flushed = sync.flush()

        #expect(Set(flushed) == ["task-count", "schedule"])
        #expect(Set(center.calls) == [.reload("task-count"), .reload("schedule")])
    }
}
