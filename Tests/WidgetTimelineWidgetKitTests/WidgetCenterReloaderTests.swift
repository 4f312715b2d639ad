import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting
import WidgetTimelineWidgetKit

@Suite("WidgetCenterReloader: reloads skip only kinds settled as not installed")
struct WidgetCenterReloaderTests {
    let clock = ManualClock(now: Fixture.now)

    private func reloader(_ center: RecordingWidgetCenter, sleeper: any Clock<Duration> = StalledClock())
        -> WidgetCenterReloader
    {
        WidgetCenterReloader(center: center, clock: clock, queryTimeout: .seconds(5), sleeper: sleeper)
    }

    @Test("Before the system has answered, every kind asked for is reloaded, once")
    func unknownInstallations() {
        let center = RecordingWidgetCenter(configured: ["task-count"])
        let reloader = reloader(center)

        reloader.reloadTimelines(ofKinds: ["task-count", "parking", "task-count"])

        #expect(reloader.installedKinds == nil)
        #expect(center.calls == [.reload("task-count"), .reload("parking")])
    }

    @Test("One answer never settles a skip: the query lags a widget just added")
    func firstAnswerDoesNotSkip() async {
        let center = RecordingWidgetCenter(configured: ["task-count", "schedule"])
        let reloader = reloader(center)

        #expect(await reloader.refreshInstalledKinds() == ["task-count", "schedule"])
        reloader.reloadTimelines(ofKinds: ["parking", "schedule"])

        #expect(center.calls == [.reload("parking"), .reload("schedule")])
    }

    @Test(
        "A kind missing from two answers a settling time apart is skipped; one that appears is reloaded again",
        arguments: [59.0, 60.0])
    func settledAnswerSkips(gap: TimeInterval) async {
        let center = RecordingWidgetCenter(configured: ["task-count"])
        let reloader = reloader(center)
        await reloader.refreshInstalledKinds()
        clock.advance(by: gap)
        await reloader.refreshInstalledKinds()

        reloader.reloadTimelines(ofKinds: ["parking", "task-count"])
        let settled = gap >= 60
        #expect(center.calls == (settled ? [] : [.reload("parking")]) + [.reload("task-count")])

        center.configuredKinds = ["task-count", "parking"]
        await reloader.refreshInstalledKinds()
        reloader.reloadTimelines(ofKinds: ["parking"])
        #expect(center.calls.last == .reload("parking"))
    }

    @Test("When the system fails to answer, nothing is known: every kind counts as installed")
    func failedRefresh() async {
        let center = RecordingWidgetCenter(configured: ["task-count"])
        let reloader = reloader(center)
        await reloader.refreshInstalledKinds()
        clock.advance(by: 120)
        await reloader.refreshInstalledKinds()

        center.configuredKinds = nil
        #expect(await reloader.refreshInstalledKinds() == nil)

        #expect(reloader.installedKinds == nil)
        reloader.reloadTimelines(ofKinds: ["parking"])
        #expect(center.calls == [.reload("parking")])
    }

    @Test(
        "A query the system never answers returns at the timeout on the injected clock, and forgets",
        .timeLimit(.minutes(1)))
    func queryTimesOut() async {
        let center = RecordingWidgetCenter(configured: [])
        let sleeper = ArmedClock()
        let reloader = reloader(center, sleeper: sleeper)
        // Two answers settle "parking" as not installed (the timeout cannot fire: disarmed) …
        await reloader.refreshInstalledKinds()
        clock.advance(by: 60)
        await reloader.refreshInstalledKinds()
        reloader.reloadTimelines(ofKinds: ["parking"])
        #expect(center.calls.isEmpty)

        // … then the system stops answering, and the timeout fires at once on the armed clock.
        center.hangs = true
        sleeper.arm()
        #expect(await reloader.refreshInstalledKinds() == nil)

        #expect(sleeper.slept == [.seconds(5)])
        #expect(reloader.installedKinds == nil)
        reloader.reloadTimelines(ofKinds: ["parking"])
        #expect(center.calls == [.reload("parking")])
    }

    @Test("Reload-all goes through: it is for global events such as signing out")
    func reloadAll() {
        let center = RecordingWidgetCenter(configured: [])
        reloader(center).reloadAllTimelines()
        #expect(center.calls == [.reloadAll])
    }

    @Test("The host's sync saves a kind settled as not installed but never asks to reload it")
    func syncSkipsUninstalledKinds() async throws {
        let center = RecordingWidgetCenter(configured: ["task-count"])
        let reloader = reloader(center)
        await reloader.refreshInstalledKinds()
        let sync = WidgetSync(store: InMemorySnapshotStore(), reloader: reloader, clock: clock)

        let early = try sync.commit(ParkingPayload.preview, for: ParkingWidget())
        clock.advance(by: 60)
        await reloader.refreshInstalledKinds()
        let parking = try sync.commit(
            ParkingPayload(parkID: "x", parkName: "X", lots: []), for: ParkingWidget())
        let tasks = try sync.commit(TaskCountPayload(count: 4), for: TaskCountWidget())

        #expect(early == .saved(revision: 1, reload: .requested))
        #expect(parking == .saved(revision: 2, reload: .notInstalled))
        #expect(tasks == .saved(revision: 1, reload: .requested))
        #expect(center.calls == [.reload("parking"), .reload("task-count")])
    }

    @Test("Debounced reloads go out on flush")
    func flushSendsPendingReloads() async throws {
        let center = RecordingWidgetCenter(configured: ["task-count", "schedule"])
        let reloader = reloader(center)
        await reloader.refreshInstalledKinds()
        let sync = WidgetSync(
            store: InMemorySnapshotStore(), reloader: reloader, clock: clock,
            debounce: .window(2, maximumDelay: 10, timer: clock))

        try sync.commit(TaskCountPayload(count: 1), for: TaskCountWidget())
        try sync.commit(SchedulePayload(pending: [], completedToday: 1), for: ScheduleWidget())
        #expect(center.calls.isEmpty)

        let flushed = sync.flush()

        #expect(Set(flushed) == [.timelines("task-count"), .timelines("schedule")])
        #expect(Set(center.calls) == [.reload("task-count"), .reload("schedule")])
    }
}

/// A `Clock` whose sleeps never end (until cancelled) while disarmed, and end at once, recording
/// their length, once armed: a timeout that fires exactly when the test says.
final class ArmedClock: Clock, @unchecked Sendable {
    // @unchecked: `armed` and `durations` are read and written under `lock`.
    typealias Instant = ImmediateClock.Instant

    private let lock = NSLock()
    private var armed = false
    private var durations: [Duration] = []

    var now: Instant { StalledClock().now }
    var minimumResolution: Duration { .zero }

    /// The sleeps that ended because the clock was armed.
    var slept: [Duration] { lock.withLock { durations } }

    func arm() { lock.withLock { armed = true } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let fires = lock.withLock {
            if armed { durations.append(deadline.offset) }
            return armed
        }
        if fires { return }
        try await StalledClock().sleep(until: deadline, tolerance: tolerance)
    }
}
