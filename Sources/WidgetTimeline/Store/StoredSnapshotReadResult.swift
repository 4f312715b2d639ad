/// What a read of one key's stored envelope found. Like ``SnapshotReadResult``, without a payload
/// type or a schema check: tools show whatever schema is stored.
public enum StoredSnapshotReadResult: Sendable, Equatable {
    /// The newest valid record; `fallback` names newer ones that failed validation.
    case found(StoredSnapshot, fallback: SnapshotFallback?)
    /// Nothing is stored under the key (nor under its legacy key).
    case missing
    /// Revisions exist but none is valid; the problems, newest first.
    case corrupted([InvalidRevision])
    /// The key exists but cannot be read now.
    case unreadable(SnapshotStoreError)
}
