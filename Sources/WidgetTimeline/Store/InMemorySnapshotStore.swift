#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// A ``SnapshotStore`` in memory with the file store's semantics: records are encoded and
/// validated exactly as on disk (so dates round to milliseconds, schemas are checked and payloads
/// must decode), revisions are assigned and compared the same way, legacy keys are read and
/// migrated, and old revisions are dropped beyond the retained count. A decoded payload is handed
/// to more than one read only if it holds no class instance; any other is decoded for each read,
/// as from a file, so no reader changes what another reads.
///
/// For tests, previews and the simulator. Copies share their contents, like two handles on one
/// directory; ``readOnly()`` gives the extension's view of the same contents.
public struct InMemorySnapshotStore: SnapshotStore {
    private let storage: Storage
    /// Whether this handle may commit.
    public let access: FileSnapshotStore.Access
    /// The legacy keys read when a key has no snapshot, and migrated on its first commit.
    public let legacyKeys: LegacyKeyMapping
    /// How many of the newest revisions a commit keeps per key.
    public let retainedRevisions: Int

    /// An empty store.
    public init(legacyKeys: LegacyKeyMapping = .none, retainedRevisions: Int = 3) {
        self.init(
            storage: Storage(), access: .readWrite, legacyKeys: legacyKeys,
            retainedRevisions: retainedRevisions)
    }

    private init(
        storage: Storage, access: FileSnapshotStore.Access, legacyKeys: LegacyKeyMapping,
        retainedRevisions: Int
    ) {
        self.storage = storage
        self.access = access
        self.legacyKeys = legacyKeys
        self.retainedRevisions = max(1, retainedRevisions)
    }

    /// A read-only handle on the same contents: the widget extension's view.
    public func readOnly() -> InMemorySnapshotStore {
        InMemorySnapshotStore(
            storage: storage, access: .readOnly, legacyKeys: legacyKeys, retainedRevisions: retainedRevisions)
    }

    public var isReadOnly: Bool { access == .readOnly }

    public func read<Payload: Codable & Sendable & Equatable>(
        _ key: SnapshotKey, as type: Payload.Type, supportedSchema: Int
    ) -> SnapshotReadResult<Payload> {
        let contents = storage.contents
        let memoKey = DecodedRead.Kind(type: ObjectIdentifier(type), supportedSchema: supportedSchema)
        if let hit = contents.remembered(key, memoKey) as? SnapshotReadResult<Payload> { return hit }
        if let committed = contents.committed(key, as: type), committed.schemaVersion <= supportedSchema {
            return .found(committed, fallback: nil)
        }
        let result = NewestRecordReader.read(
            key, legacyKey: legacyKeys.legacyKey(for: key), from: contents, as: type,
            supportedSchema: supportedSchema)
        // Kept for the next read only if no reader can change it under another (a class instance).
        if case .found(let snapshot, nil) = result, IndependentCopies.areIndependent(snapshot.payload) {
            storage.withContents { $0.remember(result, as: memoKey, for: key, revision: snapshot.revision) }
        }
        return result
    }

    public func commit<Payload: Codable & Sendable & Equatable>(
        _ draft: SnapshotDraft<Payload>, expecting expected: ExpectedRevision
    ) throws(SnapshotStoreError) -> CommitOutcome {
        guard access == .readWrite else { throw .readOnly }
        let legacyKey = legacyKeys.legacyKey(for: draft.key)
        let retained = retainedRevisions
        // What decoding the record gives, for the first read: only a value no reader can change
        // under another (no class instance).
        let firstRead = IndependentCopies.areIndependent(draft.readBack) ? draft.readBack : nil
        return try storage.withContents { (contents) throws(SnapshotStoreError) -> CommitOutcome in
            var migratedFrom: SnapshotKey?
            var current = contents.records[draft.key]?.keys.max() ?? 0
            if current == 0, let legacyKey, let legacy = contents.records[legacyKey]?.keys.max() {
                current = legacy
                migratedFrom = legacyKey
            }
            if let required = expected.requiredRevision, required != current {
                throw .conflict(current: current)
            }
            guard current < Int.max else { throw .revisionLimitReached(key: draft.key.rawValue) }
            // Refused as a file store refuses it; the header's SHA-256 is written when a reader asks.
            let envelope = try SnapshotRecord.checkedEnvelope(of: draft, revision: current + 1)
            var revisions = contents.records[draft.key] ?? [:]
            revisions[current + 1] = .envelope(envelope)
            for old in revisions.keys.sorted(by: >).dropFirst(retained) { revisions[old] = nil }
            contents.records[draft.key] = revisions
            contents.decoded[draft.key] = DecodedRead(
                revision: current + 1,
                committed: firstRead.map { payload in
                    CommittedSnapshot(
                        type: ObjectIdentifier(Payload.self),
                        snapshot: Snapshot(
                            schemaVersion: draft.schemaVersion, kind: draft.kind, key: draft.key,
                            revision: current + 1, generatedAt: draft.generatedAt,
                            observedAt: draft.observedAt,
                            fingerprint: draft.fingerprint, payload: payload))
                })
            if let legacyKey { contents.records[legacyKey] = nil }
            return CommitOutcome(revision: current + 1, migratedFrom: migratedFrom)
        }
    }

    public func newestRevision(of key: SnapshotKey) -> Int? {
        storage.contents.records[key]?.keys.max() ?? 0
    }

    public func keys() throws(SnapshotStoreError) -> [SnapshotKey] {
        storage.contents.records.filter { !$0.value.isEmpty }.keys.sorted()
    }

    // MARK: - Test support

    /// The revisions stored under `key`, oldest first.
    public func revisions(of key: SnapshotKey) -> [Int] {
        (storage.contents.records[key]?.keys.sorted()) ?? []
    }

    /// The stored bytes of one revision, in the on-disk record format.
    public func recordBytes(of key: SnapshotKey, revision: Int) -> [UInt8]? {
        storage.contents.records[key]?[revision]?.bytes
    }

    /// Replaces (or, with `nil`, removes) the stored bytes of one revision, to test how readers
    /// handle corrupted or foreign records. Bypasses every check a commit makes.
    public func setRecordBytes(_ bytes: [UInt8]?, of key: SnapshotKey, revision: Int) {
        storage.withContents { (contents) -> Void in
            contents.records[key, default: [:]][revision] = bytes.map(StoredRecord.record)
            if contents.records[key]?.isEmpty == true { contents.records[key] = nil }
            contents.decoded[key] = nil
        }
    }
}

extension InMemorySnapshotStore {
    /// The records, by key and revision.
    fileprivate struct Contents: RevisionSource {
        var records: [SnapshotKey: [Int: StoredRecord]] = [:]
        /// Reads already decoded, per key, for its newest revision: a revision's bytes never change,
        /// so decoding them again would give the same result. Only clean reads of the newest
        /// revision are kept, and the snapshot its commit made where that is what a read decodes;
        /// any other revision being newest makes the entry stale.
        var decoded: [SnapshotKey: DecodedRead] = [:]

        func remembered(_ key: SnapshotKey, _ kind: DecodedRead.Kind) -> (any Sendable)? {
            guard let memo = decoded[key], memo.revision == records[key]?.keys.max() else { return nil }
            return memo.results[kind]
        }

        /// The newest revision of `key` as its commit made it, if it was committed as `type` with a
        /// draft that knew what a reader decodes (``SnapshotDraft/readBack``).
        func committed<Payload>(_ key: SnapshotKey, as type: Payload.Type) -> Snapshot<Payload>? {
            guard let memo = decoded[key], memo.revision == records[key]?.keys.max(),
                let committed = memo.committed, committed.type == ObjectIdentifier(type)
            else { return nil }
            return committed.snapshot as? Snapshot<Payload>
        }

        mutating func remember(
            _ result: any Sendable, as kind: DecodedRead.Kind, for key: SnapshotKey, revision: Int
        ) {
            // A commit between the read and now makes the result stale: keep nothing then.
            guard records[key]?.keys.max() == revision else { return }
            if decoded[key]?.revision != revision { decoded[key] = DecodedRead(revision: revision) }
            decoded[key]?.results[kind] = result
        }

        func revisions(of key: SnapshotKey) -> [Int]? {
            records[key].map { Array($0.keys) }
        }

        /// A read works on one copy of the contents, which nothing changes under it.
        func revisionsAgain(of key: SnapshotKey) -> [Int]? { revisions(of: key) }

        func record(of key: SnapshotKey, revision: Int) -> RecordBytes {
            guard let bytes = records[key]?[revision]?.bytes else { return .vanished }
            if bytes.count > SnapshotLimits.maximumRecordSize {
                return .invalid(.tooLarge(bytes: bytes.count, limit: SnapshotLimits.maximumRecordSize))
            }
            return .bytes(bytes)
        }
    }

    /// One revision's record: bytes set by hand, or a commit's envelope, whose header (its length and
    /// SHA-256) is written only when the bytes are read — a simulated fleet reads almost none.
    fileprivate enum StoredRecord {
        case record([UInt8])
        /// An envelope checked as a commit checks it (``SnapshotRecord/checkedEnvelope(of:revision:)``).
        case envelope([UInt8])

        /// The record's bytes, as a file store would hold them.
        var bytes: [UInt8] {
            switch self {
            case .record(let bytes): bytes
            case .envelope(let envelope): SnapshotRecord.record(checkedEnvelope: envelope)
            }
        }
    }

    /// Decoded reads of one key's newest revision, by how they were decoded.
    fileprivate struct DecodedRead {
        /// ``read(_:as:supportedSchema:)`` with this payload type and supported schema.
        struct Kind: Hashable {
            var type: ObjectIdentifier
            var supportedSchema: Int
        }

        var revision: Int
        /// The snapshot the commit of ``revision`` made, which a read of its payload type returns
        /// unless it supports an older schema: what decoding the record would give.
        var committed: CommittedSnapshot? = nil
        var results: [Kind: any Sendable] = [:]
    }

    /// A snapshot a commit made, typed by its payload.
    fileprivate struct CommittedSnapshot {
        var type: ObjectIdentifier
        var snapshot: any Sendable
    }

    /// The shared, mutable contents. Guarded by an in-memory mutex (`Lock`), held only for the
    /// duration of one call.
    fileprivate final class Storage: @unchecked Sendable {
        private let lock = Lock()
        private var state = Contents()

        var contents: Contents {
            lock.lock()
            defer { lock.unlock() }
            return state
        }

        func withContents<Result, Failure: Error>(
            _ body: (inout Contents) throws(Failure) -> Result
        ) throws(Failure) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return try body(&state)
        }
    }
}
