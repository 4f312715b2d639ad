/// What a commit assumes about the key's current revision: nothing (last writer wins, but no
/// revision is ever lost), or exactly one revision (compare-and-swap).
public enum ExpectedRevision: Sendable, Hashable, CustomStringConvertible {
    /// Commit after whatever revision is current. A writer that loses a race re-reads and retries.
    case any
    /// Commit only if the key has no snapshot yet (revision 1, or the legacy key's next revision).
    case absent
    /// Commit only if `revision` is still the newest; otherwise throw
    /// ``SnapshotStoreError/conflict(current:)``.
    case revision(Int)

    /// The revision a compare-and-swap expects, or `nil` for ``any``.
    public var requiredRevision: Int? {
        switch self {
        case .any: nil
        case .absent: 0
        case .revision(let revision): revision
        }
    }

    public var description: String {
        switch self {
        case .any: "any revision"
        case .absent: "no snapshot yet"
        case .revision(let revision): "revision \(revision)"
        }
    }
}
