/// What a read of one key found: a typed result, never a trap and never a partial record.
///
/// One vocabulary for every reader: the extension's typed reads (`Payload` is the widget's payload
/// type) and tools reading any schema (`Payload` is ``JSONValue``, see
/// ``SnapshotStore/readStored(_:)``).
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
    @inlinable @inline(__always)
    public var snapshot: Snapshot<Payload>? {
        if case .found(let snapshot, _) = self { return snapshot }
        return nil
    }

    /// Whether a snapshot was found only by skipping newer, invalid revisions.
    public var isDegraded: Bool {
        if case .found(_, let fallback) = self { return fallback != nil }
        return false
    }

    /// The error that kept this read of `key` from loading a revision newer than what it returned
    /// — the key unreadable, or a newer revision skipped for an I/O error — or `nil` when the
    /// newest data stored is known. Data that may be older than what the read could not see is
    /// never saved over it.
    func errorHidingNewerData(of key: SnapshotKey) -> SnapshotStoreError? {
        let skipped: [InvalidRevision]
        switch self {
        case .unreadable(let error): return error
        case .found(_, let fallback?): skipped = fallback.skipped
        case .corrupted(let problems): skipped = problems
        case .found(_, nil), .missing, .incompatible: return nil
        }
        for invalid in skipped {
            if case .unreadable(let error) = invalid.problem {
                return .io(operation: .read, path: key.rawValue, errno: error.code)
            }
        }
        return nil
    }
}

/// Why a read returned an older revision than the newest stored one: the newer ones failed
/// validation. The value is still usable; the store says so, so the caller can log it.
public struct SnapshotFallback: Sendable, Hashable, CustomStringConvertible {
    /// The newest revision stored under the key.
    public var newestRevision: Int
    /// The revisions skipped, newest first.
    public var skipped: [InvalidRevision]

    public init(newestRevision: Int, skipped: [InvalidRevision]) {
        self.newestRevision = newestRevision
        self.skipped = skipped
    }

    public var description: String {
        "fell back past " + skipped.map(\.description).joined(separator: "; ")
    }
}

/// A stored revision a reader skipped, and why.
public struct InvalidRevision: Sendable, Hashable, CustomStringConvertible {
    public var revision: Int
    public var problem: SnapshotRecordProblem

    public init(revision: Int, problem: SnapshotRecordProblem) {
        self.revision = revision
        self.problem = problem
    }

    public var description: String { "revision \(revision): \(problem)" }
}
