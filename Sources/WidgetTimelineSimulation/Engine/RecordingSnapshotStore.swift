import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// A simulated widget's App Group store: the core's real ``InMemorySnapshotStore``, with a ledger
/// of the payload each revision was committed with, so the metrics can tell which data a screen
/// really carries (the host's commit, the server's answer, an intent's save) whoever wrote it — the
/// host's `WidgetSync`, the extension's `EntryLoader`, a naive strategy's save — instead of
/// guessing it from the value's observation time.
///
/// Every read and commit is the wrapped store's; the ledger only listens.
final class RecordingSnapshotStore<Payload: Codable & Sendable & Equatable>: SnapshotStore,
    @unchecked Sendable
{
    /// What one commit carried.
    struct Commit {
        var payload: Payload
        /// The draft's observation time (its generation time when it names none).
        var observedAt: Date
    }

    let base: InMemorySnapshotStore
    // A simulated device runs on one thread; the lock keeps the ledger sound for `Sendable`.
    private let lock = Lock()
    /// Per key and revision, where its commit is in `payloads` and `observedTimes`: a dictionary of
    /// plain indices, because unspecialised code pays for every generic dictionary operation.
    private var ledger: [SnapshotKey: [Int: Int]] = [:]
    private var payloads: [Payload] = []
    private var observedTimes: [Date] = []

    init(base: InMemorySnapshotStore) { self.base = base }

    var isReadOnly: Bool { base.isReadOnly }

    func read<Read: Codable & Sendable & Equatable>(
        _ key: SnapshotKey, as type: Read.Type, supportedSchema: Int
    ) -> SnapshotReadResult<Read> {
        base.read(key, as: type, supportedSchema: supportedSchema)
    }

    func commit<Written: Codable & Sendable & Equatable>(
        _ draft: SnapshotDraft<Written>, expecting expected: ExpectedRevision
    ) throws(SnapshotStoreError) -> CommitOutcome {
        let outcome = try base.commit(draft, expecting: expected)
        if let payload = draft.payload as? Payload {
            let observedAt = draft.observedAt ?? draft.generatedAt
            lock.withLock {
                ledger[draft.key, default: [:]][outcome.revision] = payloads.count
                payloads.append(payload)
                observedTimes.append(observedAt)
            }
        }
        return outcome
    }

    func keys() throws(SnapshotStoreError) -> [SnapshotKey] { try base.keys() }

    func newestRevision(of key: SnapshotKey) -> Int? { base.newestRevision(of: key) }

    /// What revision `revision` of `key` was committed with, if this store committed it.
    func committed(_ key: SnapshotKey, revision: Int) -> Commit? {
        lock.withLock {
            guard let index = ledger[key]?[revision] else { return nil }
            return Commit(payload: payloads[index], observedAt: observedTimes[index])
        }
    }
}
