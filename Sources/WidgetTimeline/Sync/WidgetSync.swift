#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

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
/// - Unchanged content — the kind's fingerprint equals the stored one, and so does its JSON as
///   records store it (the fingerprint writes `-0.0` as `0`), under the kind's schema version — is
///   neither saved nor reloaded. The comparison is with what is stored, so it holds across
///   launches, and the save expects the revision compared with, so two processes saving equal
///   content at once save it once. A snapshot whose data has aged past a share of the kind's stale
///   threshold is saved again anyway, so a value the app re-confirms does not turn stale on the
///   widget.
/// - A commit whose `observedAt` is before the stored data's (an app syncing a server value that
///   has not seen an intent's write yet) is not saved either: an older value never replaces a
///   newer one. A commit that names no `observedAt` is the newest data and is always compared by
///   content, so two writers committing at once both land. One that names it over a newer revision
///   the read could not load (an I/O error) throws that error and saves nothing: the revision may
///   hold data observed later.
/// - A crash between save and reload loses nothing: the snapshot is durable, and the widget's next
///   scheduled refresh reads it. The reload is an optimisation, not the transaction.
/// - Reloads go through one ``ReloadCoordinator`` for timelines and controls alike: a commit asks
///   for its kind's timelines, or for the targets given (``commit(_:for:key:observedAt:reloading:)``).
/// - The extension commits through a sync made with `side: .widgetExtension`: its commits are saved
///   like the host's, and ask for no reload — except an interactive widget's intent
///   (``commitFromIntent(_:for:key:observedAt:alsoReloading:)``), the documented path.
/// - Reload-all is for global events only (``reloadAll(reason:)``).
///
/// Thread-safe: commits may come from any thread.
public final class WidgetSync: @unchecked Sendable {
    // @unchecked: `lastCommits` and `loggedSkips` are read and written under `lock`; everything
    // else is immutable and Sendable.
    private let store: any SnapshotStore
    private let clock: any WidgetClock
    private let log: any DiagnosticSink
    /// Where every reload request goes, for both channels.
    public let coordinator: ReloadCoordinator
    /// The share of a kind's stale threshold after which unchanged content is saved again.
    public let reconfirmationShare: Double?

    private let lock = Lock()
    /// This sync's last commit per key: while it is still the key's newest revision, deciding
    /// "unchanged" needs only two directory listings, not a read of the record (the newest revision
    /// number never goes down, so finding its own revision newest means nothing was committed
    /// since; see `isStillNewest`).
    private var lastCommits: [SnapshotKey: CommittedContent] = [:]
    /// The revision whose skip was logged last, per key: a burst of identical emissions logs one
    /// skip, not one per emission, and writes nothing after it.
    private var loggedSkips: [SnapshotKey: Int] = [:]

    private struct CommittedContent {
        var revision: Int
        var kind: String
        /// The record's schema version: content stored under another one is not this commit's,
        /// whatever its bytes (a reader may read the same JSON differently per version).
        var schemaVersion: Int
        var fingerprint: ContentFingerprint
        /// When it was made (its `generatedAt`), at the store's millisecond precision: a record made
        /// in a clock's future is never kept, whichever process made it.
        var generatedAt: Date
        /// When its data was observed (the commit's instant if it named none), at the store's
        /// millisecond precision.
        var dataObservedAt: Date
        /// The payload as stored, to tell equal content apart from equal bytes (see
        /// `isSameContent`): read from the record, or, for this sync's own commit, decoded from what
        /// it stored (``SnapshotDraft/readBack``) — never the app's own value, which may be a class,
        /// or hold one, that the app changes after the commit.
        var payload: (any Sendable)?
        /// The bytes `JSONEncoder` wrote for it, for this sync's own commits: the same bytes again
        /// are the same content without a draft (see `unchangedSinceLastCommit`).
        var payloadBytes: Data? = nil
    }

    /// - Parameters:
    ///   - store: where snapshots are committed (the App Group store).
    ///   - reloader: how reloads are asked for (`WidgetCenter` in an app).
    ///   - clock: the source of `generatedAt` and of reload times.
    ///   - debounce: whether reloads are coalesced.
    ///   - ledger: counts reloads per kind against a daily budget.
    ///   - reconfirmationShare: unchanged content is saved again once its data is older than this
    ///     share of the kind's stale threshold (default one half); `nil` never saves it again.
    ///   - controls: how control reloads are asked for (`ControlCenter`), if the app has controls.
    ///   - side: `.host` in the app; `.widgetExtension` in the extension, which reloads only on the
    ///     intent path.
    ///   - log: where diagnostic events go.
    public convenience init(
        store: any SnapshotStore,
        reloader: any WidgetReloader,
        clock: any WidgetClock,
        debounce: ReloadDebounce = .immediate,
        ledger: ReloadLedger = ReloadLedger(),
        reconfirmationShare: Double? = 0.5,
        controls: (any ControlReloader)? = nil,
        side: DiagnosticEvent.Side = .host,
        log: any DiagnosticSink = DiscardingDiagnosticSink()
    ) {
        self.init(
            store: store,
            coordinator: ReloadCoordinator(
                timelines: reloader, controls: controls, clock: clock, debounce: debounce, ledger: ledger,
                side: side, log: log),
            clock: clock, reconfirmationShare: reconfirmationShare, log: log)
    }

    /// A sync whose reloads go to `coordinator`, which may be shared with other code of the app
    /// that asks for control or timeline reloads without a commit.
    public init(
        store: any SnapshotStore,
        coordinator: ReloadCoordinator,
        clock: any WidgetClock,
        reconfirmationShare: Double? = 0.5,
        log: any DiagnosticSink = DiscardingDiagnosticSink()
    ) {
        self.store = store
        self.coordinator = coordinator
        self.clock = clock
        self.reconfirmationShare = reconfirmationShare
        self.log = log
    }

    /// The reloads (and received pushes) per channel and kind over the last 24 hours.
    public var ledger: ReloadLedger { coordinator.ledger }

    /// Timeline kinds whose reload is waiting for the debounce deadline.
    public var pendingReloads: [String] {
        coordinator.pendingTargets.filter { $0.channel == .timelines }.map(\.kind)
    }

    /// Every target, on either channel, whose reload is waiting for the debounce deadline.
    public var pendingTargets: [ReloadTarget] { coordinator.pendingTargets }

    /// Saves `payload` for `kind` and, if that succeeded and the content changed, asks for a reload.
    ///
    /// - Parameters:
    ///   - payload: what the widget will display.
    ///   - kind: the widget kind it is for.
    ///   - key: the snapshot key; the kind's default key (its kind string) when `nil`.
    ///   - observedAt: when the data was true, if not now (a server timestamp).
    ///   - reloading: what to reload after the save; the kind's timelines when `nil`. Name a
    ///     control too (`[.timelines("tasks"), .controls("task-toggle")]`) when it shows this data.
    /// - Returns: ``SyncOutcome/unchanged(revision:)`` — also when the stored data was observed after
    ///   the `observedAt` given, and stands — or ``SyncOutcome/saved(revision:reload:durability:)``;
    ///   on the extension's side the reload is ``ReloadDecision/refused``.
    /// - Throws: the store's error when the save failed; no reload was asked for and the previous
    ///   snapshot is intact. ``SnapshotStoreError/contention(attempts:)`` when other writers
    ///   committed between each of this commit's comparisons and its save, 64 times in a row: a
    ///   save is only ever made after the revision it was compared with, never over another. The
    ///   read's I/O error when `observedAt` is given and a newer revision could not be read.
    @discardableResult
    public func commit<Kind: WidgetKind>(
        _ payload: Kind.Payload,
        for kind: Kind,
        key: SnapshotKey? = nil,
        observedAt: Date? = nil,
        reloading: [ReloadTarget]? = nil
    ) throws(SnapshotStoreError) -> SyncOutcome {
        try commit(
            payload, for: kind, key: key, observedAt: observedAt,
            reloading: reloading ?? [.timelines(kind.kind)],
            viaIntent: false)
    }

    /// Saves what an interactive widget's intent changed, from the extension's `perform()`, and
    /// returns once the save is durable — so the provider run the system starts when `perform()`
    /// returns reads this revision.
    ///
    /// ```swift
    /// func perform() async throws -> some IntentResult {
    ///     try ExtensionSetup.intentSync.commitFromIntent(TaskCountPayload(count: done), for: TaskCountWidget())
    ///     return .result()
    /// }
    /// ```
    ///
    /// The tapped widget needs no request: the system reloads it after `perform()` returns
    /// (``ReloadDecision/afterIntent``). Other kinds that show the same data may or may not be
    /// reloaded by the system; name them in `alsoReloading` and they are asked for at once, the one
    /// reload the extension may request (the system may take minutes to honour it).
    ///
    /// - Throws: the store's error when the save failed: throw it from `perform()`, nothing changed.
    @discardableResult
    public func commitFromIntent<Kind: WidgetKind>(
        _ payload: Kind.Payload,
        for kind: Kind,
        key: SnapshotKey? = nil,
        observedAt: Date? = nil,
        alsoReloading: [ReloadTarget] = []
    ) throws(SnapshotStoreError) -> SyncOutcome {
        let outcome = try commit(
            payload, for: kind, key: key, observedAt: observedAt, reloading: alsoReloading, viaIntent: true)
        guard case .saved(let revision, _, let durability) = outcome else { return outcome }
        return .saved(revision: revision, reload: .afterIntent, durability: durability)
    }

    private func commit<Kind: WidgetKind>(
        _ payload: Kind.Payload, for kind: Kind, key: SnapshotKey?, observedAt: Date?,
        reloading targets: [ReloadTarget], viaIntent: Bool
    ) throws(SnapshotStoreError) -> SyncOutcome {
        let key = key ?? kind.defaultKey
        var now = clock.now
        // The same value as this sync's last commit, still the newest: nothing to encode or hash.
        if let revision = unchangedSinceLastCommit(
            of: key, payload: payload, observedAt: observedAt, kind: kind, now: now)
        {
            return skipped(key: key, kind: kind.kind, at: now, revision: revision)
        }
        // Made at `instant`: without an `observedAt`, the data's observation and so its fingerprint.
        func drafted(at instant: Date) throws(SnapshotStoreError) -> SnapshotDraft<Kind.Payload> {
            do {
                return try SnapshotDraft(
                    for: kind, key: key, generatedAt: instant, observedAt: observedAt, payload: payload)
            } catch {
                record(.error, key: key, kind: kind.kind, at: instant, reason: error.diagnosticCategory)
                throw error
            }
        }
        var draft = try drafted(at: now)
        // The commit expects the revision it was compared with: content another writer committed
        // meanwhile is compared with too, so two processes saving equal content save it once.
        var comparison = compare(
            key, payload: payload, observedAt: observedAt, fingerprint: draft.fingerprint, kind: kind,
            draftedAt: now)
        var attempts = 0
        let outcome: CommitOutcome
        while true {
            let basis: ExpectedRevision
            switch comparison {
            case .unchanged(let revision):
                return skipped(key: key, kind: kind.kind, at: now, revision: revision)
            case .newer(let revision):
                return skipped(
                    key: key, kind: kind.kind, at: now, revision: revision, reason: "older-than-stored")
            case .changed(let compared): basis = compared
            case .hidden(let error):
                record(.error, key: key, kind: kind.kind, at: now, reason: error.diagnosticCategory)
                throw error
            }
            attempts += 1
            do {
                // Always the revision compared with: what the comparison decided — not older than the
                // stored data, not equal content — holds only for that revision. (Committing whatever
                // is current after a few conflicts put a server value over an intent's newer write
                // that landed in between.)
                outcome = try store.commit(draft, expecting: basis)
                break
            } catch .conflict {
                // Another writer committed meanwhile: the store moved on, so this only repeats while
                // others make progress. Past the bound, nothing is saved and the caller is told.
                guard attempts < Self.maximumComparisons else {
                    let error = SnapshotStoreError.contention(attempts: attempts)
                    record(.error, key: key, kind: kind.kind, at: now, reason: error.diagnosticCategory)
                    throw error
                }
                // The clock again: a process paused since its comparison (a suspended app) would
                // take what others committed meanwhile for records from its clock's future.
                now = clock.now
                draft = try drafted(at: now)
                comparison = compare(
                    key, payload: payload, observedAt: observedAt, fingerprint: draft.fingerprint,
                    kind: kind, draftedAt: now)
            } catch {
                record(.error, key: key, kind: kind.kind, at: now, reason: error.diagnosticCategory)
                throw error
            }
        }
        let committed = CommittedContent(
            revision: outcome.revision, kind: kind.kind, schemaVersion: draft.schemaVersion,
            fingerprint: draft.fingerprint,
            generatedAt: Instant.rounded(now), dataObservedAt: Instant.rounded(observedAt ?? now),
            payload: draft.readBack, payloadBytes: draft.encodedBytes)
        lock.withLock { lastCommits[key] = committed }
        // The commit's event and its reload requests are logged together, in one append.
        let reasons = [viaIntent ? "intent" : nil, outcome.isDurable ? nil : "not-durable"].compactMap { $0 }
        var events = [
            DiagnosticEvent(
                at: now, side: coordinator.side, stage: .snapshotCommit, key: key, kind: kind.kind,
                revision: outcome.revision, schemaVersion: kind.schemaVersion,
                reason: reasons.isEmpty ? nil : reasons.joined(separator: ","))
        ]
        let reload = coordinator.request(
            targets, key: key, reason: viaIntent ? "intent" : "commit", viaIntent: viaIntent,
            loggingInto: &events)
        log.record(contentsOf: events)
        return .saved(revision: outcome.revision, reload: reload, durability: outcome.durability)
    }

    /// Sends every pending reload now, on both channels: call it when the app leaves the foreground.
    ///
    /// - Returns: the targets reloaded.
    @discardableResult
    public func flush() -> [ReloadTarget] { coordinator.flush() }

    /// Reloads every widget of the app, for global events such as signing out.
    public func reloadAll(reason: String) {
        coordinator.reloadAll(.timelines, reason: reason)
    }

    // MARK: - Steps

    /// Logs the first skip of a revision (a burst of identical emissions logs one) and says so.
    private func skipped(
        key: SnapshotKey, kind: String, at now: Date, revision: Int, reason: String? = nil
    ) -> SyncOutcome {
        let isFirstSkip = lock.withLock {
            defer { loggedSkips[key] = revision }
            return loggedSkips[key] != revision
        }
        if isFirstSkip {
            record(.dedupeSkip, key: key, kind: kind, at: now, revision: revision, reason: reason)
        }
        return .unchanged(revision: revision)
    }

    /// This sync's last commit of `key` when `payload` encodes to the same bytes (and, where the
    /// kind fingerprints content that depends on the observation, was observed at the same instant),
    /// that commit is still the newest revision and it need not be re-confirmed: the answer
    /// `compare` would give, decided before a draft is made. Equal bytes, not `==` alone: an `==`
    /// that sees less than the payload stores (one by identifier) must not keep a changed value
    /// from being saved. `==` is asked first, where the commit kept the value it stored, only
    /// because it is cheaper than encoding: a changed value, the usual one, is then encoded once, by
    /// its draft. An observation the draft would refuse is never skipped here, so the commit
    /// reports it.
    private func unchangedSinceLastCommit<Kind: WidgetKind>(
        of key: SnapshotKey, payload: Kind.Payload, observedAt: Date?, kind: Kind, now: Date
    ) -> Int? {
        guard (try? SnapshotDraft<Kind.Payload>.checkObservation(observedAt, generatedAt: now)) != nil,
            let own = lock.withLock({ lastCommits[key] }), own.kind == kind.kind,
            own.schemaVersion == kind.schemaVersion,
            own.payload.map({ ($0 as? Kind.Payload) == payload }) ?? true,
            let bytes = own.payloadBytes, (try? PayloadReadBack.bytes(of: payload)) == bytes,
            kind.fingerprintedContent(of: payload, observedAt: observedAt ?? now) == nil
                || own.dataObservedAt == Instant.rounded(observedAt ?? now),
            isKept(own, kind: kind, now: now), isStillNewest(own.revision, of: key)
        else { return nil }
        return own.revision
    }

    /// Whether `revision`, this sync's own last commit, is still the key's newest: nothing was
    /// committed since (the newest revision never goes down), so what it stored is what is shown.
    ///
    /// Two listings, one after the other, as every answer of the store rests on: one listing made
    /// while another process publishes may not show the name it adds (POSIX leaves a name added
    /// during a `readdir` pass unspecified), and one showing this revision as the newest made a
    /// repeat `.unchanged` while another process's different content was newest. A revision the
    /// first pass missed is there for all of the second, unless clean-up removes it meanwhile — and
    /// clean-up removes older revisions first, this one among them.
    private func isStillNewest(_ revision: Int, of key: SnapshotKey) -> Bool {
        store.newestRevision(of: key) == revision && store.newestRevision(of: key) == revision
    }

    /// How many times a commit compares with what is stored and tries to save after it before it
    /// throws ``SnapshotStoreError/contention(attempts:)``: each conflict is another writer's commit
    /// landing in between, so this many in a row means the key is being written back to back.
    static var maximumComparisons: Int { 64 }

    /// What a comparison with the stored content found.
    private enum Comparison {
        /// The stored revision shows the same content.
        case unchanged(revision: Int)
        /// The stored revision holds data observed after this commit's: it stands.
        case newer(revision: Int)
        /// It does not, or cannot be read; a commit expects the revision compared with.
        case changed(basis: ExpectedRevision)
        /// A newer revision could not be read (an I/O error) and this commit names when its data was
        /// observed: that revision may hold data observed later, which it must not replace.
        case hidden(SnapshotStoreError)
    }

    /// Whether the stored content is the same (see `isSameContent`) and need not be re-confirmed,
    /// or holds data observed after this commit's, which the commit never replaces.
    ///
    /// Compares with this sync's own last commit while that is still the newest revision and the
    /// commit kept the value it stored; otherwise reads the snapshot as the kind's payload type, as
    /// the extension does, so a record this code cannot read (corrupted, or a newer schema) never
    /// counts as unchanged. `draftedAt` is the draft's instant, its observation when it names none.
    private func compare<Kind: WidgetKind>(
        _ key: SnapshotKey,
        payload: Kind.Payload,
        observedAt: Date?,
        fingerprint: ContentFingerprint,
        kind: Kind,
        draftedAt: Date
    ) -> Comparison {
        let stored: CommittedContent
        if let own = lock.withLock({ lastCommits[key] }), own.payload != nil,
            isStillNewest(own.revision, of: key)
        {
            stored = own
        } else {
            let read = store.read(key, for: kind)
            // The clock after the read, never before: a process stopped in between would take what
            // others committed meanwhile for records from its clock's future.
            let now = clock.now
            let known = now.addingTimeInterval(SnapshotLimits.futureInstantTolerance)
            // The host's twin of the loader's rule: data of a known age is never saved over a
            // revision the read could not see. Data that names no observation is the newest there is.
            if observedAt != nil, let error = read.errorHidingNewerData(of: key) { return .hidden(error) }
            switch read {
            case .found(let snapshot, nil):
                stored = CommittedContent(
                    revision: snapshot.revision, kind: snapshot.kind, schemaVersion: snapshot.schemaVersion,
                    fingerprint: snapshot.fingerprint,
                    generatedAt: snapshot.generatedAt, dataObservedAt: snapshot.dataObservedAt,
                    payload: snapshot.payload)
            case .found(let snapshot, let fallback?):
                // Only the newest revision can make a commit unnecessary: one found by skipping
                // newer revisions this code cannot read is superseded, so equal content is saved.
                // But it is what readers show, so data observed before it never replaces it.
                if let observedAt, snapshot.kind == kind.kind, snapshot.generatedAt <= known,
                    snapshot.stamp.isObservedLater(than: observedAt, at: now)
                {
                    return .newer(revision: snapshot.revision)
                }
                return .changed(basis: .revision(fallback.newestRevision))
            case .missing:
                return .changed(basis: .absent)
            case .corrupted, .incompatible, .unreadable:
                return .changed(basis: .any)
            }
        }
        let now = clock.now
        // A record made in this clock's future — by this sync before its clock was set back, or by
        // another — is no evidence of anything: saving again repairs it. (This sync's own record
        // was kept, where another's was not, when its data was observed in the past.)
        let known = now.addingTimeInterval(SnapshotLimits.futureInstantTolerance)
        guard stored.generatedAt <= known else { return .changed(basis: .revision(stored.revision)) }
        // Data observed after this commit's (an intent's write, while the app commits a server value
        // that has not seen it) is never replaced by it: an older value would show as the newer one.
        // Only a commit that names its observation claims an age: one that names none is the newest
        // data there is, even when another process's clock, or a commit that landed between this
        // one's instant and its save, stamped the stored data a moment later. A record from this
        // clock's future is no evidence.
        if let observedAt, stored.kind == kind.kind,
            DataStamp(revision: stored.revision, observedAt: stored.dataObservedAt)
                .isObservedLater(than: observedAt, at: now)
        {
            return .newer(revision: stored.revision)
        }
        guard stored.kind == kind.kind, stored.schemaVersion == kind.schemaVersion,
            isKept(stored, kind: kind, now: now),
            isSameContent(
                stored, as: payload, fingerprint: fingerprint, observedAt: observedAt ?? draftedAt, kind: kind
            )
        else { return .changed(basis: .revision(stored.revision)) }
        return .unchanged(revision: stored.revision)
    }

    /// Whether stored content may stand for a new commit of the same content: neither the record
    /// nor its data is from this clock's future (saving again repairs that), and its data is not old
    /// enough to re-confirm.
    private func isKept<Kind: WidgetKind>(_ stored: CommittedContent, kind: Kind, now: Date) -> Bool {
        let known = now.addingTimeInterval(SnapshotLimits.futureInstantTolerance)
        guard stored.generatedAt <= known, stored.dataObservedAt <= known else { return false }
        guard let share = reconfirmationShare else { return true }
        return now.timeIntervalSince(stored.dataObservedAt) < kind.freshness.staleAfter * share
    }

    /// Whether `stored` shows what `payload` would: their fingerprinted JSON is the same as records
    /// store it, or, for equal values, differs in the order of array elements alone.
    ///
    /// Equal fingerprints are not enough: the fingerprint's canonical form writes `-0.0` as `0`, as
    /// RFC 8785 does, where a record keeps the sign and a widget formatting the value shows it
    /// (`-0°`). So the content is compared as records store it, which also keeps every string's
    /// scalars (`==` on strings, and on `JSONValue`, takes "é" as one scalar and as "e" with a
    /// combining accent for one string; a record stores what was written).
    ///
    /// Order: `JSONEncoder` writes a `Set`, and a dictionary whose keys are not strings or integers,
    /// in iteration order, which differs between equal values built differently and between
    /// processes (each seeds its hashing at random); the canonical form keeps array order, as it
    /// must for arrays. So payloads that are `==` whose JSON differs in the order of array elements
    /// alone are the same content when every array reordered is a set's or a dictionary's
    /// (``ReorderedContent``): an `==` by identifier sees less than is shown, so it vouches neither
    /// for the JSON nor for the order of an array — a ranking reordered, or the values of an
    /// enumeration-keyed dictionary swapped, are changes. When the kind fingerprints content that
    /// depends on the observation, the observations must match too: `observedAt` is the new data's,
    /// the commit's instant when it names none.
    private func isSameContent<Kind: WidgetKind>(
        _ stored: CommittedContent, as payload: Kind.Payload, fingerprint: ContentFingerprint,
        observedAt: Date, kind: Kind
    ) -> Bool {
        guard let storedPayload = stored.payload as? Kind.Payload else { return false }
        // As the draft's fingerprint took it: at the store's precision.
        let observed = Instant.rounded(observedAt)
        let content = kind.fingerprintedContent(of: payload, observedAt: observed)
        let isSameFingerprint = stored.fingerprint == fingerprint
        let isEqual = storedPayload == payload && (content == nil || stored.dataObservedAt == observed)
        let shown: any Encodable = content ?? payload
        let shownBefore: any Encodable =
            kind.fingerprintedContent(of: storedPayload, observedAt: stored.dataObservedAt) ?? storedPayload
        guard isSameFingerprint || isEqual,
            let new = try? JSONValue(encoding: shown), let old = try? JSONValue(encoding: shownBefore)
        else { return false }
        if isSameFingerprint && new.storedForm == old.storedForm { return true }
        return isEqual && new.withArraysInOneOrder.storedForm == old.withArraysInOneOrder.storedForm
            && ReorderedContent.isSame(shownBefore, shown)
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
                at: now, side: coordinator.side, stage: stage, key: key, kind: kind, revision: revision,
                reason: reason))
    }
}
