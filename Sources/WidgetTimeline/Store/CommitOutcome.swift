/// What a successful commit did: the revision it published and whether that revision is known to
/// survive a power loss.
public struct CommitOutcome: Sendable, Hashable, CustomStringConvertible {
    /// Whether a published revision is on stable storage.
    public enum Durability: Sendable, Hashable {
        /// The record and its directory entry were synchronised: it survives a power loss.
        case durable
        /// The record is published — every reader sees it — but synchronising its directory
        /// failed, so a power loss may still undo it. Not a plain success, not a failure: report
        /// it, and do not tell a user "saved" on the strength of it.
        case notDurable(SnapshotStoreError)
    }

    /// The committed revision.
    public var revision: Int
    /// Whether the revision is known to be durable.
    public var durability: Durability
    /// The legacy key whose snapshot this commit replaced, when it was the first commit under a
    /// key that had a legacy mapping (the legacy snapshot is then removed).
    public var migratedFrom: SnapshotKey?
    /// The first clean-up step that failed after the commit, if any: some old revisions or
    /// abandoned temporary files remain, and the next commit tries again. Never affects the commit.
    public var cleanupFailure: SnapshotStoreError?

    public init(
        revision: Int,
        durability: Durability = .durable,
        migratedFrom: SnapshotKey? = nil,
        cleanupFailure: SnapshotStoreError? = nil
    ) {
        self.revision = revision
        self.durability = durability
        self.migratedFrom = migratedFrom
        self.cleanupFailure = cleanupFailure
    }

    /// Whether the revision is known to survive a power loss.
    public var isDurable: Bool { durability == .durable }

    public var description: String {
        switch durability {
        case .durable: "committed revision \(revision)"
        case .notDurable(let error): "published revision \(revision), but it may not survive a power loss: \(error)"
        }
    }
}
