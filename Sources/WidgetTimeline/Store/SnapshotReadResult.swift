/// What a read of one key found (SPEC S4): a typed result, never a trap and never a partial record.
public enum SnapshotReadResult<Payload: Codable & Sendable & Equatable>: Sendable, Equatable {
    /// The newest valid revision. `fallback` is set when newer revisions exist but failed
    /// validation, naming them.
    case found(Snapshot<Payload>, fallback: SnapshotFallback?)
    /// Nothing is stored under the key (nor under its legacy key): a first install.
    case missing
    /// Revisions exist but none is valid; the problems, newest first.
    case corrupted([InvalidRevision])
    /// The newest valid revision has a schema newer than this reader supports (a newer app wrote
    /// it). Older revisions are not used instead: they are superseded.
    case incompatible(found: Int, supported: Int)
    /// The key exists but cannot be read now: permission, data protection while the device is
    /// locked, or an I/O error. Never folded into ``missing``.
    case unreadable(SnapshotStoreError)

    /// The snapshot read, if any.
    public var snapshot: Snapshot<Payload>? {
        if case .found(let snapshot, _) = self { return snapshot }
        return nil
    }

    /// Whether a snapshot was found only by skipping newer, invalid revisions.
    public var isDegraded: Bool {
        if case .found(_, let fallback) = self { return fallback != nil }
        return false
    }
}
