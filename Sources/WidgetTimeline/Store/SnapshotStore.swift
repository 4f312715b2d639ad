/// The shared snapshot store between a host app and its widget extension (SPEC S1–S6): one record
/// per key and revision, committed atomically and durably without any lock, read as a typed result.
///
/// ``FileSnapshotStore`` is the App Group implementation; ``InMemorySnapshotStore`` keeps the same
/// semantics in memory for tests, previews and the simulator.
public protocol SnapshotStore: Sendable {
    /// Whether commits are refused (the widget extension's view, SPEC S6).
    var isReadOnly: Bool { get }

    /// The newest valid revision for `key`, decoded as `Payload`.
    ///
    /// Never throws and never traps: every failure is a case of the result. A newest revision that
    /// fails validation is skipped for the next newest valid one, and the result says so.
    ///
    /// - Parameters:
    ///   - supportedSchema: the highest payload schema version this reader understands; a newer
    ///     record is ``SnapshotReadResult/incompatible(found:supported:)``.
    func read<Payload: Codable & Sendable & Equatable>(
        _ key: SnapshotKey, as type: Payload.Type, supportedSchema: Int
    ) -> SnapshotReadResult<Payload>

    /// The newest valid record for `key` as stored: the envelope's exact bytes and its fields.
    func readStored(_ key: SnapshotKey) -> StoredSnapshotReadResult

    /// Commits `draft` as the key's next revision: one more than the current one, or exactly
    /// `expected + 1` for a compare-and-swap.
    ///
    /// When this returns, every reader sees the new revision; it is durable unless the outcome says
    /// otherwise. When it throws, nothing was published and the previous snapshot is intact.
    ///
    /// - Throws: ``SnapshotStoreError/conflict(current:)`` when `expected` is not current,
    ///   ``SnapshotStoreError/readOnly`` on a read-only store, and the other cases for I/O,
    ///   encoding and size failures.
    func commit<Payload: Codable & Sendable & Equatable>(
        _ draft: SnapshotDraft<Payload>, expecting expected: ExpectedRevision
    ) throws(SnapshotStoreError) -> CommitOutcome

    /// The keys that have at least one stored revision, sorted.
    func keys() throws(SnapshotStoreError) -> [SnapshotKey]

    /// Whether a revision newer than `revision` has been published under `key` — without reading
    /// or validating anything — or `nil` when the store cannot tell cheaply. Lets a writer that
    /// remembers its own last commit know whether anything was committed since: revisions are
    /// published one after another, so a newer one exists exactly when `revision + 1` does.
    func hasRevision(after revision: Int, of key: SnapshotKey) -> Bool?
}

extension SnapshotStore {
    /// Unknown by default: callers read the snapshot instead.
    public func hasRevision(after revision: Int, of key: SnapshotKey) -> Bool? { nil }

    /// Commits `draft` after whatever revision is current (``ExpectedRevision/any``).
    public func commit<Payload: Codable & Sendable & Equatable>(
        _ draft: SnapshotDraft<Payload>
    ) throws(SnapshotStoreError) -> CommitOutcome {
        try commit(draft, expecting: .any)
    }

    /// The newest valid revision for `key`, refusing schemas newer than the widget kind's.
    public func read<Kind: WidgetKind>(_ key: SnapshotKey, for kind: Kind) -> SnapshotReadResult<Kind.Payload>
    {
        read(key, as: Kind.Payload.self, supportedSchema: kind.schemaVersion)
    }
}
