import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting
import WidgetTimelineWidgetKit

@Suite("ControlCenterReloader: control reloads through the coordinator, with the timelines' rules")
struct ControlCenterReloaderTests {
    let clock = ManualClock(now: Fixture.now)

    private func reloader(_ center: RecordingWidgetCenter, sleeper: any Clock<Duration> = StalledClock())
        -> ControlCenterReloader
    {
        ControlCenterReloader(center: center, clock: clock, queryTimeout: .seconds(5), sleeper: sleeper)
    }

    @Test("A commit reloads the widget and the control that show its data, each through its center")
    func commitReloadsBoth() async throws {
        let widgets = RecordingWidgetCenter(configured: ["task-count"])
        let controls = RecordingWidgetCenter(configured: ["task-toggle"])
        let controlReloader = reloader(controls)
        await controlReloader.refreshInstalledKinds()
        let sync = WidgetSync(
            store: InMemorySnapshotStore(),
            reloader: WidgetCenterReloader(center: widgets, clock: clock, sleeper: StalledClock()),
            clock: clock,
            controls: controlReloader)

        let outcome = try sync.commit(
            TaskCountPayload(count: 2), for: TaskCountWidget(),
            reloading: [.timelines("task-count"), .controls("task-toggle")])

        #expect(outcome == .saved(revision: 1, reload: .requested))
        #expect(widgets.calls == [.reload("task-count")])
        #expect(controls.calls == [.reload("task-toggle")])
        #expect(sync.ledger.count(.controlReloads, of: "task-toggle", at: clock.now) == 1)
    }

    @Test("A control kind is skipped only after two answers a minute apart leave it out")
    func settledSkip() async {
        let center = RecordingWidgetCenter(configured: [])
        let reloader = reloader(center)
        await reloader.refreshInstalledKinds()
        reloader.reloadControls(ofKinds: ["task-toggle", "task-toggle"])
        #expect(center.calls == [.reload("task-toggle")])

        clock.advance(by: 60)
        await reloader.refreshInstalledKinds()
        reloader.reloadControls(ofKinds: ["task-toggle"])
        #expect(center.calls == [.reload("task-toggle")])
        #expect(reloader.installedKindsHistory?.isSettledNotInstalled("task-toggle") == true)
    }

    @Test("A query that fails or never answers forgets what was known; reload-all goes through")
    func failuresForget() async {
        let center = RecordingWidgetCenter(configured: [])
        let reloader = reloader(center)
        await reloader.refreshInstalledKinds()
        clock.advance(by: 60)
        await reloader.refreshInstalledKinds()
        center.configuredKinds = nil
        #expect(await reloader.refreshInstalledKinds() == nil)
        reloader.reloadControls(ofKinds: ["task-toggle"])
        #expect(center.calls == [.reload("task-toggle")])

        let hanging = RecordingWidgetCenter(configured: [], hangs: true)
        let sleeper = ImmediateClock()
        let timed = self.reloader(hanging, sleeper: sleeper)
        #expect(await timed.refreshInstalledKinds() == nil)
        #expect(sleeper.now.offset == .seconds(5))
        timed.reloadAllControls()
        #expect(hanging.calls == [.reloadAll])
    }

    #if !canImport(WidgetKit)
        @Test("The system's control center, against the stand-in (no controls added), answers none")
        func systemCenter() async throws {
            #expect(try await SystemControlCenter().configuredKinds() == [])
        }
    #endif
}
