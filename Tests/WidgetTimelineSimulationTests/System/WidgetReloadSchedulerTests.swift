import Foundation
import Testing
import WidgetTimelineTesting

@testable import WidgetTimelineSimulation

/// The system model itself: the scheduler for one widget instance, stepped by hand.
@Suite("The system scheduler: budget, exemptions, policy dates, floor, visibility")
struct WidgetReloadSchedulerTests {
    let t0 = Date.at("2026-11-30T07:00:00+09:00")

    private func hours(_ value: Double) -> Date { t0.addingTimeInterval(value * 3600) }

    /// A model with a small budget and no floor or lateness, so every number below is by hand.
    private func model(budget: Int? = 3, floor: TimeInterval = 0) -> SystemModel {
        SystemModel(dailyBudget: budget, minimumReloadInterval: floor, policyLateness: 0, appReloadLatency: 0)
    }

    /// Runs a provider that installs a timeline asking again `after` later.
    private func install(
        _ scheduler: inout WidgetReloadScheduler, at instant: Date, after: TimeInterval
    ) -> WidgetReloadScheduler.Action {
        scheduler.handle(
            .timelineInstalled(earliestReload: instant.addingTimeInterval(after), lateness: 0), at: instant)
    }

    @Test(
        "the budget runs out, the due reload is refused, and it runs when the first charge leaves the 24 h window"
    )
    func budgetExhaustionAndRecovery() {
        var scheduler = WidgetReloadScheduler(model: model())
        // Adding the widget: a free first run.
        let value1 = scheduler.handle(.exemptReloadRequested, at: t0)
        #expect(value1.run?.isCharged == false)
        #expect(install(&scheduler, at: t0, after: 3600).wakeAt == hours(1))
        for hour in 1...3 {
            let action = scheduler.handle(.wake, at: hours(Double(hour)))
            #expect(action.run == WidgetReloadScheduler.Run(cause: .policy, isCharged: true), "hour \(hour)")
            _ = install(&scheduler, at: hours(Double(hour)), after: 3600)
        }
        let value2 = scheduler.budgetUsed(at: hours(4))
        #expect(value2 == 3)
        let refused = scheduler.handle(.wake, at: hours(4))
        #expect(refused.run == nil)
        #expect(refused.isRefusal)
        // The first charge (hour 1) leaves the rolling window 24 h later.
        #expect(refused.wakeAt == hours(25))
        let recovered = scheduler.handle(.wake, at: hours(25))
        #expect(recovered.run == WidgetReloadScheduler.Run(cause: .policy, isCharged: true))
        let value3 = scheduler.budgetUsed(at: hours(25))
        #expect(value3 == 3)
    }

    @Test("a refusal is counted once per wait, not on every wake")
    func refusalCountedOnce() {
        var scheduler = WidgetReloadScheduler(model: model(budget: 0))
        _ = scheduler.handle(.exemptReloadRequested, at: t0)
        _ = install(&scheduler, at: t0, after: 600)
        let first = scheduler.handle(.wake, at: t0.addingTimeInterval(600))
        #expect(first.isRefusal)
        let again = scheduler.handle(.appRequestArrived, at: t0.addingTimeInterval(700))
        #expect(!again.isRefusal)
        #expect(again.run == nil)
    }

    @Test("reloads while the app is in the foreground, and exempt system reloads, are free")
    func exemptReloadsAreNotCharged() {
        var scheduler = WidgetReloadScheduler(model: model(budget: 1))
        _ = scheduler.handle(.appForegroundChanged(isInForeground: true), at: t0)
        for minute in stride(from: 0.0, to: 60, by: 10) {
            let instant = t0.addingTimeInterval(minute * 60)
            let action = scheduler.handle(.appRequestArrived, at: instant)
            #expect(action.run == WidgetReloadScheduler.Run(cause: .app, isCharged: false))
            _ = scheduler.handle(.timelineInstalled(earliestReload: nil, lateness: 0), at: instant)
        }
        _ = scheduler.handle(.appForegroundChanged(isInForeground: false), at: hours(1))
        let system = scheduler.handle(.exemptReloadRequested, at: hours(2))
        #expect(system.run == WidgetReloadScheduler.Run(cause: .system, isCharged: false))
        let value4 = scheduler.budgetUsed(at: hours(2))
        #expect(value4 == 0)
    }

    @Test("a policy date is honoured no earlier than asked, even when another widget wakes the device")
    func policyNeverEarly() {
        var scheduler = WidgetReloadScheduler(model: model())
        _ = scheduler.handle(.exemptReloadRequested, at: t0)
        let asked = hours(2)
        let action = scheduler.handle(.timelineInstalled(earliestReload: asked, lateness: 300), at: t0)
        #expect(action.wakeAt == asked.addingTimeInterval(300))
        let value5 = scheduler.handle(.wake, at: asked.addingTimeInterval(-1))
        #expect(value5.run == nil)
        let value6 = scheduler.handle(.coalescingOpportunity, at: asked.addingTimeInterval(-1))
        #expect(value6.run == nil)
        // Past the earliest date, a reload of another widget takes this one along (coalescing).
        let coalesced = scheduler.handle(.coalescingOpportunity, at: asked.addingTimeInterval(60))
        #expect(coalesced.run == WidgetReloadScheduler.Run(cause: .policy, isCharged: true))
    }

    @Test(
        "policy reloads never run before their date, whatever the lateness",
        arguments: [0.0, 1, 59, 600, 3599])
    func policyWithLateness(lateness: TimeInterval) {
        var scheduler = WidgetReloadScheduler(model: model(budget: nil))
        _ = scheduler.handle(.exemptReloadRequested, at: t0)
        let action = scheduler.handle(
            .timelineInstalled(earliestReload: hours(1), lateness: lateness), at: t0)
        let wake = try! #require(action.wakeAt)
        #expect(wake >= hours(1))
        let value7 = scheduler.handle(.wake, at: wake)
        #expect(value7.run?.cause == .policy)
    }

    @Test("budgeted reloads keep the 5-minute floor; reloads in the foreground do not")
    func floor() {
        var scheduler = WidgetReloadScheduler(model: model(budget: nil, floor: 300))
        _ = scheduler.handle(.exemptReloadRequested, at: t0)
        _ = scheduler.handle(.timelineInstalled(earliestReload: nil, lateness: 0), at: t0)
        let early = scheduler.handle(.appRequestArrived, at: t0.addingTimeInterval(60))
        #expect(early.run == nil)
        #expect(early.wakeAt == t0.addingTimeInterval(300))
        let value8 = scheduler.handle(.wake, at: t0.addingTimeInterval(300))
        #expect(value8.run?.cause == .app)
    }

    @Test("a reload due while the widget is hidden waits until it is seen")
    func hiddenWidgetWaits() {
        var scheduler = WidgetReloadScheduler(model: model(budget: nil), isVisible: false)
        _ = scheduler.handle(.exemptReloadRequested, at: t0)
        _ = scheduler.handle(.timelineInstalled(earliestReload: hours(1), lateness: 0), at: t0)
        let value9 = scheduler.handle(.wake, at: hours(1))
        #expect(value9.run == nil)
        let seen = scheduler.handle(.visibilityChanged(isVisible: true), at: hours(3))
        #expect(seen.run?.cause == .policy)
    }

    @Test("after a failed run (watchdog, empty timeline) the next attempt is an hour later")
    func retryAfterFailure() {
        var scheduler = WidgetReloadScheduler(model: model(budget: nil))
        _ = scheduler.handle(.exemptReloadRequested, at: t0)
        let failed = scheduler.handle(.reloadFailed, at: t0.addingTimeInterval(30))
        #expect(failed.wakeAt == t0.addingTimeInterval(30 + 3600))
        let value10 = scheduler.handle(.wake, at: t0.addingTimeInterval(30 + 3600))
        #expect(value10.run?.cause == .retry)
    }

    @Test("the debugger preset has no budget, no floor and no lateness: a reload every second runs")
    func debuggerPreset() {
        var scheduler = WidgetReloadScheduler(model: .debuggerAttached)
        _ = scheduler.handle(.exemptReloadRequested, at: t0)
        var runs = 0
        for second in 1...200 {
            let instant = t0.addingTimeInterval(Double(second))
            let action = scheduler.handle(
                .timelineInstalled(earliestReload: instant, lateness: 0), at: instant)
            if action.run != nil { runs += 1 }
        }
        #expect(runs == 200)
        #expect(SystemModel.default.dailyBudget == 48)
    }

    @Test("a delivered push reloads like an app request, free unless pushReloadsCharged; any run answers it")
    func pushArrival() {
        var scheduler = WidgetReloadScheduler(model: model(budget: 1))
        _ = scheduler.handle(.exemptReloadRequested, at: t0)
        _ = install(&scheduler, at: t0, after: 6 * 3600)
        let pushed = scheduler.handle(.pushArrived, at: hours(1))
        #expect(pushed.run == WidgetReloadScheduler.Run(cause: .push, isCharged: false))
        _ = install(&scheduler, at: hours(1), after: 6 * 3600)
        // With the budget at 1 and charged push reloads, the first push spends it and the next waits.
        var charged = WidgetReloadScheduler(
            model: SystemModel(dailyBudget: 1, minimumReloadInterval: 0, pushReloadsCharged: true))
        _ = charged.handle(.exemptReloadRequested, at: t0)
        _ = install(&charged, at: t0, after: 6 * 3600)
        #expect(
            charged.handle(.pushArrived, at: hours(1)).run
                == WidgetReloadScheduler.Run(cause: .push, isCharged: true))
        _ = install(&charged, at: hours(1), after: 6 * 3600)
        let refused = charged.handle(.pushArrived, at: hours(2))
        #expect(refused.run == nil && refused.isRefusal)
        // A push that arrives during a run is answered by the next run; an app request meanwhile
        // answers both.
        var busy = WidgetReloadScheduler(model: model(budget: nil))
        _ = busy.handle(.exemptReloadRequested, at: t0)
        #expect(busy.handle(.pushArrived, at: t0.addingTimeInterval(1)).run == nil)
        _ = busy.handle(.appRequestArrived, at: t0.addingTimeInterval(2))
        let after = install(&busy, at: t0.addingTimeInterval(3), after: 6 * 3600)
        #expect(after.run?.cause == .app)
        let next = install(&busy, at: t0.addingTimeInterval(4), after: 6 * 3600)
        #expect(next.run == nil)
    }

    @Test("an intent's reload runs at once and free: no budget, no floor, before anything else pending")
    func intentReload() {
        var scheduler = WidgetReloadScheduler(
            model: SystemModel(dailyBudget: 0, minimumReloadInterval: 3600, freeReloadsSkipFloor: false))
        _ = scheduler.handle(.widgetAdded, at: t0)
        _ = install(&scheduler, at: t0, after: 600)
        _ = scheduler.handle(.appRequestArrived, at: t0.addingTimeInterval(60))
        let tapped = scheduler.handle(.intentPerformed, at: t0.addingTimeInterval(120))
        #expect(tapped.run == WidgetReloadScheduler.Run(cause: .intent, isCharged: false))
        // The app's request still waits for the floor and the budget.
        let after = install(&scheduler, at: t0.addingTimeInterval(121), after: 600)
        #expect(after.run == nil)
    }

    @Test("a run that starts later than it was decided is charged, and keeps the floor, from its start")
    func runStartedLater() throws {
        var scheduler = WidgetReloadScheduler(model: model(budget: 2, floor: 300))
        _ = scheduler.handle(.exemptReloadRequested, at: t0)
        _ = install(&scheduler, at: t0, after: 600)
        let decided = try #require(scheduler.handle(.wake, at: t0.addingTimeInterval(600)).run)
        #expect(decided.isCharged)
        // The extension was busy with another widget's request for 20 s.
        let start = t0.addingTimeInterval(620)
        #expect(scheduler.started(decided, at: start) == decided)
        _ = install(&scheduler, at: start.addingTimeInterval(1), after: 1)
        // The floor counts from the start: not due until 300 s after it.
        #expect(scheduler.handle(.wake, at: start.addingTimeInterval(299)).run == nil)
        // The charge counts from the start: still spent 24 h after the decision, gone after the start.
        #expect(scheduler.budgetUsed(at: t0.addingTimeInterval(600 + 86_400 + 10)) == 1)
        #expect(scheduler.budgetUsed(at: start.addingTimeInterval(86_400)) == 0)
    }

    @Test("a run decided while the app was closed that starts after it opened is free")
    func runStartedInTheForeground() throws {
        var scheduler = WidgetReloadScheduler(model: model(budget: 2))
        _ = scheduler.handle(.exemptReloadRequested, at: t0)
        _ = install(&scheduler, at: t0, after: 600)
        let decided = try #require(scheduler.handle(.wake, at: t0.addingTimeInterval(600)).run)
        #expect(decided.isCharged && scheduler.budgetUsed(at: t0.addingTimeInterval(600)) == 1)
        _ = scheduler.handle(.appForegroundChanged(isInForeground: true), at: t0.addingTimeInterval(605))
        let started = scheduler.started(decided, at: t0.addingTimeInterval(610))
        #expect(!started.isCharged)
        #expect(scheduler.budgetUsed(at: t0.addingTimeInterval(610)) == 0)
    }
}
