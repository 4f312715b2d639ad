public import Testing
public import WidgetTimeline

/// A store that forwards to another and counts what was asked of it: for tests that prove a path
/// reads, commits or lists as often as it should — a sync that decides "unchanged" without reading,
/// a retry loop that ends.
///
/// `beforeCommit` runs before each commit is forwarded, with the commit's number (from 1): put
/// another writer's commit there and every compare-and-swap through this store meets a revision
/// committed after its comparison. Past `commitLimit` commits the test fails and the commit throws
/// ``SnapshotStoreError/readOnly``, so a loop that never ends fails instead of hanging.
public final class CountingSnapshotStore: SnapshotStore, @unchecked Sendable {
    // @unchecked: the counts are read and written under `lock`; the rest is immutable and Sendable.
    public let underlying: any SnapshotStore
    private let commitLimit: Int?
    private let beforeCommit: (@Sendable (_ number: Int) -> Void)?
    private let sourceLocation: SourceLocation
    private let lock = Lock()
    private var counts = (reads: 0, commits: 0, listings: 0)

    public init(
        wrapping underlying: any SnapshotStore,
        commitLimit: Int? = nil,
        beforeCommit: (@Sendable (_ number: Int) -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.underlying = underlying
        self.commitLimit = commitLimit
        self.beforeCommit = beforeCommit
        self.sourceLocation = sourceLocation
    }

    /// How many reads were asked of this store.
    public var reads: Int { lock.withLock { counts.reads } }
    /// How many commits were asked of this store, refused ones included.
    public var commits: Int { lock.withLock { counts.commits } }
    /// How many times a key's newest revision was asked for.
    public var listings: Int { lock.withLock { counts.listings } }

    public var isReadOnly: Bool { underlying.isReadOnly }

    public func read<Payload: Codable & Sendable & Equatable>(
        _ key: SnapshotKey, as type: Payload.Type, supportedSchema: Int
    ) -> SnapshotReadResult<Payload> {
        lock.withLock { counts.reads += 1 }
        return underlying.read(key, as: type, supportedSchema: supportedSchema)
    }

    public func commit<Payload: Codable & Sendable & Equatable>(
        _ draft: SnapshotDraft<Payload>, expecting expected: ExpectedRevision
    ) throws(SnapshotStoreError) -> CommitOutcome {
        let number = lock.withLock {
            counts.commits += 1
            return counts.commits
        }
        if let commitLimit, number > commitLimit {
            Issue.record(
                "more than \(commitLimit) commits to \(draft.key): a retry loop that does not end",
                sourceLocation: sourceLocation)
            throw .readOnly
        }
        beforeCommit?(number)
        return try underlying.commit(draft, expecting: expected)
    }

    public func keys() throws(SnapshotStoreError) -> [SnapshotKey] { try underlying.keys() }

    public func newestRevision(of key: SnapshotKey) -> Int? {
        lock.withLock { counts.listings += 1 }
        return underlying.newestRevision(of: key)
    }
}
