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
    /// The steps, each through the file-system seam (`docs/store-format.md` argues why an
    /// acknowledgement is a fact under any interleaving):
    /// 1. List the key's revisions: the newest, N, is current (or the legacy key's newest).
    /// 2. Encode revision N+1 and check it as a reader would; refuse it if it is too large.
    ///    Nothing has been written yet.
    /// 3. Create the key's directory if needed and make it and its parents durable (once per key
    ///    and store instance).
    /// 4. Write a new temporary file, synchronise it, close it. A failed `fsync` is never retried
    ///    on the same file: the file is removed and the commit fails.
    /// 5. Publish it as revision N+1 with a rename that fails if the name exists (`link` + `unlink`
    ///    where the file system cannot). If the name is taken, start again from step 1 — or, for a
    ///    compare-and-swap, throw ``SnapshotStoreError/conflict(current:)``.
    /// 6. List again. Only if N+1 is the newest revision now is it acknowledged: the newest
    ///    revision never goes down, so nothing newer existed when it appeared. Otherwise this
    ///    writer was delayed past other commits (and clean-up freed the name it took): its record is
    ///    never read as newest, clean-up removes it with the other old revisions, and the commit
    ///    starts again (or reports a conflict).
    /// 7. Synchronise the directory. If that fails the revision is published but not known to be
    ///    durable, and the outcome says so.
    /// 8. Clean up, oldest first: revisions beyond ``retainedRevisions`` (only after a durable
    ///    commit), abandoned temporary files, and a migrated legacy key's snapshot.
    public func commit<Payload: Codable & Sendable & Equatable>(
        _ draft: SnapshotDraft<Payload>, expecting expected: ExpectedRevision
    ) throws(SnapshotStoreError) -> CommitOutcome {
        guard access == .readWrite else { throw .readOnly }
        let key = draft.key
        let directory = layout.directory(for: key)
        var attempts = 0
        var vanishings = 0
        while true {
            attempts += 1
            let current = try currentRevision(of: key)
            if let required = expected.requiredRevision, required != current.revision {
                throw .conflict(current: current.revision)
            }
            guard current.revision < Int.max else { throw .revisionLimitReached(key: key.rawValue) }
            let revision = current.revision + 1
            let record = try SnapshotRecord.encode(draft, revision: revision)
            try prepareDirectory(for: key)
            switch try publish(record, at: layout.path(for: key, revision: revision), in: directory) {
            case .published:
                let names = try source.names(in: directory) ?? []
                let newest = names.compactMap(StoreLayout.revision(fromFileName:)).max() ?? 0
                if newest == revision {
                    return finish(key: key, revision: revision, names: names, migratedFrom: current.legacyKey)
                }
                // Overtaken while it was being published: not acknowledged, and never newest again.
                if expected.requiredRevision != nil { throw .conflict(current: newest) }
            case .taken:
                if expected.requiredRevision != nil {
                    throw .conflict(current: (try? currentRevision(of: key).revision) ?? revision)
                }
            case .vanished(let path):
                // The key's directory (or our temporary file in it) was removed under us.
                vanishings += 1
                if vanishings > 2 { throw .io(operation: .rename, path: path, errno: ENOENT) }
                preparedDirectories.remove(directory)
            }
            if attempts >= Self.maximumPublishAttempts { throw .contention(attempts: attempts) }
        }
    }

    /// The key's current revision, and the legacy key it belongs to when the key itself has none.
    struct CurrentRevision {
        var revision: Int
        var legacyKey: SnapshotKey?
    }

    /// The key's current revision, from a listing.
    func currentRevision(of key: SnapshotKey) throws(SnapshotStoreError) -> CurrentRevision {
        if let revisions = try source.revisions(of: key), let newest = revisions.max() {
            return CurrentRevision(revision: newest)
        }
        guard let legacyKey = legacyKeys.legacyKey(for: key),
            let newest = try source.revisions(of: legacyKey)?.max()
        else { return CurrentRevision(revision: 0) }
        return CurrentRevision(revision: newest, legacyKey: legacyKey)
    }

    /// Creates `snapshots/<key>` if needed and synchronises the shared directory and `snapshots`,
    /// so the key's directory entry survives a power loss before the first record depends on it.
    ///
    /// This runs even when the directories exist: a process that crashed after creating them may
    /// have left their entries unsynchronised.
    func prepareDirectory(for key: SnapshotKey) throws(SnapshotStoreError) {
        let directory = layout.directory(for: key)
        if preparedDirectories.contains(directory) { return }
        for path in [layout.snapshots, directory] {
            do {
                try interruptible { () throws(FileSystemError) in try fileSystem.makeDirectory(path) }
            } catch  where error.code == EEXIST {
                // Already there.
            } catch  where error.code == ENOENT && path == layout.snapshots {
                throw .directoryMissing(path: layout.root)
            } catch {
                throw .io(operation: .makeDirectory, path: path, errno: error.code)
            }
        }
        try synchronizeDirectory(layout.root)
        try synchronizeDirectory(layout.snapshots)
        preparedDirectories.insert(directory)
    }

    /// Opens, synchronises and closes a directory.
    func synchronizeDirectory(_ path: String) throws(SnapshotStoreError) {
        let file: OpenFile
        do {
            file = try interruptible { () throws(FileSystemError) in try fileSystem.open(path, .directory) }
        } catch {
            throw .io(operation: .open, path: path, errno: error.code)
        }
        // Closing a directory opened for reading cannot lose data: its error does not matter.
        defer { try? fileSystem.close(file) }
        do {
            try interruptible { () throws(FileSystemError) in try fileSystem.synchronize(file) }
        } catch {
            throw .io(operation: .synchronize, path: path, errno: error.code)
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

    /// Writes `record` to a new temporary file in `directory` and publishes it exclusively as
    /// `destination`.
    func publish(
        _ record: [UInt8], at destination: String, in directory: String
    ) throws(SnapshotStoreError) -> Publication {
        let registry = PathSet.temporaryFilesBeingWritten
        var temporary = ""
        var opened: OpenFile?
        var generator = SystemRandomNumberGenerator()
        // A random name is taken only by an abandoned file of an earlier process with the same
        // identifier; a few new names settle that.
        for _ in 0..<4 {
            let name = StoreLayout.temporaryName(processID: fileSystem.processID, token: generator.next())
            temporary = directory + "/" + name
            registry.insert(temporary)
            do {
                opened = try interruptible { () throws(FileSystemError) in
                    try fileSystem.open(temporary, .createNew)
                }
                break
            } catch {
                registry.remove(temporary)
                switch error.code {
                case EEXIST: continue
                case ENOENT: return .vanished(path: temporary)
                default: throw .io(operation: .open, path: temporary, errno: error.code)
                }
            }
        }
        guard let file = opened else { throw .io(operation: .open, path: temporary, errno: EEXIST) }
        defer { registry.remove(temporary) }

        do throws(SnapshotStoreError) {
            try writeAll(record, to: file, path: temporary)
            do {
                try interruptible { () throws(FileSystemError) in try fileSystem.synchronize(file) }
            } catch {
                // Never synchronise the same file again after a failure (the kernel may have
                // dropped the dirty pages and report success next time): give it up.
                throw SnapshotStoreError.io(operation: .synchronize, path: temporary, errno: error.code)
            }
        } catch {
            try? fileSystem.close(file)
            removeQuietly(temporary)
            throw error
        }
        do {
            try fileSystem.close(file)
        } catch  where !error.isInterrupted {
            // EINTR on close still closes the file (Linux, Darwin); anything else is a failure.
            removeQuietly(temporary)
            throw .io(operation: .close, path: temporary, errno: error.code)
        } catch {}

        do {
            try interruptible { () throws(FileSystemError) in
                try fileSystem.renameExclusively(temporary, to: destination)
            }
            return .published
        } catch {
            switch error.code {
            case EEXIST:
                removeQuietly(temporary)
                return .taken
            case ENOENT:
                removeQuietly(temporary)
                return .vanished(path: temporary)
            case EINVAL, ENOSYS, ENOTSUP, EOPNOTSUPP:
                break  // No exclusive rename here: link + unlink below.
            default:
                removeQuietly(temporary)
                throw .io(operation: .rename, path: destination, errno: error.code)
            }
        }
        do {
            try interruptible { () throws(FileSystemError) in try fileSystem.link(temporary, to: destination)
            }
        } catch {
            removeQuietly(temporary)
            switch error.code {
            case EEXIST: return .taken
            case ENOENT: return .vanished(path: temporary)
            default: throw .io(operation: .link, path: destination, errno: error.code)
            }
        }
        // Published. A temporary name left behind by a failure here is an abandoned file for a
        // later clean-up; the record is already visible under its own name.
        removeQuietly(temporary)
        return .published
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

    /// Removes a name, ignoring failure (it is then an abandoned file for a later clean-up).
    ///
    /// - Returns: whether the name is gone.
    @discardableResult
    func removeQuietly(_ path: String) -> Bool {
        (try? interruptible { () throws(FileSystemError) in try fileSystem.unlink(path) }) != nil
    }

    /// Makes the acknowledged revision durable and cleans up; never throws, because the revision is
    /// already visible to every reader.
    ///
    /// - Parameter names: the key directory's names as listed to confirm the revision.
    private func finish(
        key: SnapshotKey, revision: Int, names: [String], migratedFrom legacyKey: SnapshotKey?
    ) -> CommitOutcome {
        var outcome = CommitOutcome(revision: revision, migratedFrom: legacyKey)
        let path = layout.path(for: key, revision: revision)
        do {
            try synchronizeDirectory(layout.directory(for: key))
        } catch {
            outcome.durability = .notDurable(error)
        }
        outcome.cleanupFailure = cleanUp(
            key: key, names: names, removingOldRevisions: outcome.isDurable, referencePath: path)
        return outcome
    }
}
