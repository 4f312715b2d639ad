/// The revisions stored under one key, as a store lists them.
enum RevisionListing {
    /// The key has no directory (or no record at all).
    case absent
    /// The revision numbers found, in no particular order.
    case revisions([Int])
    /// Listing failed.
    case failed(SnapshotStoreError)
}

/// One revision's bytes, as a store loads them.
enum LoadedRecord {
    case bytes([UInt8])
    /// The file disappeared between listing and opening: clean-up after a newer commit.
    case vanished
    /// The revision cannot be used, but older ones may be.
    case invalid(SnapshotRecordProblem)
    /// Reading is not possible now (permission): stop and report it.
    case failed(SnapshotStoreError)
}

/// Where a reader gets revisions from: the file system, or memory.
protocol RevisionSource {
    func revisions(of key: SnapshotKey) -> RevisionListing
    func load(_ key: SnapshotKey, revision: Int) -> LoadedRecord
}

/// A read's outcome before it is shaped into ``SnapshotReadResult`` or ``StoredSnapshotReadResult``.
enum ReadOutcome<Value> {
    case found(Value, fallback: SnapshotFallback?)
    case missing
    case corrupted([InvalidRevision])
    case incompatible(found: Int)
    case unreadable(SnapshotStoreError)
}

/// The read algorithm both stores share: newest valid revision first, falling back past invalid
/// ones, then the legacy key; never a partial record, never `missing` while a record exists.
enum NewestRecordReader {
    /// How many times a read starts over because revisions vanished under it (a writer's clean-up
    /// removed them after publishing newer ones) before it reports the key as unreadable.
    static let maximumRestarts = 16
    /// How many revisions one read examines at most.
    static let maximumCandidates = 16

    static func read<Value>(
        _ key: SnapshotKey,
        legacyKey: SnapshotKey?,
        from source: some RevisionSource,
        decode: (_ record: [UInt8], _ key: SnapshotKey, _ revision: Int) -> RecordVerdict<Value>
    ) -> ReadOutcome<Value> {
        for _ in 0..<maximumRestarts {
            switch readOnce(key, from: source, decode: decode) {
            case .restart:
                continue
            case .outcome(.missing):
                guard let legacyKey else { return .missing }
                switch readOnce(legacyKey, from: source, decode: decode) {
                case .restart: continue
                case .outcome(.missing):
                    // A writer may have migrated the legacy key meanwhile: publish under the new
                    // key first, then remove the legacy one. Look at the new key once more.
                    if case .revisions(let revisions) = source.revisions(of: key), !revisions.isEmpty {
                        continue
                    }
                    return .missing
                case .outcome(let outcome): return outcome
                }
            case .outcome(let outcome):
                return outcome
            }
        }
        return .unreadable(.contention(attempts: maximumRestarts))
    }

    private enum Attempt<Value> {
        case outcome(ReadOutcome<Value>)
        case restart
    }

    private static func readOnce<Value>(
        _ key: SnapshotKey,
        from source: some RevisionSource,
        decode: ([UInt8], SnapshotKey, Int) -> RecordVerdict<Value>
    ) -> Attempt<Value> {
        let revisions: [Int]
        switch source.revisions(of: key) {
        case .absent: return .outcome(.missing)
        case .failed(let error): return .outcome(.unreadable(error))
        case .revisions(let found):
            if found.isEmpty { return .outcome(.missing) }
            revisions = found.sorted(by: >)
        }
        var skipped: [InvalidRevision] = []
        for revision in revisions.prefix(maximumCandidates) {
            switch source.load(key, revision: revision) {
            case .vanished:
                return .restart
            case .failed(let error):
                return .outcome(.unreadable(error))
            case .invalid(let problem):
                skipped.append(InvalidRevision(revision: revision, problem: problem))
            case .bytes(let record):
                switch decode(record, key, revision) {
                case .valid(let value):
                    let fallback =
                        skipped.isEmpty ? nil : SnapshotFallback(newestRevision: revisions[0], skipped: skipped)
                    return .outcome(.found(value, fallback: fallback))
                case .incompatible(let found):
                    return .outcome(.incompatible(found: found))
                case .invalid(let problem):
                    skipped.append(InvalidRevision(revision: revision, problem: problem))
                }
            }
        }
        // Every revision failed with an I/O error: the key is unreadable, not corrupted.
        let ioErrors = skipped.compactMap { invalid -> FileSystemError? in
            if case .unreadable(let error) = invalid.problem { return error }
            return nil
        }
        if let first = ioErrors.first, ioErrors.count == skipped.count {
            return .outcome(.unreadable(.io(operation: .read, path: key.rawValue, errno: first.code)))
        }
        return .outcome(.corrupted(skipped))
    }
}

extension ReadOutcome {
    func readResult<Payload>(supportedSchema: Int) -> SnapshotReadResult<Payload>
    where Value == Snapshot<Payload> {
        switch self {
        case .found(let snapshot, let fallback): .found(snapshot, fallback: fallback)
        case .missing: .missing
        case .corrupted(let problems): .corrupted(problems)
        case .incompatible(let found): .incompatible(found: found, supported: supportedSchema)
        case .unreadable(let error): .unreadable(error)
        }
    }
}

extension ReadOutcome where Value == StoredSnapshot {
    var storedResult: StoredSnapshotReadResult {
        switch self {
        case .found(let stored, let fallback): .found(stored, fallback: fallback)
        case .missing: .missing
        case .corrupted(let problems): .corrupted(problems)
        // The stored-envelope read accepts every schema.
        case .incompatible: .missing
        case .unreadable(let error): .unreadable(error)
        }
    }
}
