#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// The system's scheduler for one widget instance, as a value-type state machine: it decides when
/// the provider runs, whether the run is charged to the budget, and when a due reload is refused.
///
/// The engine feeds it events at instants and carries out the returned ``Action``: run the
/// provider, count a refusal, call back with ``Event/wake`` at a date. It holds no clock and draws
/// no random numbers; lateness comes in with the event, drawn by the engine from the run's seeded
/// generator, so a test can step it by hand.
///
/// The rules, each with its evidence in `docs/simulator.md` (see ``SystemSetting``):
/// - a policy reload runs at the policy's date plus a drawn lateness, which may be negative (up to
///   ``SystemModel/policyEarliness`` early);
/// - a budgeted reload needs budget left in the window and at least
///   ``SystemModel/minimumReloadInterval`` since the previous run; otherwise it waits, and a
///   reload refused for budget is counted once per wait;
/// - reloads while the containing app is in the foreground, and system-exempt reloads, are free
///   (and skip the floor, unless ``SystemModel/freeReloadsSkipFloor`` is off); the first run when
///   the widget is added is free unless ``SystemModel/firstRunIsFree`` is off;
/// - a reload that comes due while the widget is hidden waits until it is seen;
/// - a delivered push asks for a reload like the app's `reloadAllTimelines()`, free unless
///   ``SystemModel/pushReloadsCharged``; an intent the widget performed (a tap) reloads it at once,
///   free, without waiting for the floor;
/// - a provider killed by the watchdog, or an empty timeline, leaves the old timeline on screen
///   and the next attempt comes ``SystemModel/failedReloadRetry`` later.
public struct WidgetReloadScheduler: Sendable {
    /// Why a provider runs.
    public enum Cause: String, Sendable, Hashable, Codable {
        /// The installed timeline's policy came due.
        case policy
        /// The app called `reloadTimelines` (or `reloadAllTimelines`).
        case app
        /// A budget-exempt system reload: locale change, significant time change, … (docs/simulator.md, "The system model").
        case system
        /// The retry after a watchdog kill or an empty timeline.
        case retry
        /// The widget was just added: its first run.
        case added
        /// A WidgetKit push reached the device: it reloads the app's timelines.
        case push
        /// The widget performed an app intent (a button or toggle was tapped): its one immediate
        /// reload.
        case intent
    }

    /// What happened, as the scheduler learns it.
    public enum Event: Sendable, Hashable {
        /// A provider run finished and its timeline is now on screen. `earliestReload` is the
        /// policy's date (`nil` for `.never`); `lateness` is how long after it the system will act
        /// (negative: that much before it).
        case timelineInstalled(earliestReload: Date?, lateness: TimeInterval)
        /// A provider run produced nothing usable (killed by the watchdog, or an empty timeline).
        case reloadFailed
        /// A reload the app asked for reaches the scheduler (after its latency or deferral).
        case appRequestArrived
        /// A budget-exempt reload (Apple's exemptions: locale, accessibility, a significant time
        /// change, …).
        case exemptReloadRequested
        /// The widget was added to the screen: its first run.
        case widgetAdded
        /// A time the scheduler asked to be woken at has come.
        case wake
        /// The system is reloading another widget of the device now (coalescing).
        case coalescingOpportunity
        /// The widget became visible or hidden.
        case visibilityChanged(isVisible: Bool)
        /// The containing app entered or left the foreground.
        case appForegroundChanged(isInForeground: Bool)
        /// A WidgetKit push reached the device and was not dropped.
        case pushArrived
        /// The widget performed an app intent: the system reloads it at once.
        case intentPerformed
    }

    /// One provider run the scheduler starts.
    public struct Run: Sendable, Hashable {
        public var cause: Cause
        /// Whether the run is charged to the budget.
        public var isCharged: Bool
    }

    /// What the engine must do after an event.
    public struct Action: Sendable, Hashable {
        /// Run the provider now.
        public var run: Run?
        /// A due reload was refused for lack of budget (counted once per wait).
        public var isRefusal: Bool
        /// Send ``Event/wake`` at this instant.
        public var wakeAt: Date?

        public static let none = Action(run: nil, isRefusal: false, wakeAt: nil)
    }

    public let model: SystemModel
    public private(set) var budget: ReloadBudget

    private enum Activity: Sendable {
        case idle
        case running
    }

    private var activity = Activity.idle
    /// The policy's (or retry's) earliest date, and when the system will act on it.
    private var policyEarliest: Date?
    private var policyDue: Date?
    private var policyCause = Cause.policy
    private var isAppRequestPending = false
    private var isExemptPending = false
    private var isAddedPending = false
    private var isPushPending = false
    private var isIntentPending = false
    private var isWaitingForVisibility = false
    private var isRefusalCounted = false
    private var lastRunStart: Date?
    private var scheduledWake: Date?
    public private(set) var isVisible: Bool
    public private(set) var isAppInForeground = false

    /// A scheduler with nothing installed yet: the first timeline comes from ``Event/widgetAdded``,
    /// an app request or an exempt reload.
    ///
    /// - Parameters:
    ///   - model: the system's settings.
    ///   - isVisible: whether the widget is seen when it is added.
    ///   - budgetResets: for ``BudgetRefill/daily``, the instants the budget resets at (the user's
    ///     local midnights); ignored for a rolling window.
    public init(model: SystemModel, isVisible: Bool = true, budgetResets: [Date] = []) {
        self.model = model
        self.budget = ReloadBudget(
            limit: model.dailyBudget, window: model.budgetWindow,
            resets: model.budgetRefill == .daily ? budgetResets : [])
        self.isVisible = isVisible
    }

    /// Whether a provider run is in progress.
    public var isRunning: Bool {
        switch activity {
        case .idle: false
        case .running: true
        }
    }

    /// Charged reloads in the window ending at `now`.
    public mutating func budgetUsed(at now: Date) -> Int { budget.used(at: now) }

    /// Charged reloads that may still be spent at `now`; `nil` when the budget is unlimited.
    public mutating func budgetRemaining(at now: Date) -> Int? { budget.remaining(at: now) }

    /// Handles `event` at `now` and says what to do.
    public mutating func handle(_ event: Event, at now: Date) -> Action {
        switch event {
        case .timelineInstalled(let earliest, let lateness):
            finishRun()
            policyCause = .policy
            policyEarliest = earliest
            // To the millisecond, rounded up: every instant of a run is a whole millisecond.
            policyDue = earliest.map {
                ($0.addingTimeInterval(lateness).timeIntervalSinceReferenceDate * 1000).rounded(.up)
            }
            .map { Date(timeIntervalSinceReferenceDate: $0 / 1000) }
            isWaitingForVisibility = false
        case .reloadFailed:
            finishRun()
            policyCause = .retry
            policyEarliest = now.addingTimeInterval(model.failedReloadRetry)
            policyDue = policyEarliest
            isWaitingForVisibility = false
        case .appRequestArrived:
            isAppRequestPending = true
        case .exemptReloadRequested:
            isExemptPending = true
        case .widgetAdded:
            isAddedPending = true
        case .wake:
            if let wake = scheduledWake, wake <= now { scheduledWake = nil }
        case .coalescingOpportunity:
            guard model.coalescesReloads, let earliest = policyEarliest, let due = policyDue,
                earliest <= now, due > now
            else { return .none }
            policyDue = now
        case .visibilityChanged(let visible):
            isVisible = visible
            if visible, isWaitingForVisibility {
                isWaitingForVisibility = false
                policyDue = now
            }
        case .appForegroundChanged(let inForeground):
            isAppInForeground = inForeground
        case .pushArrived:
            isPushPending = true
        case .intentPerformed:
            isIntentPending = true
        }
        return decide(at: now)
    }

    /// The run decided at an earlier instant starts at `instant`, after the request the extension
    /// was busy with: it is charged, and the minimum interval counts, from its start, as for a run
    /// that started at once — and a run that starts with the app in the foreground is free.
    ///
    /// - Returns: the run as it starts.
    public mutating func started(_ run: Run, at instant: Date) -> Run {
        lastRunStart = instant
        guard run.isCharged else { return run }
        if isAppInForeground {
            budget.refundNewestCharge()
            return Run(cause: run.cause, isCharged: false)
        }
        budget.deferNewestCharge(to: instant)
        return run
    }

    private mutating func finishRun() {
        switch activity {
        case .running: activity = .idle
        case .idle: preconditionFailure("a provider run finished while none was running")
        }
    }

    private mutating func decide(at now: Date) -> Action {
        if isRunning { return .none }
        // "One guaranteed reload that will happen immediately": free, and before anything else.
        if isIntentPending { return start(.intent, charged: false, at: now) }
        if isExemptPending || (isAddedPending && model.firstRunIsFree) {
            if let wait = floorWait(at: now, free: true) { return wait }
            let cause: Cause = isExemptPending ? .system : .added
            isExemptPending = false
            if cause == .added { isAddedPending = false }
            return start(cause, charged: false, at: now)
        }
        var cause: Cause?
        if isAddedPending {
            cause = .added
        } else if isAppRequestPending {
            cause = .app
        } else if isPushPending {
            cause = .push
        } else if let due = policyDue, due <= now {
            if !isVisible, model.defersReloadsWhileHidden {
                isWaitingForVisibility = true
                policyDue = nil
                policyEarliest = nil
            } else {
                cause = policyCause
            }
        }
        guard let cause else { return wake(at: policyDue, now: now) }
        // Reloads while the containing app is in the foreground do not count, nor (unless the
        // model says so) those a push causes.
        if isAppInForeground || (cause == .push && !model.pushReloadsCharged) {
            if let wait = floorWait(at: now, free: true) { return wait }
            return start(cause, charged: false, at: now)
        }
        if let wait = floorWait(at: now, free: false) { return wait }
        if budget.allows(at: now) {
            budget.charge(at: now)
            return start(cause, charged: true, at: now)
        }
        let isFirstRefusal = !isRefusalCounted
        isRefusalCounted = true
        var action = wake(at: budget.nextAvailable(after: now), now: now)
        action.isRefusal = isFirstRefusal
        return action
    }

    /// The wait for the minimum interval since the previous run, if a reload must wait for it.
    private mutating func floorWait(at now: Date, free: Bool) -> Action? {
        if free && model.freeReloadsSkipFloor { return nil }
        guard let last = lastRunStart, now < last.addingTimeInterval(model.minimumReloadInterval) else {
            return nil
        }
        return wake(at: last.addingTimeInterval(model.minimumReloadInterval), now: now)
    }

    private mutating func start(_ cause: Cause, charged: Bool, at now: Date) -> Action {
        activity = .running
        lastRunStart = now
        isRefusalCounted = false
        if cause == .app { isAppRequestPending = false }
        if cause == .added { isAddedPending = false }
        if cause == .intent { isIntentPending = false }
        // Any run reloads the timeline a pending push asked for.
        isPushPending = false
        if cause == .policy || cause == .retry {
            policyDue = nil
            policyEarliest = nil
        }
        return Action(run: Run(cause: cause, isCharged: charged), isRefusal: false, wakeAt: nil)
    }

    private mutating func wake(at date: Date?, now: Date) -> Action {
        guard let date, date > now else { return .none }
        if let scheduled = scheduledWake, scheduled > now, scheduled <= date { return .none }
        scheduledWake = date
        return Action(run: nil, isRefusal: false, wakeAt: date)
    }
}
