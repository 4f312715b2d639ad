public import Foundation

/// The host app's side of the pipe: save the display payload first, then ask for a reload — only
/// if the save succeeded, only for the kinds affected, and only if the content changed.
///
/// ```swift
/// let sync = WidgetSync(store: store, reloader: reloader, clock: clock)
/// let outcome = try sync.commit(TaskCountPayload(count: tasks.count), for: TaskCountWidget())
/// // .saved(revision: 18, reload: .requested), or .unchanged(revision: 17)
/// ```
///
/// - Saves are immediate; only reloads are coalesced (``ReloadDebounce``), and ``flush()`` sends
///   pending ones when the app leaves the foreground.
/// - Unchanged content — the kind's fingerprint equals the stored one — is neither saved nor
///   reloaded. The comparison is with what is stored, so it holds across launches. A snapshot whose
///   data has aged past a share of the kind's stale threshold is saved again anyway, so a value the
///   app re-confirms does not turn stale on the widget.
/// - A crash between save and reload loses nothing: the snapshot is durable, and the widget's next
///   scheduled refresh reads it. The reload is an optimisation, not the transaction.
/// - The extension never reloads; reload-all is for global events only (``reloadAll(reason:)``).
///
/// Thread-safe: commits may come from any thread.
public final class WidgetSync: @unchecked Sendable {
    // @unchecked: `debouncer` and `ledger` are read and written under `lock`; everything else is
    // immutable and Sendable.
    private let store: any SnapshotStore
    private let reloader: any WidgetReloader
    private let clock: any WidgetClock
    private let log: any DiagnosticSink
    private let debounce: ReloadDebounce
    /// The share of a kind's stale threshold after which unchanged content is saved again.
    public let reconfirmationShare: Double?

    private let lock = NSLock()
    private var debouncer: ReloadDebouncer
    private var reloadLedger: ReloadLedger
    /// This sync's last commit per key: while it is still the key's newest revision, deciding
    /// "unchanged" needs only a directory listing, not a read of the record (the newest revision
    /// number never goes down, so finding its own revision newest means nothing was committed since).
    private var lastCommits: [SnapshotKey: CommittedContent] = [:]
    /// The revision whose skip was logged last, per key: a burst of identical emissions logs one
    /// skip, not one per emission, and writes nothing after it.
    private var loggedSkips: [SnapshotKey: Int] = [:]

    private struct CommittedContent {
        var revision: Int
        var kind: String
        var fingerprint: ContentFingerprint
        var dataObservedAt: Date
    }

    /// - Parameters:
    ///   - store: where snapshots are committed (the App Group store).
    ///   - reloader: how reloads are asked for (`WidgetCenter` in an app).
    ///   - clock: the source of `generatedAt` and of reload times.
    ///   - debounce: whether reloads are coalesced.
    ///   - ledger: counts reloads per kind against a daily budget.
    ///   - reconfirmationShare: unchanged content is saved again once its data is older than this
    ///     share of the kind's stale threshold (default one half); `nil` never saves it again.
    ///   - log: where diagnostic events go.
    public init(
        store: any SnapshotStore,
        reloader: any WidgetReloader,
        clock: any WidgetClock,
        debounce: ReloadDebounce = .immediate,
        ledger: ReloadLedger = ReloadLedger(),
        reconfirmationShare: Double? = 0.5,
        log: any DiagnosticSink = DiscardingDiagnosticSink()
    ) {
        self.store = store
        self.reloader = reloader
        self.clock = clock
        self.debounce = debounce
        self.reconfirmationShare = reconfirmationShare
        self.log = log
        reloadLedger = ledger
        switch debounce {
        case .immediate: debouncer = ReloadDebouncer(window: 0)
        case .window(let window, let maximumDelay, _):
            debouncer = ReloadDebouncer(window: window, maximumDelay: maximumDelay)
        }
    }

    /// The reloads asked for per kind over the last 24 hours.
    public var ledger: ReloadLedger { lock.withLock { reloadLedger } }

    /// Kinds whose reload is waiting for the debounce deadline.
    public var pendingReloads: [String] { lock.withLock { debouncer.pendingKinds } }

    /// Saves `payload` for `kind` and, if that succeeded and the content changed, asks for a reload.
    ///
    /// - Parameters:
    ///   - key: the snapshot key; the kind's default key (its kind string) when `nil`.
    ///   - observedAt: when the data was true, if not now (a server timestamp).
    /// - Returns: ``SyncOutcome/unchanged(revision:)`` or ``SyncOutcome/saved(revision:reload:)``.
    /// - Throws: the store's error when the save failed; no reload was asked for and the previous
    ///   snapshot is intact.
    @discardableResult
    public func commit<Kind: WidgetKind>(
        _ payload: Kind.Payload,
        for kind: Kind,
        key: SnapshotKey? = nil,
        observedAt: Date? = nil
    ) throws(SnapshotStoreError) -> SyncOutcome {
        let key = key ?? kind.defaultKey
        let now = clock.now
        let draft: SnapshotDraft<Kind.Payload>
        do {
            draft = try SnapshotDraft(
                for: kind, key: key, generatedAt: now, observedAt: observedAt, payload: payload)
        } catch {
            record(.error, key: key, kind: kind.kind, at: now, reason: error.diagnosticCategory)
            throw error
        }
        let fingerprint = draft.fingerprint
        if let revision = unchangedRevision(of: key, fingerprint: fingerprint, kind: kind, now: now) {
            let isFirstSkip = lock.withLock {
                defer { loggedSkips[key] = revision }
                return loggedSkips[key] != revision
            }
            if isFirstSkip { record(.dedupeSkip, key: key, kind: kind.kind, at: now, revision: revision) }
            return .unchanged(revision: revision)
        }
        let outcome: CommitOutcome
        do {
            outcome = try store.commit(draft)
        } catch {
            record(.error, key: key, kind: kind.kind, at: now, reason: error.diagnosticCategory)
            throw error
        }
        let committed = CommittedContent(
            revision: outcome.revision, kind: kind.kind, fingerprint: fingerprint,
            dataObservedAt: Instant.rounded(observedAt ?? now))
        lock.withLock { lastCommits[key] = committed }
        // The commit's event and its reload request are logged together, in one append.
        var events = [
            DiagnosticEvent(
                at: now, side: .host, stage: .snapshotCommit, key: key, kind: kind.kind,
                revision: outcome.revision,
                schemaVersion: kind.schemaVersion, reason: outcome.isDurable ? nil : "not-durable")
        ]
        let reload = requestReload(of: kind.kind, key: key, at: now, loggingInto: &events)
        log.record(contentsOf: events)
        return .saved(revision: outcome.revision, reload: reload, durability: outcome.durability)
    }

    /// Sends every pending reload now: call it when the app leaves the foreground.
    ///
    /// - Returns: the kinds reloaded.
    @discardableResult
    public func flush() -> [String] {
        let action = lock.withLock { debouncer.handle(.flush) }
        if case .window(_, _, let timer) = debounce { timer.cancel() }
        var events: [DiagnosticEvent] = []
        let kinds = perform(action, reason: "flush", key: nil, loggingInto: &events)
        log.record(contentsOf: events)
        return kinds
    }

    /// Reloads every widget of the app, for global events such as signing out.
    public func reloadAll(reason: String) {
        let now = clock.now
        reloader.reloadAllTimelines()
        log.record(DiagnosticEvent(at: now, side: .host, stage: .reloadRequest, kind: "*", reason: reason))
    }

    // MARK: - Steps

    /// The stored revision when its fingerprint matches and it need not be re-confirmed.
    ///
    /// Compares with this sync's own last commit while that is still the newest revision;
    /// otherwise reads the snapshot as the kind's payload type, as the extension does, so a record
    /// this code cannot read (corrupted, or a newer schema) never counts as unchanged.
    private func unchangedRevision<Kind: WidgetKind>(
        of key: SnapshotKey,
        fingerprint: ContentFingerprint,
        kind: Kind,
        now: Date
    ) -> Int? {
        let stored: CommittedContent
        // A record from this clock's future (a clock set back, another device) is never kept:
        // saving the same content again repairs it.
        let known = now.addingTimeInterval(SnapshotLimits.futureInstantTolerance)
        if let own = lock.withLock({ lastCommits[key] }), store.newestRevision(of: key) == own.revision {
            stored = own
        } else {
            guard case .found(let snapshot, _) = store.read(key, for: kind), snapshot.generatedAt <= known
            else { return nil }
            stored = CommittedContent(
                revision: snapshot.revision, kind: snapshot.kind, fingerprint: snapshot.fingerprint,
                dataObservedAt: snapshot.dataObservedAt)
        }
        guard stored.kind == kind.kind, stored.fingerprint == fingerprint, stored.dataObservedAt <= known
        else { return nil }
        if let share = reconfirmationShare {
            let age = now.timeIntervalSince(stored.dataObservedAt)
            if age >= kind.freshness.staleAfter * share { return nil }
        }
        return stored.revision
    }

    /// Asks for a reload of `kind` (now, or when the debounce window closes), adding what it did to
    /// `events` for the caller to log.
    private func requestReload(
        of kind: String, key: SnapshotKey, at now: Date, loggingInto events: inout [DiagnosticEvent]
    ) -> ReloadDecision {
        if let installed = reloader.installedKinds, !installed.contains(kind) {
            events.append(
                DiagnosticEvent(
                    at: now, side: .host, stage: .reloadRequest, key: key, kind: kind, reason: "not-installed"
                ))
            return .notInstalled
        }
        let action = lock.withLock { debouncer.handle(.requested(kinds: [kind], at: now)) }
        if case .startTimer(let deadline) = action {
            schedule(deadline)
            return .pending(until: deadline)
        }
        perform(action, reason: "commit", key: key, loggingInto: &events)
        return .requested
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

    /// Carries out a debouncer action, adding one reload-request event per kind to `events`.
    @discardableResult
    private func perform(
        _ action: ReloadDebouncer.Action, reason: String, key: SnapshotKey?,
        loggingInto events: inout [DiagnosticEvent]
    ) -> [String] {
        guard case .reload(let kinds) = action, !kinds.isEmpty else { return [] }
        let now = clock.now
        reloader.reloadTimelines(ofKinds: kinds)
        for kind in kinds {
            let status = lock.withLock { reloadLedger.record(kind, at: now) }
            let budget: String
            switch status {
            case .withinBudget: budget = reason
            case .nearBudget: budget = reason + ",near-budget"
            case .overBudget: budget = reason + ",over-budget"
            }
            events.append(
                DiagnosticEvent(
                    at: now, side: .host, stage: .reloadRequest, key: key, kind: kind, reason: budget,
                    reloadsInDay: status.count))
        }
        return kinds
    }

    private func record(
        _ stage: DiagnosticEvent.Stage,
        key: SnapshotKey,
        kind: String,
        at now: Date,
        revision: Int? = nil,
        reason: String? = nil
    ) {
        log.record(
            DiagnosticEvent(
                at: now, side: .host, stage: stage, key: key, kind: kind, revision: revision, reason: reason))
    }
}
