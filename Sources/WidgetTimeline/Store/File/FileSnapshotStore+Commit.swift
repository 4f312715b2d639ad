#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension FileSnapshotStore {
    /// Commits `draft` as the key's next revision, without any lock.
    ///
    /// The steps, each through the file-system seam and relative to the key's directory
    /// (`docs/store-format.md` argues why an acknowledgement is a fact under any interleaving):
    /// 1. List the key's revisions: the newest, N, is current (or the legacy key's newest).
    /// 2. Encode revision N+1 and check it as a reader would; refuse it if it is too large.
    ///    Nothing has been written yet.
    /// 3. Create the key's directory if needed and make it and its parents durable (once per key
    ///    and store instance).
    /// 4. Write a temporary file — this process's spare, a superseded record its last clean-up
    ///    kept, rewritten in place, or else a new file — synchronise it, close it. A failed `fsync`
    ///    is never retried on the same file: the file is removed and the commit fails.
    /// 5. Publish it as revision N+1 with a rename that fails if the name exists (`link` + `unlink`
    ///    where the file system cannot). If the name is taken, start again from step 1 — or, for a
    ///    compare-and-swap, throw ``SnapshotStoreError/conflict(current:)``.
    /// 6. List again. Only if N+1 is the newest revision now is it acknowledged: the newest
    ///    revision never goes down, so nothing newer existed when it appeared. Otherwise a newer
    ///    revision appeared first or meanwhile: the record is withdrawn (removed by name — a
    ///    listing showed a newer one, so it can never be newest again) and the commit starts
    ///    again, or reports a conflict.
    /// 7. Synchronise the directory. If that fails the revision is published but not known to be
    ///    durable, and the outcome says so.
    /// 8. Clean up, oldest first: revisions beyond ``retainedRevisions`` (only after a durable
    ///    commit; the first becomes this process's spare when it has none), abandoned temporary
    ///    files, and a migrated legacy key's snapshot.
    public func commit<Payload: Codable & Sendable & Equatable>(
        _ draft: SnapshotDraft<Payload>, expecting expected: ExpectedRevision
    ) throws(SnapshotStoreError) -> CommitOutcome {
        guard access == .readWrite else { throw .readOnly }
        let key = draft.key
        let directories = openDirectories()
        defer { directories.closeAll() }
        var attempts = 0
        var vanishings = 0
        while true {
            attempts += 1
            let current = try currentRevision(of: key, in: directories)
            if let required = expected.requiredRevision, required != current.revision {
                throw .conflict(current: current.revision)
            }
            guard current.revision < Int.max else { throw .revisionLimitReached(key: key.rawValue) }
            let revision = current.revision + 1
            let record = try SnapshotRecord.encode(draft, revision: revision)
            let directory = try prepareDirectory(for: key, in: directories)
            let name = StoreLayout.fileName(revision: revision)
            switch try publish(record, as: name, in: directory, reusingSpare: current.hasSpare) {
            case .published:
                let names: [String]
                do {
                    names = try directories.names(in: directory)
                } catch {
                    // Published, maybe seen by readers, but not known to be the newest: not
                    // acknowledged, and not withdrawn (if it is the newest, removing it would lower
                    // the newest a reader may have seen).
                    throw .unconfirmed(
                        revision: revision, path: directory.path, errno: error.fileSystemError?.code ?? EIO)
                }
                let newest = names.compactMap(StoreLayout.revision(fromFileName:)).max() ?? 0
                if newest == revision {
                    return finish(
                        key: key, revision: revision, in: directory, names: names,
                        migratedFrom: current.legacyKey,
                        directories: directories)
                }
                // A newer revision appeared before or after ours: ours is not acknowledged, and is
                // withdrawn (a listing showed a newer one, so removing it can never lower the newest).
                removeQuietly(name, in: directory)
                if expected.requiredRevision != nil { throw .conflict(current: newest) }
            case .taken:
                if expected.requiredRevision != nil {
                    throw .conflict(
                        current: (try? currentRevision(of: key, in: directories).revision) ?? revision)
                }
            case .vanished(let path):
                // The key's directory (or our temporary file in it) was removed under us.
                vanishings += 1
                if vanishings > 2 { throw .io(operation: .rename, path: path, errno: ENOENT) }
                directories.forget(key)
                preparedDirectories.remove(directory.path)
            }
            if attempts >= Self.maximumPublishAttempts { throw .contention(attempts: attempts) }
        }
    }

    /// The key's current revision, and the legacy key it belongs to when the key itself has none.
    struct CurrentRevision {
        var revision: Int
        var legacyKey: SnapshotKey?
        /// Whether the key's directory holds this process's spare file.
        var hasSpare = false
    }

    /// The key's current revision, from a listing of its directory — the one the commit publishes
    /// in — or of its legacy key's.
    func currentRevision(of key: SnapshotKey, in directories: StoreDirectories) throws(SnapshotStoreError)
        -> CurrentRevision
    {
        var hasSpare = false
        if let directory = try directories.directory(for: key, creating: false) {
            let names = try directories.names(in: directory)
            hasSpare = names.contains(StoreLayout.spareName(processID: fileSystem.processID))
            if let newest = names.compactMap(StoreLayout.revision(fromFileName:)).max() {
                return CurrentRevision(revision: newest, hasSpare: hasSpare)
            }
        }
        guard let legacyKey = legacyKeys.legacyKey(for: key),
            let newest = try FileRevisionSource(directories: directories).revisions(of: legacyKey)?.max()
        else { return CurrentRevision(revision: 0, hasSpare: hasSpare) }
        return CurrentRevision(revision: newest, legacyKey: legacyKey, hasSpare: hasSpare)
    }

    /// The key's directory, created if needed, after synchronising the shared directory and
    /// `snapshots`, so the key's directory entry survives a power loss before the first record
    /// depends on it.
    ///
    /// The synchronisation runs once per key and store instance, even when the directories exist:
    /// a process that crashed after creating them may have left their entries unsynchronised.
    func prepareDirectory(for key: SnapshotKey, in directories: StoreDirectories) throws(SnapshotStoreError)
        -> OpenDirectory
    {
        guard let directory = try directories.directory(for: key, creating: true) else {
            throw .directoryMissing(path: layout.root)
        }
        if preparedDirectories.contains(directory.path) { return directory }
        guard let snapshots = try directories.snapshots(creating: true), let root = try directories.root()
        else {
            throw .directoryMissing(path: layout.root)
        }
        try synchronize(root, barrierOnly: synchronization == .orderingWhereEnough)
        try synchronize(snapshots, barrierOnly: synchronization == .orderingWhereEnough)
        preparedDirectories.insert(directory.path)
        return directory
    }

    /// Synchronises an open directory.
    func synchronize(_ directory: OpenDirectory, barrierOnly: Bool) throws(SnapshotStoreError) {
        do {
            try interruptible { () throws(FileSystemError) in
                try fileSystem.synchronize(directory.file, barrierOnly: barrierOnly)
            }
        } catch {
            throw .io(operation: .synchronize, path: directory.path, errno: error.code)
        }
    }

    enum Publication {
        /// Published under the destination name.
        case published
        /// The destination name is taken.
        case taken
        /// The directory or the temporary file disappeared (another process removed it).
        case vanished(path: String)
    }

    /// Writes `record` to a temporary file in `directory` — the spare, rewritten, when
    /// `reusingSpare` and it can be taken; a new file otherwise — and publishes it exclusively as
    /// `destination`.
    func publish(
        _ record: [UInt8], as destination: String, in directory: OpenDirectory, reusingSpare: Bool = false
    ) throws(SnapshotStoreError) -> Publication {
        do {
            return try publishOnce(record, as: destination, in: directory, reusingSpare: reusingSpare)
        } catch {
            // A full disk may be full of this store's own garbage: a writer killed mid-write
            // leaves its temporary file, and clean-up runs only after a commit succeeds. Remove
            // the abandoned ones and try once more, or every later commit would fail too.
            guard error.isOutOfSpace, removeAbandonedTemporaryFiles(in: directory) > 0 else { throw error }
            return try publishOnce(record, as: destination, in: directory, reusingSpare: false)
        }
    }

    /// Removes the temporary files in `directory` that no running process will publish.
    ///
    /// - Returns: how many were removed.
    private func removeAbandonedTemporaryFiles(in directory: OpenDirectory) -> Int {
        let names =
            (try? interruptible { () throws(FileSystemError) in
                try fileSystem.contentsOfDirectory(directory.file)
            })
            ?? []
        return names.filter {
            isAbandoned($0, in: directory, referenceTime: { nil }) && removeQuietly($0, in: directory)
        }
        .count
    }

    private func publishOnce(
        _ record: [UInt8], as destination: String, in directory: OpenDirectory, reusingSpare: Bool
    ) throws(SnapshotStoreError) -> Publication {
        let registry = PathSet.temporaryFilesBeingWritten
        var temporary = ""
        var temporaryPath = ""
        var opened: OpenFile?
        var rewritesSpare = false
        var generator = SystemRandomNumberGenerator()
        if reusingSpare, let spare = takeSpare(in: directory, generator: &generator) {
            (temporary, temporaryPath, opened, rewritesSpare) = (spare.name, spare.path, spare.file, true)
        }
        // A random name is taken only by an abandoned file of an earlier process with the same
        // identifier; a few new names settle that.
        for _ in 0..<4 where opened == nil {
            temporary = StoreLayout.temporaryName(processID: fileSystem.processID, token: generator.next())
            temporaryPath = directory.path + "/" + temporary
            registry.insert(temporaryPath)
            do {
                opened = try interruptible { () throws(FileSystemError) in
                    try fileSystem.open(temporary, in: directory.file, .createNew)
                }
                break
            } catch {
                registry.remove(temporaryPath)
                switch error.code {
                case EEXIST: continue
                case ENOENT: return .vanished(path: temporaryPath)
                default: throw .io(operation: .open, path: temporaryPath, errno: error.code)
                }
            }
        }
        guard let file = opened else { throw .io(operation: .open, path: temporaryPath, errno: EEXIST) }
        defer { registry.remove(temporaryPath) }

        do throws(SnapshotStoreError) {
            try writeAll(record, to: file, path: temporaryPath)
            if rewritesSpare {
                // Written over from the start; a shorter record leaves the old one's tail.
                do {
                    try interruptible { () throws(FileSystemError) in
                        try fileSystem.truncate(file, to: record.count)
                    }
                } catch {
                    throw SnapshotStoreError.io(operation: .write, path: temporaryPath, errno: error.code)
                }
            }
            do {
                try interruptible { () throws(FileSystemError) in
                    try fileSystem.synchronize(file, barrierOnly: synchronization == .orderingWhereEnough)
                }
            } catch {
                // Never synchronise the same file again after a failure (the kernel may have
                // dropped the dirty pages and report success next time): give it up.
                throw SnapshotStoreError.io(operation: .synchronize, path: temporaryPath, errno: error.code)
            }
        } catch {
            try? fileSystem.close(file)
            removeQuietly(temporary, in: directory)
            throw error
        }
        do {
            try fileSystem.close(file)
        } catch  where !error.isInterrupted {
            // EINTR on close still closes the file (Linux, Darwin); anything else is a failure.
            removeQuietly(temporary, in: directory)
            throw .io(operation: .close, path: temporaryPath, errno: error.code)
        } catch {}

        let destinationPath = directory.path + "/" + destination
        do {
            try interruptible { () throws(FileSystemError) in
                try fileSystem.renameExclusively(temporary, to: destination, in: directory.file)
            }
            return .published
        } catch {
            switch error.code {
            case EEXIST:
                removeQuietly(temporary, in: directory)
                return .taken
            case ENOENT:
                removeQuietly(temporary, in: directory)
                return .vanished(path: temporaryPath)
            case EINVAL, ENOSYS, ENOTSUP, EOPNOTSUPP:
                break  // No exclusive rename here: link + unlink below.
            default:
                removeQuietly(temporary, in: directory)
                throw .io(operation: .rename, path: destinationPath, errno: error.code)
            }
        }
        do {
            try interruptible { () throws(FileSystemError) in
                try fileSystem.link(temporary, to: destination, in: directory.file)
            }
        } catch {
            removeQuietly(temporary, in: directory)
            switch error.code {
            case EEXIST: return .taken
            case ENOENT: return .vanished(path: temporaryPath)
            default: throw .io(operation: .link, path: destinationPath, errno: error.code)
            }
        }
        // Published. A temporary name left behind by a failure here is an abandoned file for a
        // later clean-up; the record is already visible under its own name.
        removeQuietly(temporary, in: directory)
        return .published
    }

    /// This process's spare file in `directory`, taken under a new temporary name (registered as
    /// being written) and opened to be rewritten from its start; `nil` when there is none to take —
    /// another thread of this process took it, or a clean-up removed it — or when it is not a
    /// regular file with this one name, which is then given up (only the store's own name goes).
    ///
    /// Rewriting a file in place keeps its blocks: where freeing a block costs more than writing
    /// one (a volume mounted with `discard`), this is most of what a commit's clean-up cost.
    private func takeSpare(
        in directory: OpenDirectory, generator: inout SystemRandomNumberGenerator
    ) -> (name: String, path: String, file: OpenFile)? {
        let spare = StoreLayout.spareName(processID: fileSystem.processID)
        let name = StoreLayout.temporaryName(processID: fileSystem.processID, token: generator.next())
        let path = directory.path + "/" + name
        let registry = PathSet.temporaryFilesBeingWritten
        registry.insert(path)
        // Only a plain file is moved: a directory or a second name planted under the spare's name is
        // left where it is (and checked again once opened, in case it is swapped meanwhile).
        guard (try? renamePlainFile(spare, to: name, in: directory)) == true else {
            registry.remove(path)
            return nil
        }
        // From here it is a temporary file like any other: removed if it cannot be used.
        guard
            let file = try? interruptible({ () throws(FileSystemError) in
                try fileSystem.open(name, in: directory.file, .rewrite)
            })
        else {
            removeQuietly(name, in: directory)
            registry.remove(path)
            return nil
        }
        guard
            let status = try? interruptible({ () throws(FileSystemError) in try fileSystem.status(file) }),
            status.kind == .regular, status.linkCount == 1
        else {
            // A second name (a hard link planted here) would show what is written: never write it.
            try? fileSystem.close(file)
            removeQuietly(name, in: directory)
            registry.remove(path)
            return nil
        }
        return (name, path, file)
    }

    /// Writes every byte, continuing after short writes and interruptions.
    private func writeAll(_ bytes: [UInt8], to file: OpenFile, path: String) throws(SnapshotStoreError) {
        var offset = 0
        var idleWrites = 0
        while offset < bytes.count {
            let written: Int
            do {
                written = try interruptible { () throws(FileSystemError) in
                    try fileSystem.write(file, bytes[offset...])
                }
            } catch {
                throw .io(operation: .write, path: path, errno: error.code)
            }
            if written <= 0 {
                idleWrites += 1
                // A write that keeps writing nothing would loop forever: treat it as an I/O error.
                if idleWrites > 3 { throw .io(operation: .write, path: path, errno: EIO) }
            } else {
                idleWrites = 0
                offset += min(written, bytes.count - offset)
            }
        }
    }

    /// Removes the entry `name` of `directory`, ignoring failure (it is then an abandoned file or
    /// an old revision for a later clean-up).
    ///
    /// - Returns: whether the name is gone.
    @discardableResult
    func removeQuietly(_ name: String, in directory: OpenDirectory) -> Bool {
        (try? interruptible { () throws(FileSystemError) in try fileSystem.unlink(name, in: directory.file) })
            != nil
    }

    /// Makes the acknowledged revision durable and cleans up; never throws, because the revision is
    /// already visible to every reader.
    ///
    /// - Parameter names: the key directory's names as listed to confirm the revision.
    private func finish(
        key: SnapshotKey, revision: Int, in directory: OpenDirectory, names: [String],
        migratedFrom legacyKey: SnapshotKey?, directories: StoreDirectories
    ) -> CommitOutcome {
        var outcome = CommitOutcome(revision: revision, migratedFrom: legacyKey)
        do {
            // Durability is what this step exists for: never only a barrier.
            try synchronize(directory, barrierOnly: false)
        } catch {
            outcome.durability = .notDurable(error)
        }
        outcome.cleanupFailure = cleanUp(
            key: key, in: directory, names: names, removingOldRevisions: outcome.isDurable,
            reference: StoreLayout.fileName(revision: revision), directories: directories)
        return outcome
    }
}
