/// The shared snapshot store between a host app and its widget extension: one record per key and
/// revision, committed atomically and durably without any lock, read as a typed result.
///
/// ``FileSnapshotStore`` is the App Group implementation; ``InMemorySnapshotStore`` keeps the same
/// semantics in memory for tests, previews and the simulator. `docs/store-format.md` states what an
/// acknowledged revision means and why it holds.
public protocol SnapshotStore: Sendable {
    /// Whether commits are refused (the widget extension's view).
    var isReadOnly: Bool { get }

    /// The newest valid revision for `key`, decoded as `Payload`.
    ///
    /// Never throws and never traps: every failure is a case of the result. A newest revision that
    /// fails validation is skipped for the next newest valid one, and the result says so.
    ///
    /// - Parameters:
    ///   - key: the key to read.
    ///   - type: the payload type to decode.
    ///   - supportedSchema: the highest payload schema version this reader understands; a newer
    ///     record is ``SnapshotReadResult/incompatible(found:supported:)``.
    func read<Payload: Codable & Sendable & Equatable>(
        _ key: SnapshotKey, as type: Payload.Type, supportedSchema: Int
    ) -> SnapshotReadResult<Payload>

    /// Commits `draft` as the key's next revision: one more than the current one, or exactly
    /// `expected + 1` for a compare-and-swap.
    ///
    /// When this returns revision R, R was the newest revision when it became visible, no other
    /// commit was told R, and every reader sees R until a higher revision supersedes it; R is
    /// durable unless the outcome says otherwise. When it throws, nothing was acknowledged and the
    /// previous snapshot is intact.
    ///
    /// - Throws: ``SnapshotStoreError/conflict(current:)`` when `expected` is not current,
    ///   ``SnapshotStoreError/readOnly`` on a read-only store, and the other cases for I/O,
    ///   encoding and size failures.
    func commit<Payload: Codable & Sendable & Equatable>(
        _ draft: SnapshotDraft<Payload>, expecting expected: ExpectedRevision
    ) throws(SnapshotStoreError) -> CommitOutcome

    /// The keys that have at least one stored revision, sorted.
    func keys() throws(SnapshotStoreError) -> [SnapshotKey]

    /// The number of the newest revision published under `key` (0 when it has none), from one
    /// listing, without reading or validating anything; `nil` when the store cannot tell now.
    ///
    /// A writer that remembers its own last commit R and finds R still newest knows nothing was
    /// committed since: the newest revision number never goes down. One listing made while
    /// others commit and clean up can show a lower number, 0 included (a read confirms what it
    /// lists; this does not), so use it only where a lower number is safe: as a compare-and-swap's
    /// expectation, which then conflicts, or to decide whether to commit again.
    func newestRevision(of key: SnapshotKey) -> Int?
}

extension SnapshotStore {
    /// Commits `draft` after whatever revision is current (``ExpectedRevision/any``).
    public func commit<Payload: Codable & Sendable & Equatable>(
        _ draft: SnapshotDraft<Payload>
    ) throws(SnapshotStoreError) -> CommitOutcome {
        try commit(draft, expecting: .any)
    }

    /// The newest valid revision for `key` whatever its schema, with the payload as untyped JSON:
    /// for tools that show what is stored.
    public func readStored(_ key: SnapshotKey) -> SnapshotReadResult<JSONValue> {
        read(key, as: JSONValue.self, supportedSchema: .max)
    }
}
