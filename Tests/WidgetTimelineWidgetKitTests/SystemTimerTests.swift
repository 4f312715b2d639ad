import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

@testable import WidgetTimelineWidgetKit

@Suite("SystemClock and SystemTimer: the live clock and the debounce timer")
struct SystemTimerTests {
    final class Flag: @unchecked Sendable {
        // @unchecked: `raised` is read and written under `lock`.
        private let lock = NSLock()
        private var raised = 0
        func raise() { lock.withLock { raised += 1 } }
        var count: Int { lock.withLock { raised } }
    }

    @Test("The system clock reads the device's time")
    func systemClock() {
        #expect(abs(SystemClock().now.timeIntervalSinceNow) < 60)
    }

    @Test("A scheduled call runs once its sleep is over")
    func firesAfterSleeping() async throws {
        let timer = SystemTimer(clock: ManualClock(now: Fixture.now), sleeper: ImmediateClock())
        let flag = Flag()

        timer.schedule(at: Fixture.now.addingTimeInterval(2)) { flag.raise() }
        await timer.pendingTask?.value

        #expect(flag.count == 1)
    }

    @Test("A cancelled call never runs")
    func cancelled() async {
        let timer = SystemTimer(clock: ManualClock(now: Fixture.now), sleeper: StalledClock())
        let flag = Flag()

        timer.schedule(at: Fixture.now.addingTimeInterval(2)) { flag.raise() }
        let task = timer.pendingTask
        timer.cancel()
        await task?.value

        #expect(flag.count == 0)
        #expect(timer.pendingTask == nil)
    }

    @Test("A later call replaces one that has not run yet")
    func replaced() async {
        let timer = SystemTimer(clock: ManualClock(now: Fixture.now), sleeper: StalledClock())
        let first = Flag()

        timer.schedule(at: Fixture.now.addingTimeInterval(2)) { first.raise() }
        let replacedTask = timer.pendingTask
        timer.schedule(at: Fixture.now.addingTimeInterval(4)) {}
        await replacedTask?.value
        timer.cancel()

        #expect(first.count == 0)
    }
}
