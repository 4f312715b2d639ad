#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// One place for every reload an app asks of the system, across channels: widget timelines through
/// `WidgetCenter` and controls through `ControlCenter`, each request keyed by ``ReloadTarget``
/// (channel × kind).
///
/// The same rules hold on both channels:
///
/// - **Save first.** The coordinator is asked only after a save succeeded: ``WidgetSync`` asks it
///   after its commit is durable, never before and never after a failed one.
/// - **Dedupe and debounce.** Requests for one target coalesce: with ``ReloadDebounce/window(_:maximumDelay:timer:)``
///   they wait until requests stop for the window, at most the maximum delay, and ``flush()`` sends
///   them at once; one timer serves both channels.
/// - **Installed only.** A target is skipped only when its reloader's answers say, settled, that
///   nothing of that kind is installed (``InstalledKindsHistory``): never on the first empty answer,
///   which can lag an install. A reloader that reports only ``WidgetReloader/installedKinds`` is
///   trusted as it is.
/// - **One ledger.** Timeline reloads, control reloads and received pushes are counted per kind over
///   the rolling day (``ReloadLedger``); a request near or over its budget is marked so in the log.
/// - **The extension does not reload.** A coordinator on the extension's side refuses every request
///   except those of the intent path, where an interactive widget's `perform()` asks for the other
///   kinds that show what it changed (``request(_:key:reason:viaIntent:)`` with `viaIntent`).
///
/// Thread-safe: requests may come from any thread.
public final class ReloadCoordinator: @unchecked Sendable {
    // @unchecked: `debouncer` and `reloadLedger` are read and written under `lock`; everything else
    // is immutable and Sendable.
    private let timelines: any WidgetReloader
    private let controls: (any ControlReloader)?
    private let clock: any WidgetClock
    private let debounce: ReloadDebounce
    private let log: any DiagnosticSink
    /// The process the coordinator runs in: only the host reloads freely.
    public let side: DiagnosticEvent.Side

    private let lock = Lock()
    private var debouncer: ReloadDebouncer
    private var reloadLedger: ReloadLedger

    /// - Parameters:
    ///   - timelines: how timeline reloads are asked for (`WidgetCenter` in an app).
    ///   - controls: how control reloads are asked for (`ControlCenter`); `nil` when the app has no
    ///     controls, and then control targets are skipped.
    ///   - clock: the instant of every request.
    ///   - debounce: whether requests are coalesced, and the timer that wakes the coordinator.
    ///   - ledger: the counts so far and the budgets.
    ///   - side: `.host` in the app; `.widgetExtension` refuses all but the intent path.
    ///   - log: where each request (and each skip) is logged.
    public init(
        timelines: any WidgetReloader,
        controls: (any ControlReloader)? = nil,
        clock: any WidgetClock,
        debounce: ReloadDebounce = .immediate,
        ledger: ReloadLedger = ReloadLedger(),
        side: DiagnosticEvent.Side = .host,
        log: any DiagnosticSink = DiscardingDiagnosticSink()
    ) {
        self.timelines = timelines
        self.controls = controls
        self.clock = clock
        self.debounce = debounce
        self.side = side
        self.log = log
        reloadLedger = ledger
        switch debounce {
        case .immediate: debouncer = ReloadDebouncer(window: 0)
        case .window(let window, let maximumDelay, _):
            debouncer = ReloadDebouncer(window: window, maximumDelay: maximumDelay)
        }
    }

    /// The counts per channel and kind over the last 24 hours.
    public var ledger: ReloadLedger { lock.withLock { reloadLedger } }

    /// Targets whose reload waits for the debounce deadline, in the order first asked for.
    public var pendingTargets: [ReloadTarget] { lock.withLock { debouncer.pendingTargets } }

    /// Asks for reloads of `targets` — now, or when the debounce window closes — and logs each.
    ///
    /// - Parameters:
    ///   - targets: the channels and kinds to reload.
    ///   - key: the snapshot key whose save led to the request, for the log (timeline events only).
    ///   - reason: why, as logged: `commit` by default.
    ///   - viaIntent: the request comes from an interactive widget's intent, the one path on which
    ///     the extension may ask; ignored on the host.
    /// - Returns: ``ReloadDecision/refused`` on the extension's side outside the intent path;
    ///   otherwise what became of the targets taken together (``ReloadDecision/notInstalled`` when
    ///   every one was skipped, or none was named).
    @discardableResult
    public func request(
        _ targets: [ReloadTarget], key: SnapshotKey? = nil, reason: String = "commit", viaIntent: Bool = false
    ) -> ReloadDecision {
        var events: [DiagnosticEvent] = []
        let decision = request(targets, key: key, reason: reason, viaIntent: viaIntent, loggingInto: &events)
        log.record(contentsOf: events)
        return decision
    }

    /// Sends every pending reload now: call it when the app leaves the foreground.
    ///
    /// - Returns: the targets reloaded.
    @discardableResult
    public func flush() -> [ReloadTarget] {
        let action = lock.withLock { debouncer.handle(.flush) }
        cancelTimer()
        var events: [DiagnosticEvent] = []
        let targets = perform(action, reason: "flush", key: nil, loggingInto: &events)
        log.record(contentsOf: events)
        return targets
    }

    /// The pending reloads' deadline, read under the lock. Not inlined: Swift 6.3.1's release build
    /// crashed (an ownership error in CopyPropagation) with this read inlined into ``flush()``.
    @inline(never)
    private func pendingDeadline() -> Date? { lock.withLock { debouncer.deadline } }

    /// Reloads everything on `channel`, for global events such as signing out. The host only.
    ///
    /// - Returns: `false` when refused (on the extension's side) or when the channel has no reloader.
    @discardableResult
    public func reloadAll(_ channel: ReloadTarget.Channel, reason: String) -> Bool {
        guard side == .host else { return false }
        switch channel {
        case .timelines: timelines.reloadAllTimelines()
        case .controls:
            guard let controls else { return false }
            controls.reloadAllControls()
        }
        let kind = channel == .timelines ? "*" : "control:*"
        log.record(
            DiagnosticEvent(at: clock.now, side: side, stage: .reloadRequest, kind: kind, reason: reason))
        return true
    }

    /// Counts a push that reloaded the timelines of `kinds` (a push reloads every widget its token
    /// serves), and returns each kind's status against the push budget, in order.
    ///
    /// One push is one for each kind it reloaded: a kind named twice is counted once.
    @discardableResult
    public func recordReceivedPush(reloading kinds: [String]) -> [ReloadLedger.Status] {
        let now = clock.now
        var seen: Set<String> = []
        let distinct = kinds.filter { seen.insert($0).inserted }
        return lock.withLock { distinct.map { reloadLedger.record(.receivedPushes, of: $0, at: now) } }
    }

    // MARK: - Steps

    /// The request, with its events added to `events` for the caller to log (``WidgetSync`` logs a
    /// commit and its request in one append).
    func request(
        _ targets: [ReloadTarget], key: SnapshotKey?, reason: String, viaIntent: Bool,
        loggingInto events: inout [DiagnosticEvent]
    ) -> ReloadDecision {
        guard side == .host || viaIntent else { return .refused }
        let now = clock.now
        var wanted: [ReloadTarget] = []
        for target in targets {
            if isSettledNotInstalled(target) {
                events.append(
                    DiagnosticEvent(
                        at: now, side: side, stage: .reloadRequest, key: logKey(key, for: target),
                        kind: target.loggedKind, reason: "not-installed"))
            } else {
                wanted.append(target)
            }
        }
        guard !wanted.isEmpty else { return .notInstalled }
        // The intent path goes out at once: the extension may be suspended as soon as `perform()`
        // returns, and a debounced request would be lost with it. Deduplicated as the debouncer
        // does, so a target named twice is one reload and one count in the ledger.
        let action: ReloadDebouncer.Action =
            viaIntent && side != .host
            ? .reload(ReloadDebouncer.unique(wanted))
            // The clock under the lock: a request that overtook this one since `now` was read
            // would make it look earlier than the first pending one, as a clock set back does.
            : lock.withLock { debouncer.handle(.requested(wanted, at: clock.now)) }
        if case .startTimer(let deadline) = action {
            schedule(deadline)
            return .pending(until: deadline)
        }
        // Pending reloads sent with this one (a clock set back): their timer has nothing to do.
        if case .reload = action, !(viaIntent && side != .host) { cancelTimer() }
        perform(action, reason: reason, key: key, loggingInto: &events)
        return .requested
    }

    /// Whether the target's reloader says, settled, that nothing of its kind is installed.
    private func isSettledNotInstalled(_ target: ReloadTarget) -> Bool {
        switch target.channel {
        case .timelines:
            if let history = timelines.installedKindsHistory {
                return history.isSettledNotInstalled(target.kind)
            }
            if let installed = timelines.installedKinds { return !installed.contains(target.kind) }
            return false
        case .controls:
            // Without a control reloader, nothing can be reloaded: skip, and say so in the log.
            guard let controls else { return true }
            return controls.installedKindsHistory?.isSettledNotInstalled(target.kind) ?? false
        }
    }

    /// Drops the debounce timer once nothing waits for it.
    private func cancelTimer() {
        guard case .window(_, _, let timer) = debounce else { return }
        timer.cancel()
        // A request from another thread in between started the timer the cancel just dropped:
        // start it again for what that request left pending.
        if let deadline = pendingDeadline() { schedule(deadline) }
    }

    private func schedule(_ deadline: Date) {
        guard case .window(_, _, let timer) = debounce else { return }
        timer.schedule(at: deadline) { [weak self] in self?.timerFired() }
    }

    private func timerFired() {
        let action = lock.withLock { debouncer.handle(.timerFired(at: clock.now)) }
        if case .startTimer(let deadline) = action {
            schedule(deadline)
            return
        }
        var events: [DiagnosticEvent] = []
        perform(action, reason: "debounce", key: nil, loggingInto: &events)
        log.record(contentsOf: events)
    }

    /// Carries out a debouncer action — timelines first, then controls, one call per channel — and
    /// adds one reload-request event per target to `events` (`not-installed` for a target that
    /// settled as not installed while it waited).
    @discardableResult
    private func perform(
        _ action: ReloadDebouncer.Action, reason: String, key: SnapshotKey?,
        loggingInto events: inout [DiagnosticEvent]
    ) -> [ReloadTarget] {
        guard case .reload(let requested) = action, !requested.isEmpty else { return [] }
        let now = clock.now
        // Asked again when the reloads go out: a target that settled as not installed while it
        // waited is skipped, and logged so, as the adapters' reloaders skip it — never counted in
        // the ledger or logged as a reload the system was not asked for.
        var targets: [ReloadTarget] = []
        for target in requested {
            guard isSettledNotInstalled(target) else {
                targets.append(target)
                continue
            }
            events.append(
                DiagnosticEvent(
                    at: now, side: side, stage: .reloadRequest, key: logKey(key, for: target),
                    kind: target.loggedKind, reason: "not-installed"))
        }
        let timelineKinds = targets.filter { $0.channel == .timelines }.map(\.kind)
        let controlKinds = targets.filter { $0.channel == .controls }.map(\.kind)
        if !timelineKinds.isEmpty { timelines.reloadTimelines(ofKinds: timelineKinds) }
        if !controlKinds.isEmpty { controls?.reloadControls(ofKinds: controlKinds) }
        let ordered = targets.filter { $0.channel == .timelines } + targets.filter { $0.channel == .controls }
        for target in ordered {
            let status = lock.withLock {
                reloadLedger.record(ReloadLedger.Counter(target.channel), of: target.kind, at: now)
            }
            events.append(
                DiagnosticEvent(
                    at: now, side: side, stage: .reloadRequest, key: logKey(key, for: target),
                    kind: target.loggedKind, reason: status.mark.map { reason + "," + $0 } ?? reason,
                    reloadsInDay: status.count))
        }
        return ordered
    }

    /// Control events carry no snapshot key, so a key's diagnosis reads only timeline reloads.
    private func logKey(_ key: SnapshotKey?, for target: ReloadTarget) -> SnapshotKey? {
        target.channel == .timelines ? key : nil
    }
}
