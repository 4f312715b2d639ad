/// One revision's bytes, as a store loads them.
enum RecordBytes {
    case bytes([UInt8])
    /// The file disappeared between listing and opening: clean-up after a newer commit.
    case vanished
    /// The revision cannot be used, but older ones may be.
    case invalid(SnapshotRecordProblem)
    /// Reading is not possible now (permission): stop and report it.
    case unreadable(SnapshotStoreError)
}

/// Where a reader gets revisions from: the file system, or memory.
protocol RevisionSource {
    /// The revision numbers stored under `key`, in no particular order; `nil` when the key has no
    /// directory at all.
    func revisions(of key: SnapshotKey) throws(SnapshotStoreError) -> [Int]?
    /// The revision numbers stored under `key` now, listed again through whatever the read holds
    /// open (no new lookup of the key's directory); `nil` when the key has no directory.
    func revisionsAgain(of key: SnapshotKey) throws(SnapshotStoreError) -> [Int]?
    func record(of key: SnapshotKey, revision: Int) -> RecordBytes
}

/// The read algorithm both stores share: newest valid revision first, falling back past invalid
/// ones, then the legacy key; never a partial record, never `missing` while a record exists.
enum NewestRecordReader {
    /// How many times a read starts over because revisions vanished under it (a writer's clean-up
    /// removed them after publishing newer ones) before it reports the key as unreadable.
    static let maximumRestarts = 16
    /// How many revisions one read examines at most.
    static let maximumCandidates = 16

    static func read<Payload>(
        _ key: SnapshotKey,
        legacyKey: SnapshotKey?,
        from source: some RevisionSource,
        as type: Payload.Type,
        supportedSchema: Int
    ) -> SnapshotReadResult<Payload> {
        func attempt(_ key: SnapshotKey) -> SnapshotReadResult<Payload>? {
            readOnce(key, from: source, as: type, supportedSchema: supportedSchema)
        }
        for _ in 0..<maximumRestarts {
            guard let outcome = attempt(key) else { continue }
            guard case .missing = outcome, let legacyKey else { return outcome }
            guard let legacy = attempt(legacyKey) else { continue }
            guard case .missing = legacy else { return legacy }
            // A writer may have migrated the legacy key meanwhile: it publishes under the new key
            // first, then removes the legacy one. Look at the new key once more.
            if let revisions = try? source.revisions(of: key), !revisions.isEmpty { continue }
            return .missing
        }
        return .unreadable(.contention(attempts: maximumRestarts))
    }

    /// One pass over the key's revisions, newest first; `nil` when one vanished (start again).
    private static func readOnce<Payload>(
        _ key: SnapshotKey, from source: some RevisionSource, as type: Payload.Type, supportedSchema: Int
    ) -> SnapshotReadResult<Payload>? {
        let revisions: [Int]
        do {
            guard let found = try source.revisions(of: key) else { return .missing }
            // A listing is not a snapshot: while writers publish and clean up, one pass may miss
            // both the names it started with (removed before it reached them) and the ones that
            // replaced them (added where it had already been). "None" is confirmed like any
            // other answer, by a second listing.
            guard !found.isEmpty else {
                return try source.revisionsAgain(of: key)?.isEmpty != false ? .missing : nil
            }
            revisions = found.sorted(by: >)
        } catch {
            return .unreadable(error)
        }
        // A name can be reused: clean-up may remove the revision listed, and a writer that chose
        // that number long ago may publish its own record under it before it sees the newer
        // revisions and withdraws it. Such a record is never the newest, so a listing after the
        // read that still shows no newer revision proves what was read is the record that was
        // listed. `answer` when it does; `nil` (start again) when a newer revision appeared.
        func confirmed(_ answer: SnapshotReadResult<Payload>) -> SnapshotReadResult<Payload>? {
            do {
                return try source.revisionsAgain(of: key)?.max() == revisions[0] ? answer : nil
            } catch {
                return .unreadable(error)
            }
        }
        var skipped: [InvalidRevision] = []
        for revision in revisions.prefix(maximumCandidates) {
            let problem: SnapshotRecordProblem
            switch source.record(of: key, revision: revision) {
            case .vanished: return nil
            case .unreadable(let error): return .unreadable(error)
            case .invalid(let invalid): problem = invalid
            case .bytes(let record):
                switch SnapshotRecord.decode(
                    record, key: key, revision: revision, as: type, supportedSchema: supportedSchema)
                {
                case .success(let snapshot):
                    let fallback =
                        skipped.isEmpty
                        ? nil : SnapshotFallback(newestRevision: revisions[0], skipped: skipped)
                    return confirmed(.found(snapshot, fallback: fallback))
                case .failure(.newerSchema(let found, let supported)):
                    return confirmed(.incompatible(found: found, supported: supported))
                case .failure(let invalid): problem = invalid
                }
            }
            skipped.append(InvalidRevision(revision: revision, problem: problem))
        }
        // Every revision failed with an I/O error: the key is unreadable, not corrupted.
        let ioErrors = skipped.compactMap { invalid -> FileSystemError? in
            if case .unreadable(let error) = invalid.problem { return error }
            return nil
        }
        if let first = ioErrors.first, ioErrors.count == skipped.count {
            return .unreadable(.io(operation: .read, path: key.rawValue, errno: first.code))
        }
        // Confirmed like a record found: a writer's clean-up may have made an old revision read here
        // its spare and rewritten it meanwhile (`docs/store-format.md`), which only a newer
        // revision allows — and then the read starts again on it.
        return confirmed(.corrupted(skipped))
    }
}
