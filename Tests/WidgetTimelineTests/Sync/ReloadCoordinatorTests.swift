import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// The reload coordinator's rules, each on both channels: save first, dedupe, one debounce and
/// flush, installed only (settled), one ledger, and the extension's refusal except for intents.
@Suite("Reload coordinator: one set of rules for timelines and controls")
struct ReloadCoordinatorTests {
    let clock = ManualClock(now: .at("2026-11-29T09:00:00Z"))
    let store = InMemorySnapshotStore()
    let timelines = RecordingReloader()
    let controls = RecordingControlReloader()
    let log = InMemoryDiagnosticLog()
    let widget = NotedCount()
    let both: [ReloadTarget] = [.timelines("noted-count"), .controls("noted-toggle")]

    private func sync(
        _ debounce: ReloadDebounce = .immediate, store: (any SnapshotStore)? = nil,
        side: DiagnosticEvent.Side = .host, ledger: ReloadLedger = ReloadLedger()
    ) -> WidgetSync {
        WidgetSync(
            store: store ?? self.store, reloader: timelines, clock: clock, debounce: debounce, ledger: ledger,
            controls: controls, side: side, log: log)
    }

    private func answers(_ pairs: [(TimeInterval, Set<String>)]) -> InstalledKindsHistory {
        var history = InstalledKindsHistory(settlingTime: 60)
        for (offset, kinds) in pairs { history.record(kinds, at: clock.now.addingTimeInterval(offset)) }
        return history
    }

    // MARK: Save first

    @Test("A commit reloads the widget and the control that show it, after the save, in that order")
    func saveThenReloadBoth() throws {
        let outcome = try sync().commit(.init(count: 1, debugNote: ""), for: widget, reloading: both)

        #expect(outcome == .saved(revision: 1, reload: .requested))
        #expect(timelines.requests == [.kinds(["noted-count"])])
        #expect(controls.requests == [.kinds(["noted-toggle"])])
        #expect(log.events.map(\.stage) == [.snapshotCommit, .reloadRequest, .reloadRequest])
        #expect(log.events(.reloadRequest).map(\.kind) == ["noted-count", "control:noted-toggle"])
        // A control's event carries no snapshot key: a key's diagnosis reads timeline reloads only.
        #expect(log.events(.reloadRequest).map(\.key) == ["noted-count", nil])
    }

    @Test("A failed save reloads nothing on either channel")
    func failedSaveReloadsNothing() {
        let failing = FailingCommitStore(wrapping: store, error: .contention(attempts: 3))
        #expect(throws: SnapshotStoreError.contention(attempts: 3)) {
            try sync(store: failing).commit(.init(count: 1, debugNote: ""), for: widget, reloading: both)
        }
        #expect(timelines.requests.isEmpty)
        #expect(controls.requests.isEmpty)
    }

    @Test("Unchanged content reloads nothing on either channel")
    func unchangedReloadsNothing() throws {
        let sync = sync()
        try sync.commit(.init(count: 1, debugNote: ""), for: widget, reloading: both)
        let again = try sync.commit(.init(count: 1, debugNote: "ignored"), for: widget, reloading: both)
        #expect(again == .unchanged(revision: 1))
        #expect(timelines.requests.count == 1)
        #expect(controls.requests.count == 1)
    }

    // MARK: Dedupe, debounce, flush

    @Test("Within a window, each target reloads once; a widget and a control of one kind string are two")
    func dedupeByChannelAndKind() throws {
        let sync = sync(.window(2, maximumDelay: 10, timer: clock))
        let same: [ReloadTarget] = [.timelines("noted-count"), .controls("noted-count")]
        for count in 1...5 {
            try sync.commit(.init(count: count, debugNote: ""), for: widget, reloading: same)
            clock.advance(by: 0.5)
        }
        #expect(sync.pendingTargets == same)
        clock.advance(by: 2)
        #expect(timelines.requests == [.kinds(["noted-count"])])
        #expect(controls.requests == [.kinds(["noted-count"])])
    }

    @Test("One timer serves both channels, and flush sends both at once")
    func flushBothChannels() throws {
        let sync = sync(.window(2, maximumDelay: 10, timer: clock))
        try sync.commit(.init(count: 1, debugNote: ""), for: widget, reloading: [.timelines("noted-count")])
        clock.advance(by: 1)
        sync.coordinator.request([.controls("noted-toggle")])
        #expect(clock.scheduledDeadline == clock.now.addingTimeInterval(2))

        #expect(sync.flush() == both)
        #expect(timelines.requests == [.kinds(["noted-count"])])
        #expect(controls.requests == [.kinds(["noted-toggle"])])
        #expect(clock.scheduledDeadline == nil)
        #expect(log.events(.reloadRequest).map(\.reason) == ["flush", "flush"])
    }

    @Test("The maximum delay holds across channels under a steady stream")
    func maximumDelay() throws {
        let sync = sync(.window(2, maximumDelay: 10, timer: clock))
        for count in 1...30 {
            try sync.commit(.init(count: count, debugNote: ""), for: widget, reloading: both)
            clock.advance(by: 1)
        }
        #expect(timelines.requests.count == 3)
        #expect(controls.requests.count == 3)
    }

    // MARK: Installed only

    @Test("A control kind is skipped only on a settled answer, never on the first empty one")
    func settledControlSkip() throws {
        controls.installedKindsHistory = answers([(0, [])])
        let sync = sync()
        try sync.commit(.init(count: 1, debugNote: ""), for: widget, reloading: [.controls("noted-toggle")])
        #expect(controls.requests == [.kinds(["noted-toggle"])])

        controls.installedKindsHistory = answers([(0, []), (60, [])])
        let outcome = try sync.commit(
            .init(count: 2, debugNote: ""), for: widget, reloading: [.controls("noted-toggle")])
        #expect(outcome == .saved(revision: 2, reload: .notInstalled))
        #expect(controls.requests.count == 1)
        #expect(log.events(.reloadRequest).last?.reason == "not-installed")
    }

    @Test("A timeline kind with a history follows the history, not the latest answer alone")
    func timelineHistoryDecides() throws {
        timelines.installedKindsHistory = answers([(0, ["other"])])
        #expect(
            try sync().commit(.init(count: 1, debugNote: ""), for: widget)
                == .saved(revision: 1, reload: .requested))
        timelines.installedKindsHistory = answers([(0, ["other"]), (30, ["other"]), (90, ["other"])])
        #expect(
            try sync().commit(.init(count: 2, debugNote: ""), for: widget)
                == .saved(revision: 2, reload: .notInstalled))
    }

    @Test("Without a control reloader a control target is skipped, and the log says so")
    func noControlReloader() throws {
        let sync = WidgetSync(store: store, reloader: timelines, clock: clock, log: log)
        let outcome = try sync.commit(.init(count: 1, debugNote: ""), for: widget, reloading: both)
        #expect(outcome == .saved(revision: 1, reload: .requested))
        #expect(log.events(.reloadRequest).map(\.reason) == ["not-installed", "commit"])
        #expect(!sync.coordinator.reloadAll(.controls, reason: "sign-out"))
    }

    // MARK: One ledger

    @Test("One ledger counts timeline reloads, control reloads and received pushes apart, per kind")
    func oneLedger() throws {
        let sync = sync(ledger: ReloadLedger(dailyBudget: 40, controlBudget: 3, pushBudget: nil))
        for count in 1...4 {
            try sync.commit(.init(count: count, debugNote: ""), for: widget, reloading: both)
            clock.advance(by: 60)
        }
        sync.coordinator.recordReceivedPush(reloading: ["noted-count", "schedule"])
        let ledger = sync.ledger
        #expect(ledger.count(.timelineReloads, of: "noted-count", at: clock.now) == 4)
        #expect(ledger.count(.controlReloads, of: "noted-toggle", at: clock.now) == 4)
        #expect(ledger.count(.controlReloads, of: "noted-count", at: clock.now) == 0)
        #expect(ledger.count(.receivedPushes, of: "schedule", at: clock.now) == 1)
        #expect(
            ledger.status(.controlReloads, of: "noted-toggle", at: clock.now)
                == .overBudget(count: 4, budget: 3))
        #expect(ledger.status(.receivedPushes, of: "noted-count", at: clock.now) == .unbudgeted(count: 1))
        #expect(ledger.status(of: "noted-count", at: clock.now) == .withinBudget(count: 4, budget: 40))
        // The control's requests were marked before the budget burned: near at 3 × 0.8, over at 4.
        let controlReasons = log.events(.reloadRequest).filter { $0.kind == "control:noted-toggle" }.map(
            \.reason)
        #expect(controlReasons == ["commit", "commit", "commit,near-budget", "commit,over-budget"])
        #expect(
            ledger.statuses(at: clock.now).map(\.kind) == [
                "noted-count", "noted-toggle", "noted-count", "schedule",
            ])
    }

    @Test("A push budget, when set, warns before it is burned")
    func pushBudgetWarns() {
        let coordinator = ReloadCoordinator(
            timelines: timelines, clock: clock, ledger: ReloadLedger(pushBudget: 5, warningShare: 0.8))
        let statuses = (1...6).map { _ -> ReloadLedger.Status in
            clock.advance(by: 600)
            return coordinator.recordReceivedPush(reloading: ["noted-count"])[0]
        }
        #expect(statuses.map(\.mark) == [nil, nil, nil, "near-budget", "near-budget", "over-budget"])
        clock.advance(by: 24 * 3600)
        #expect(coordinator.ledger.count(.receivedPushes, of: "noted-count", at: clock.now) == 0)
    }

    @Test("A budget of zero is kept: the first push or reload is over it, and the status names zero")
    func zeroBudgets() {
        var ledger = ReloadLedger(dailyBudget: 0, controlBudget: 0, pushBudget: 0)
        #expect(
            ledger.record(.receivedPushes, of: "noted-count", at: clock.now)
                == .overBudget(count: 1, budget: 0))
        #expect(
            ledger.record(.controlReloads, of: "noted-toggle", at: clock.now)
                == .overBudget(count: 1, budget: 0))
        #expect(ledger.record("noted-count", at: clock.now) == .overBudget(count: 1, budget: 0))
        #expect(ReloadLedger(pushBudget: -3).pushBudget == 0)
        var one = ReloadLedger(pushBudget: 1)
        #expect(one.record(.receivedPushes, of: "a", at: clock.now) == .nearBudget(count: 1, budget: 1))
    }

    @Test("A push that names a kind twice is one push for it")
    func pushNamingAKindTwice() {
        let coordinator = ReloadCoordinator(
            timelines: timelines, clock: clock, ledger: ReloadLedger(pushBudget: 5))
        let statuses = coordinator.recordReceivedPush(reloading: ["noted-count", "schedule", "noted-count"])
        #expect(statuses == [.withinBudget(count: 1, budget: 5), .withinBudget(count: 1, budget: 5)])
        #expect(coordinator.ledger.count(.receivedPushes, of: "noted-count", at: clock.now) == 1)
    }

    @Test("A request that comes while a flush runs is not lost with the timer the flush cancels")
    func requestDuringFlush() {
        // The flush cancels the timer after it took the pending targets; a request from another
        // thread in between starts the timer that cancel drops. The timer here runs that request at
        // the moment of the cancel, the worst interleaving, deterministically.
        let timer = InterleavingTimer(clock: clock)
        let coordinator = ReloadCoordinator(
            timelines: timelines, clock: clock, debounce: .window(2, maximumDelay: 10, timer: timer))
        coordinator.request([.timelines("noted-count")])
        timer.beforeNextCancel = { coordinator.request([.timelines("schedule")]) }
        #expect(coordinator.flush() == [.timelines("noted-count")])
        #expect(coordinator.pendingTargets == [.timelines("schedule")])
        clock.advance(by: 2)
        #expect(timelines.requests == [.kinds(["noted-count"]), .kinds(["schedule"])])
        #expect(coordinator.pendingTargets.isEmpty)
    }

    // MARK: The extension's side

    @Test("From the extension a commit is saved and reloads nothing; reload-all is refused")
    func extensionRefuses() throws {
        let sync = sync(side: .widgetExtension)
        let outcome = try sync.commit(.init(count: 1, debugNote: ""), for: widget, reloading: both)
        #expect(outcome == .saved(revision: 1, reload: .refused))
        #expect(!sync.coordinator.reloadAll(.timelines, reason: "sign-out"))
        #expect(timelines.requests.isEmpty)
        #expect(controls.requests.isEmpty)
        #expect(log.events.map(\.stage) == [.snapshotCommit])
        #expect(log.events.first?.side == .widgetExtension)
        #expect(sync.coordinator.request(both) == .refused)
    }

    @Test("An intent's commit is durable on return; others are reloaded at once, even with a window")
    func intentPath() throws {
        let sync = sync(.window(2, maximumDelay: 10, timer: clock), side: .widgetExtension)
        let outcome = try sync.commitFromIntent(
            .init(count: 3, debugNote: ""), for: widget, alsoReloading: [.timelines("schedule")])

        #expect(outcome == .saved(revision: 1, reload: .afterIntent))
        #expect(store.read(widget.defaultKey, for: widget).snapshot?.payload.count == 3)
        #expect(timelines.requests == [.kinds(["schedule"])])
        #expect(clock.scheduledDeadline == nil)
        #expect(log.events.map(\.reason) == ["intent", "intent"])
        #expect(log.events.allSatisfy { $0.side == .widgetExtension })

        // The tapped kind alone: the system reloads it, so nothing is asked.
        try sync.commitFromIntent(.init(count: 4, debugNote: ""), for: widget)
        #expect(timelines.requests.count == 1)
    }

    @Test("A target that settles as not installed while it waits is skipped when the reloads go out")
    func settledWhileWaiting() throws {
        let sync = sync(.window(2, maximumDelay: 10, timer: clock))
        controls.installedKindsHistory = answers([(-30, [])])
        try sync.commit(.init(count: 1, debugNote: ""), for: widget, reloading: both)
        #expect(sync.pendingTargets == both)

        // The second answer, 60 s after the first, settles it: the adapters' reloaders skip it now.
        controls.installedKindsHistory = answers([(-30, []), (30, [])])
        clock.advance(by: 2)

        // Before: asked for, counted and logged as a reload the adapter never passed on.
        #expect(timelines.requests == [.kinds(["noted-count"])])
        #expect(controls.requests.isEmpty)
        #expect(sync.ledger.count(.controlReloads, of: "noted-toggle", at: clock.now) == 0)
        #expect(
            log.events(.reloadRequest).map { "\($0.kind ?? "") \($0.reason ?? "")" } == [
                "control:noted-toggle not-installed", "noted-count debounce",
            ])
    }

    @Test("A clock set back while reloads wait sends them with the next request, and drops their timer")
    func clockSetBackSendsPending() throws {
        let sync = sync(.window(2, maximumDelay: 10, timer: clock))
        let first = try sync.commit(.init(count: 1, debugNote: ""), for: widget, reloading: both)
        #expect(first.revision == 1)
        #expect(clock.scheduledDeadline != nil)

        clock.set(to: clock.now.addingTimeInterval(-3600))
        // Before: the deadline stayed an hour ahead, and a commit every second held both for it.
        let second = try sync.commit(.init(count: 2, debugNote: ""), for: widget, reloading: both)

        #expect(second == .saved(revision: 2, reload: .requested))
        #expect(timelines.requests == [.kinds(["noted-count"])])
        #expect(controls.requests == [.kinds(["noted-toggle"])])
        #expect(sync.pendingTargets.isEmpty)
        #expect(clock.scheduledDeadline == nil)
    }

    // Before: a request took the instant it read before waiting for the debouncer's lock, so one
    // that another thread's request overtook meanwhile looked made before the first pending one —
    // a clock set back — and sent every pending reload at once.
    @Test("A request overtaken after its clock reading waits with the one that overtook it")
    func overtakenRequestKeepsTheDebounce() {
        let clock = self.clock
        let coordinator = LockedBox<ReloadCoordinator?>(nil)
        let paused = PausedClock(clock) {
            clock.advance(by: 1)
            coordinator.value?.request([.timelines("schedule")])
        }
        let debounced = ReloadCoordinator(
            timelines: timelines, clock: paused, debounce: .window(2, maximumDelay: 10, timer: clock))
        coordinator.value = debounced
        let decision = debounced.request([.timelines("noted-count")])
        #expect(decision == .pending(until: clock.now.addingTimeInterval(2)))
        #expect(timelines.requests.isEmpty)
        #expect(debounced.pendingTargets == [.timelines("schedule"), .timelines("noted-count")])
        clock.advance(by: 2)
        #expect(timelines.requests == [.kinds(["schedule", "noted-count"])])
    }

    @Test("An intent that names a target twice asks for it once, and the ledger counts it once")
    func intentPathDedupes() throws {
        let sync = sync(side: .widgetExtension)
        try sync.commitFromIntent(
            .init(count: 3, debugNote: ""), for: widget,
            alsoReloading: [
                .timelines("schedule"), .controls("noted-toggle"),
                .timelines("schedule"), .controls("noted-toggle"),
            ])

        // Before: ["schedule", "schedule"] and two counts — the debouncer's dedupe was skipped.
        #expect(timelines.requests == [.kinds(["schedule"])])
        #expect(controls.requests == [.kinds(["noted-toggle"])])
        #expect(sync.ledger.count(.timelineReloads, of: "schedule", at: clock.now) == 1)
        #expect(sync.ledger.count(.controlReloads, of: "noted-toggle", at: clock.now) == 1)
        #expect(log.events(.reloadRequest).map(\.kind) == ["schedule", "control:noted-toggle"])
    }
}

@Suite("Installed kinds: a skip needs a settled answer")
struct InstalledKindsHistoryTests {
    let start = Date.at("2026-11-29T09:00:00Z")

    @Test("Nothing is settled before two answers at least the settling time apart leave a kind out")
    func settling() {
        var history = InstalledKindsHistory(settlingTime: 60)
        #expect(!history.isSettledNotInstalled("a"))
        history.record([], at: start)
        #expect(!history.isSettledNotInstalled("a"))
        history.record([], at: start.addingTimeInterval(59))
        #expect(!history.isSettledNotInstalled("a"))
        history.record([], at: start.addingTimeInterval(60))
        #expect(history.isSettledNotInstalled("a"))
    }

    @Test("An answer that has the kind starts its absence over; a removed kind settles from then")
    func reappearance() {
        var history = InstalledKindsHistory(settlingTime: 60)
        history.record([], at: start)
        history.record(["a"], at: start.addingTimeInterval(100))
        #expect(!history.isSettledNotInstalled("a"))
        history.record([], at: start.addingTimeInterval(130))
        history.record([], at: start.addingTimeInterval(189))
        #expect(!history.isSettledNotInstalled("a"))
        history.record([], at: start.addingTimeInterval(190))
        #expect(history.isSettledNotInstalled("a"))
        history.forget()
        #expect(!history.isSettledNotInstalled("a"))
        #expect(history.latest == nil)
    }

    @Test(
        "Against a model over random answers: settled exactly when the last answers without it span the time",
        arguments: [0x5E771E, 0x1A6])
    func model(seed: Int) {
        var random = SplitMix64(seed: testSeed(UInt64(seed)))
        for _ in 0..<200 {
            var history = InstalledKindsHistory(settlingTime: 60)
            var answers: [(Date, Set<String>)] = []
            var instant = start
            for _ in 0..<12 {
                instant += Double(Int.random(in: 1...90, using: &random))
                let kinds = Set(["a", "b"].filter { _ in Bool.random(using: &random) })
                history.record(kinds, at: instant)
                answers.append((instant, kinds))
                for kind in ["a", "b"] {
                    // The run of answers without the kind that ends the history.
                    let run = answers.reversed().prefix { !$0.1.contains(kind) }
                    let expected =
                        run.count >= 2 && run.first!.0.timeIntervalSince(run.last!.0) >= 60
                    #expect(history.isSettledNotInstalled(kind) == expected)
                }
            }
        }
    }
}

/// A timer on a manual clock that runs a hook just before its next `cancel()`: what another
/// thread does between a flush taking the pending targets and cancelling the timer.
private final class InterleavingTimer: WidgetTimer, @unchecked Sendable {
    // @unchecked: `hook` is read and written under `lock`.
    private let clock: ManualClock
    private let lock = NSLock()
    private var hook: (() -> Void)?

    init(clock: ManualClock) { self.clock = clock }

    var beforeNextCancel: (() -> Void)? {
        get { lock.withLock { hook } }
        set { lock.withLock { hook = newValue } }
    }

    func schedule(at deadline: Date, _ action: @escaping @Sendable () -> Void) {
        clock.schedule(at: deadline, action)
    }

    func cancel() {
        let run = lock.withLock {
            defer { hook = nil }
            return hook
        }
        run?()
        clock.cancel()
    }
}
