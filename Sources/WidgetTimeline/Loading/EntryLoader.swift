#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The extension's side of the pipe: cache first, then the source, then honest fallbacks.
///
/// | Stored snapshot | Source | Result |
/// |---|---|---|
/// | young enough, not forced | not asked | the snapshot |
/// | old, or forced | answers with data observed at or after the stored data's, or naming no observation | the answer, saved (when the store is writable) |
/// | old, or forced | answers with data observed before the stored data's | the stored snapshot: nothing is saved over newer data |
/// | old, or forced | fails, times out, or answers for another scope | the old snapshot, with the failure: shown stale by its age, retried with back-off |
/// | old, or forced | answers with data observed after the fetch, past the tolerance | as a failure (`sourceFailed`) |
/// | none | fails | unavailable, with the reason (location unavailable, …) |
/// | none, no source | — | no data yet |
///
/// "Young enough" is the snapshot's age (`generatedAt`) against the kind's `refreshAfter`; what the
/// screen then claims is the data's age, decided by the planner. A cache hit can be stale data. A
/// snapshot made in this clock's future (a clock set back) is never young enough: its age is
/// unknown.
///
/// A fetched answer never replaces data observed later (`observedAt`). One observed before the
/// stored data — a server that has not yet seen what the app saved — is not saved, and the stored
/// snapshot is the result. A newer one is saved as compare-and-swap against the revision the load
/// read before fetching, so it can never replace what another writer committed while the fetch
/// ran: on a conflict the loader reads again and keeps whichever data was observed later,
/// committing the answer only if it is the newer. Nothing is saved over a revision a read could not
/// load for an I/O error: the answer is shown unsaved. Each case is logged.
public final class EntryLoader<Kind: WidgetKind>: @unchecked Sendable {
    // @unchecked: `failures` and `askedOverNewer` are read and written under `lock`; everything
    // else is immutable.
    public let kind: Kind
    private let store: any SnapshotStore
    private let source: (any SnapshotSource<Kind.Payload>)?
    /// How long a fetch may take.
    public let timeout: Duration
    private let sleeper: any Clock<Duration>
    let log: any DiagnosticSink
    /// Read-back checks already made (``PayloadReadBacks``), or `nil`.
    private let readBacks: PayloadReadBacks?

    private let lock = Lock()
    private var failures: [SnapshotKey: Int] = [:]
    /// Per key, the stored revision the source last answered with older data, and when it was
    /// asked: that revision is as young as that answer, so the source is not asked again before its
    /// `refreshAfter` — on the next `getTimeline` call of the same reload, say — although nothing
    /// was saved.
    private var askedOverNewer: [SnapshotKey: (revision: Int, at: Date)] = [:]

    /// - Parameters:
    ///   - kind: the widget kind whose snapshots it loads.
    ///   - store: the shared store; read-only in an extension that must not write.
    ///   - source: where to fetch when the snapshot is old or missing; `nil` reads the store only.
    ///   - timeout: how long a fetch may take. Well under the provider's ~30 s watchdog
    ///     (docs/simulator.md, "getTimeline watchdog"); default 8 s.
    ///   - sleeper: the clock that times the fetch out (`ContinuousClock()` in an extension).
    ///   - log: where diagnostic events go.
    public convenience init(
        kind: Kind,
        store: any SnapshotStore,
        source: (any SnapshotSource<Kind.Payload>)? = nil,
        timeout: Duration = .seconds(8),
        sleeper: any Clock<Duration>,
        log: any DiagnosticSink = DiscardingDiagnosticSink()
    ) {
        self.init(
            kind: kind, store: store, source: source, timeout: timeout, sleeper: sleeper, log: log,
            readBacks: nil)
    }

    /// A loader as above whose drafts' read-back checks `readBacks` may already have made: for a
    /// simulated fleet, whose devices save the same few payloads.
    package init(
        kind: Kind,
        store: any SnapshotStore,
        source: (any SnapshotSource<Kind.Payload>)? = nil,
        timeout: Duration = .seconds(8),
        sleeper: any Clock<Duration>,
        log: any DiagnosticSink = DiscardingDiagnosticSink(),
        readBacks: PayloadReadBacks?
    ) {
        self.kind = kind
        self.store = store
        self.source = source
        self.timeout = timeout
        self.sleeper = sleeper
        self.log = log
        self.readBacks = readBacks
    }

    /// What the store holds for `key`, without asking the source: for snapshots and placeholders
    /// that must never wait on the network.
    public func cached(_ key: SnapshotKey, at now: Date) -> LoadResult<Kind.Payload> {
        cached(key, at: now, logging: log)
    }

    func cached(_ key: SnapshotKey, at now: Date, logging sink: any DiagnosticSink) -> LoadResult<
        Kind.Payload
    > {
        let read = store.read(key, for: kind)
        logRead(read, key: key, at: now, to: sink)
        return LoadResult(read)
    }

    /// Loads what the widget should show for `key` at `now`, asking the source (with the timeout)
    /// when the stored snapshot is old, missing or `forceRefresh` is set.
    public func load(_ key: SnapshotKey, at now: Date, forceRefresh: Bool = false) async -> LoadResult<
        Kind.Payload
    > {
        await load(key, at: now, forceRefresh: forceRefresh, logging: log)
    }

    @usableFromInline
    func load(_ key: SnapshotKey, at now: Date, forceRefresh: Bool, logging sink: any DiagnosticSink) async
        -> LoadResult<Kind.Payload>
    {
        let step = begin(key, at: now, forceRefresh: forceRefresh, canFetch: source != nil, logging: sink)
        guard case .fetch(let pending) = step, let source else { return step.result.fetchable(source != nil) }
        return finish(pending, fetched: await fetch(key, from: source), logging: sink)
    }

    /// Loads like ``load(_:at:forceRefresh:)``, fetching through `fetch` instead of the source:
    /// for callers whose fetch is synchronous — the simulator's virtual network, tools, tests.
    /// `nil` reads the store only.
    public func load(
        _ key: SnapshotKey,
        at now: Date,
        forceRefresh: Bool = false,
        fetchingWith fetch: ((SnapshotKey) -> Result<SourceAnswer<Kind.Payload>, SourceFailure>)?
    ) -> LoadResult<Kind.Payload> {
        load(key, at: now, forceRefresh: forceRefresh, fetchingWith: fetch, logging: log)
    }

    @usableFromInline
    func load(
        _ key: SnapshotKey, at now: Date, forceRefresh: Bool,
        fetchingWith fetch: ((SnapshotKey) -> Result<SourceAnswer<Kind.Payload>, SourceFailure>)?,
        logging sink: any DiagnosticSink
    ) -> LoadResult<Kind.Payload> {
        let step = begin(key, at: now, forceRefresh: forceRefresh, canFetch: fetch != nil, logging: sink)
        guard case .fetch(let pending) = step, let fetch else { return step.result.fetchable(fetch != nil) }
        return finish(pending, fetched: fetch(key), logging: sink)
    }

    // MARK: - The decision, shared by both paths

    /// What a load does after reading the store.
    private enum Step {
        /// The answer, without fetching.
        case done(LoadResult<Kind.Payload>)
        /// Fetch, then ``finish(_:fetched:)``.
        case fetch(Pending)

        var result: LoadResult<Kind.Payload> {
            switch self {
            case .done(let result): result
            case .fetch(let pending): LoadResult(pending.read)
            }
        }
    }

    /// A load waiting for its fetch.
    private struct Pending {
        var key: SnapshotKey
        var now: Date
        var read: SnapshotReadResult<Kind.Payload>
        /// The revision the read saw, which the save of the fetched answer expects.
        var basis: ExpectedRevision
    }

    /// How many times a save of a fetched answer reads again after a conflict before it gives up.
    static var maximumSaveAttempts: Int { 4 }

    private func begin(
        _ key: SnapshotKey, at now: Date, forceRefresh: Bool, canFetch: Bool, logging sink: any DiagnosticSink
    ) -> Step {
        let read = store.read(key, for: kind)
        logRead(read, key: key, at: now, to: sink)
        if let stored = read.snapshot, !forceRefresh, isYoungEnough(stored, key: key, at: now) {
            resetFailures(key)
            return .done(.loaded(stored))
        }
        // Nothing to fetch from: what is stored is all there is, and its age speaks for itself.
        guard canFetch else { return .done(LoadResult(read)) }
        return .fetch(Pending(key: key, now: now, read: read, basis: basis(of: read, key: key)))
    }

    /// Whether `stored` was made — or last found newer than the source's answer — recently enough
    /// not to ask the source: not longer ago than the kind's `refreshAfter`, and not in this
    /// clock's future (then its age is unknown).
    private func isYoungEnough(_ stored: Snapshot<Kind.Payload>, key: SnapshotKey, at now: Date) -> Bool {
        let interval = kind.freshness(of: stored).refreshAfter
        func isRecent(_ instant: Date) -> Bool {
            let age = now.timeIntervalSince(instant)
            return age >= -SnapshotLimits.futureInstantTolerance && age < interval
        }
        if isRecent(stored.generatedAt) { return true }
        guard let asked = lock.withLock({ askedOverNewer[key] }), asked.revision == stored.revision else {
            return false
        }
        return isRecent(asked.at)
    }

    /// The revision a save after this read expects: the newest one the read saw — valid or not, as
    /// the store numbers revisions by name — or none.
    private func basis(of read: SnapshotReadResult<Kind.Payload>, key: SnapshotKey) -> ExpectedRevision {
        switch read {
        case .found(_, let fallback?): return .revision(fallback.newestRevision)
        case .found(let snapshot, nil): return .revision(snapshot.revision)
        case .missing: return .absent
        case .corrupted(let problems): return problems.first.map { .revision($0.revision) } ?? .any
        case .incompatible, .unreadable:
            // The read carries no revision: ask for the newest name now, before the fetch.
            return store.newestRevision(of: key).map { .revision($0) } ?? .any
        }
    }

    private func finish(
        _ pending: Pending,
        fetched: Result<SourceAnswer<Kind.Payload>, SourceFailure>,
        logging sink: any DiagnosticSink
    ) -> LoadResult<Kind.Payload> {
        let (key, now, read) = (pending.key, pending.now, pending.read)
        let stored = read.snapshot
        var outcome = fetched
        // An answer for another scope (another park) answers nothing.
        if case .success(let answer) = fetched, !kind.payload(answer.payload, answers: key) {
            outcome = .failure(SourceFailure(.sourceEmpty))
        }
        // Data observed after the fetch, past the tolerance, is of unknown age, as a draft says: the
        // timeline would call it fresh once the clock reaches a stamp it arrived long before.
        if case .success(let answer) = outcome,
            (try? SnapshotDraft<Kind.Payload>.checkObservation(answer.observedAt, generatedAt: now)) == nil
        {
            sink.record(
                DiagnosticEvent(
                    at: now, side: .widgetExtension, stage: .error, key: key, kind: kind.kind,
                    reason: "answer-observed-in-the-future"))
            outcome = .failure(SourceFailure(.sourceFailed))
        }
        switch outcome {
        case .success(let answer):
            resetFailures(key)
            // An answer observed before the data stored replaces nothing: what was read is newer.
            // One observed at the same instant is saved, renewing the snapshot, so the next run
            // does not ask the source once more. An answer that names no observation is as of the
            // fetch, the newest data there is, as a commit that names none is to the sync.
            if let stored, let observed = answer.observedAt,
                stored.stamp.isObservedLater(than: observed, at: now)
            {
                sink.record(
                    DiagnosticEvent(
                        at: now, side: .widgetExtension, stage: .snapshotRead, key: key, kind: kind.kind,
                        revision: stored.revision, schemaVersion: stored.schemaVersion,
                        reason: "older-answer-kept-stored"))
                lock.withLock { askedOverNewer[key] = (stored.revision, now) }
                return .loaded(stored)
            }
            return .loaded(save(answer, for: key, after: pending, logging: sink))
        case .failure(let failure):
            let reason = failure.reason
            let count = recordFailure(key, stored: stored, at: now)
            sink.record(
                DiagnosticEvent(
                    at: now, side: .widgetExtension, stage: .error, key: key, kind: kind.kind,
                    reason: reason.rawValue))
            if stored == nil, let readFailure = LoadResult(read).failure {
                // A broken store is the more useful reason when the source failed too.
                return .failed(readFailure.reason, consecutiveFailures: count)
            }
            return .failed(reason, consecutiveFailures: count, lastKnown: stored)
        }
    }

    // MARK: - Effects

    /// Fetches with the timeout. Returns as soon as either finishes, even if the source ignores
    /// cancellation, so a hung request cannot run into the watchdog.
    private func fetch(_ key: SnapshotKey, from source: any SnapshotSource<Kind.Payload>) async
        -> Result<SourceAnswer<Kind.Payload>, SourceFailure>
    {
        let gate = FirstResult<Result<SourceAnswer<Kind.Payload>, SourceFailure>>()
        let timeout = self.timeout
        let sleeper = self.sleeper
        return await withCheckedContinuation { continuation in
            gate.install(continuation)
            // Whichever finishes first cancels the other.
            gate.cancelWhenFinished(
                Task {
                    do {
                        gate.finish(.success(try await source.fetch(key)))
                    } catch let failure as SourceFailure {
                        gate.finish(.failure(failure))
                    } catch {
                        gate.finish(.failure(SourceFailure(.sourceFailed)))
                    }
                })
            gate.cancelWhenFinished(
                Task {
                    do {
                        try await sleeper.sleep(for: timeout)
                        gate.finish(.failure(SourceFailure(.sourceTimedOut)))
                    } catch {
                        // Cancelled: the fetch finished first.
                    }
                })
        }
    }

    /// Saves a fetched answer, compare-and-swap against the revision read before the fetch. On a
    /// conflict — another writer committed while the fetch ran — reads again and keeps whichever
    /// data was observed later: the stored snapshot, or the answer, committed after it.
    private func save(
        _ answer: SourceAnswer<Kind.Payload>,
        for key: SnapshotKey,
        after pending: Pending,
        logging sink: any DiagnosticSink
    ) -> Snapshot<Kind.Payload> {
        let now = pending.now
        let observedAt = answer.observedAt ?? now
        let draft: SnapshotDraft<Kind.Payload>
        do {
            draft = try SnapshotDraft(
                for: kind, key: key, generatedAt: now, observedAt: observedAt, payload: answer.payload,
                readBacks: readBacks)
        } catch {
            sink.record(
                DiagnosticEvent(
                    at: now, side: .widgetExtension, stage: .error, key: key, kind: kind.kind,
                    reason: error.diagnosticCategory))
            // Shown, not stored: it could not be encoded (revision 0 marks data only in this timeline).
            return Snapshot(
                schemaVersion: kind.schemaVersion, kind: kind.kind, key: key, revision: 0, generatedAt: now,
                observedAt: observedAt, fingerprint: ContentFingerprint(rawValue: ""), payload: answer.payload
            )
        }
        guard !store.isReadOnly else {
            return Self.unsaved(draft)
        }
        // A revision the read could not load may hold data observed after the answer's: nothing is
        // saved over it.
        guard pending.read.errorHidingNewerData(of: key) == nil else {
            sink.record(
                DiagnosticEvent(
                    at: now, side: .widgetExtension, stage: .error, key: key, kind: kind.kind,
                    reason: "unsaved-over-unread-revision"))
            return Self.unsaved(draft)
        }
        var basis = pending.basis
        var reason = "fetched"
        for _ in 0..<Self.maximumSaveAttempts {
            do {
                let outcome = try store.commit(draft, expecting: basis)
                if !(sink is DiscardingDiagnosticSink) {
                    sink.record(
                        DiagnosticEvent(
                            at: now, side: .widgetExtension, stage: .snapshotCommit, key: key,
                            kind: kind.kind, revision: outcome.revision, schemaVersion: kind.schemaVersion,
                            reason: reason))
                }
                return draft.snapshot(revision: outcome.revision)
            } catch .conflict {
                // Another writer committed while the fetch ran: read what it committed, and keep it
                // when it is as young as the answer or younger. It was made after `now`, read
                // before the fetch, by up to however long this process was suspended since: its
                // own clock, not `now`, says whether its data is from the future.
                let read = store.read(key, for: kind)
                if let stored = read.snapshot,
                    stored.stamp.isObservedLater(
                        than: observedAt, at: max(now, stored.generatedAt), orAtTheSameTime: true)
                {
                    sink.record(
                        DiagnosticEvent(
                            at: now, side: .widgetExtension, stage: .snapshotRead, key: key, kind: kind.kind,
                            revision: stored.revision, schemaVersion: stored.schemaVersion,
                            reason: "conflict-kept-stored"))
                    return stored
                }
                if read.errorHidingNewerData(of: key) != nil {
                    sink.record(
                        DiagnosticEvent(
                            at: now, side: .widgetExtension, stage: .error, key: key, kind: kind.kind,
                            reason: "unsaved-over-unread-revision"))
                    return Self.unsaved(draft)
                }
                basis = self.basis(of: read, key: key)
                reason = "fetched-after-conflict"
            } catch {
                sink.record(
                    DiagnosticEvent(
                        at: now, side: .widgetExtension, stage: .error, key: key, kind: kind.kind,
                        reason: error.diagnosticCategory))
                return Self.unsaved(draft)
            }
        }
        sink.record(
            DiagnosticEvent(
                at: now, side: .widgetExtension, stage: .error, key: key, kind: kind.kind,
                reason: SnapshotStoreError.contention(attempts: Self.maximumSaveAttempts).diagnosticCategory))
        return Self.unsaved(draft)
    }

    /// A fetched answer that was not saved (a read-only store, a save that failed or lost to other
    /// writers), shown as revision 0: data that exists only in this timeline. Never under the
    /// number of a revision it read: that record holds other content, and a trace from the screen
    /// to the store would find it. (An `unconfirmed` revision is not acknowledged either.)
    private static func unsaved(_ draft: SnapshotDraft<Kind.Payload>) -> Snapshot<Kind.Payload> {
        draft.snapshot(revision: 0)
    }

    private func logRead(
        _ read: SnapshotReadResult<Kind.Payload>, key: SnapshotKey, at now: Date, to sink: any DiagnosticSink
    ) {
        // Every load reads: a log that keeps nothing is not worth the event.
        guard !(sink is DiscardingDiagnosticSink) else { return }
        var event = DiagnosticEvent(
            at: now, side: .widgetExtension, stage: .snapshotRead, key: key, kind: kind.kind)
        switch read {
        case .found(let snapshot, let fallback):
            event.revision = snapshot.revision
            event.schemaVersion = snapshot.schemaVersion
            event.ageSeconds = Int(now.timeIntervalSince(snapshot.dataObservedAt).rounded(.down))
            event.freshness = kind.freshness(of: snapshot).classify(
                dataObservedAt: snapshot.dataObservedAt, at: now)
            event.reason = fallback == nil ? "found" : "fallback"
        case .missing: event.reason = "missing"
        case .corrupted: event.reason = UnavailableReason.snapshotCorrupted.rawValue
        case .incompatible(let found, _):
            event.schemaVersion = found
            event.reason = UnavailableReason.snapshotIncompatible.rawValue
        case .unreadable(let error): event.reason = "unreadable:" + error.diagnosticCategory
        }
        sink.record(event)
    }

    private func resetFailures(_ key: SnapshotKey) {
        lock.withLock { failures[key] = nil }
    }

    /// Counts a failure. A new extension process starts with no memory, so the count is at least
    /// what the stored data's age implies: one more for each doubling of its age past the refresh
    /// interval. That keeps back-off growing across process launches without writing anything.
    private func recordFailure(_ key: SnapshotKey, stored: Snapshot<Kind.Payload>?, at now: Date) -> Int {
        var implied = 1
        if let stored {
            let age = now.timeIntervalSince(stored.generatedAt)
            let interval = kind.freshness(of: stored).refreshAfter
            if age > interval {
                // A refresh interval of a few picoseconds makes the ratio infinite; past 64 more
                // doublings the back-off is at its maximum anyway.
                let doublings = log2(age / interval).rounded(.down)
                implied = 1 + (doublings.isFinite ? Int(min(doublings, 1_000)) : 1_000)
            }
        }
        return lock.withLock {
            let count = max((failures[key] ?? 0) + 1, implied)
            failures[key] = count
            return count
        }
    }
}

/// Delivers the first of several racing results to a continuation, exactly once, and cancels the
/// racers when it has one.
private final class FirstResult<Value: Sendable>: @unchecked Sendable {
    // @unchecked: every stored property is read and written under `lock`.
    private let lock = Lock()
    private var continuation: CheckedContinuation<Value, Never>?
    private var pending: Value?
    private var isFinished = false
    private var racers: [Task<Void, Never>] = []

    /// Cancels `task` once a result is in (at once, if one already is).
    func cancelWhenFinished(_ task: Task<Void, Never>) {
        let finished = lock.withLock {
            if !isFinished { racers.append(task) }
            return isFinished
        }
        if finished { task.cancel() }
    }

    func install(_ continuation: CheckedContinuation<Value, Never>) {
        let early: Value? = lock.withLock {
            if let pending { return pending }
            self.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    /// Offers a result; `true` if it was the first.
    @discardableResult
    func finish(_ value: Value) -> Bool {
        let outcome:
            (first: Bool, continuation: CheckedContinuation<Value, Never>?, racers: [Task<Void, Never>]) =
                lock.withLock {
                    guard !isFinished else { return (false, nil, []) }
                    isFinished = true
                    let waiting = continuation
                    continuation = nil
                    if waiting == nil { pending = value }
                    defer { racers = [] }
                    return (true, waiting, racers)
                }
        guard outcome.first else { return false }
        outcome.continuation?.resume(returning: value)
        for racer in outcome.racers { racer.cancel() }
        return true
    }
}
