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
    /// The steps, each through the file-system seam (`docs/store-format.md` has the details):
    /// 1. Find the current revision, N. When this store instance published (or listed) N itself,
    ///    two `stat`s confirm it: N exists and N + 1 does not. Otherwise — and whenever that
    ///    check fails — list the key's revisions: the newest is current (or the legacy key's
    ///    newest).
    /// 2. Encode revision N+1; refuse it if it is too large. Nothing has been written yet.
    /// 3. Create the key's directory if needed and make it and its parents durable (once per key
    ///    and store instance).
    /// 4. Write a new temporary file, synchronise it, close it. A failed `fsync` is never retried
    ///    on the same file: the file is removed and the commit fails.
    /// 5. Publish it as revision N+1 with a rename that fails if the name exists (`link` + `unlink`
    ///    where the file system cannot). If another writer took N+1, start again from step 1 with
    ///    a listing — or, for a compare-and-swap, throw ``SnapshotStoreError/conflict(current:)``.
    /// 6. Synchronise the directory. If that fails the revision is published but not known to be
    ///    durable, and the outcome says so.
    /// 7. Clean up, oldest first: remove revisions beyond ``retainedRevisions`` (only after a
    ///    durable commit), abandoned temporary files, and a migrated legacy key's snapshot. This
    ///    lists the directory on the first commit per key and store instance, and after anything
    ///    unexpected (another writer, a failure); otherwise every older revision is already gone
    ///    and removing the one revision that falls out, by name, is enough.
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
            let record = try SnapshotRecord.encode(draft.snapshot(revision: revision))
            try prepareDirectory(for: key)
            let destination = layout.path(for: key, revision: revision)
            let publication: Publication
            do {
                publication = try publish(record, at: destination, in: directory)
            } catch {
                // It may have left a temporary file behind: the next commit lists and cleans up.
                knownRevisions[key] = nil
                throw error
            }
            switch publication {
            case .published(let leftTemporaryFile):
                return finish(
                    key: key, revision: revision, at: destination, migratedFrom: current.legacyKey,
                    isTidy: current.isTidy && !leftTemporaryFile)
            case .taken:
                // What this instance knew is out of date: the next attempt lists.
                knownRevisions[key] = nil
                if expected.requiredRevision != nil {
                    throw .conflict(current: (try? listedRevision(of: key).revision) ?? revision)
                }
                if attempts >= Self.maximumPublishAttempts { throw .contention(attempts: attempts) }
            case .vanished(let path):
                // The key's directory (or our temporary file in it) was removed under us.
                knownRevisions[key] = nil
                vanishings += 1
                if vanishings > 2 { throw .io(operation: .rename, path: path, errno: ENOENT) }
                preparedDirectories.remove(directory)
            }
        }
    }

    /// The key's current revision, where it comes from, and whether the commit may clean up by
    /// name (see ``KnownRevisions``).
    struct CurrentRevision {
        var revision: Int
        /// The legacy key the revision belongs to, when the key itself has none.
        var legacyKey: SnapshotKey?
        /// Whether the revision was confirmed from what this instance knew, with every older
        /// revision beyond the retained ones already removed.
        var isTidy = false
    }

    /// The key's current revision: confirmed with two `stat`s when this instance knows it, listed
    /// otherwise.
    func currentRevision(of key: SnapshotKey) throws(SnapshotStoreError) -> CurrentRevision {
        if let known = knownRevisions[key], isNewest(known.revision, of: key) {
            return CurrentRevision(revision: known.revision, isTidy: known.isTidy)
        }
        let listed = try listedRevision(of: key)
        knownRevisions[key] =
            listed.legacyKey == nil && listed.revision > 0
            ? KnownRevisions.Knowledge(revision: listed.revision, isTidy: false) : nil
        return listed
    }

    /// Whether `revision` is still the key's newest: its name exists and the next one does not.
    ///
    /// Revision N + 1 is only ever published by a writer that found N to be newest, and clean-up
    /// removes revisions oldest first and only once newer ones exist. So while N exists, every
    /// newer revision that was published still exists too, and one exists exactly when N + 1 does.
    /// Any other answer — including an error — means "list instead".
    func isNewest(_ revision: Int, of key: SnapshotKey) -> Bool {
        guard revision < Int.max else { return false }
        switch nameExists(layout.path(for: key, revision: revision + 1)) {
        case false?: return nameExists(layout.path(for: key, revision: revision)) == true
        case true?, nil: return false
        }
    }

    /// Whether `path` names anything (`lstat`), or `nil` when the file system cannot tell.
    private func nameExists(_ path: String) -> Bool? {
        do {
            _ = try interruptible { () throws(FileSystemError) in try fileSystem.status(atPath: path) }
            return true
        } catch  where error.code == ENOENT {
            return false
        } catch {
            return nil
        }
    }

    /// The key's current revision from a listing, and the legacy key it comes from when the key
    /// itself has none.
    func listedRevision(of key: SnapshotKey) throws(SnapshotStoreError) -> CurrentRevision {
        switch source.revisions(of: key) {
        case .failed(let error): throw error
        case .revisions(let revisions) where !revisions.isEmpty:
            return CurrentRevision(revision: revisions.max()!)
        case .absent, .revisions: break
        }
        guard let legacyKey = legacyKeys.legacyKey(for: key) else { return CurrentRevision(revision: 0) }
        switch source.revisions(of: legacyKey) {
        case .failed(let error): throw error
        case .revisions(let revisions) where !revisions.isEmpty:
            return CurrentRevision(revision: revisions.max()!, legacyKey: legacyKey)
        case .absent, .revisions: return CurrentRevision(revision: 0)
        }
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
        /// Published; `leftTemporaryFile` when the temporary name could not be removed after a
        /// `link` (an abandoned file for the next full clean-up).
        case published(leftTemporaryFile: Bool)
        /// Another writer published this revision first.
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
            return .published(leftTemporaryFile: false)
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
        return .published(leftTemporaryFile: !removeQuietly(temporary))
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

    /// Makes the published revision durable and cleans up; never throws, because the revision is
    /// already visible to every reader.
    ///
    /// - Parameter isTidy: whether every revision older than the retained ones was already removed
    ///   before this commit (see ``KnownRevisions``): then only the one that now falls out is.
    private func finish(
        key: SnapshotKey, revision: Int, at path: String, migratedFrom legacyKey: SnapshotKey?,
        isTidy: Bool
    ) -> CommitOutcome {
        var outcome = CommitOutcome(revision: revision, migratedFrom: legacyKey)
        do {
            try synchronizeDirectory(layout.directory(for: key))
        } catch {
            outcome.durability = .notDurable(error)
        }
        if isTidy && outcome.isDurable {
            outcome.cleanupFailure = removeRevision(revision - retainedRevisions, of: key)
        } else {
            outcome.cleanupFailure = cleanUp(
                key: key, removingOldRevisions: outcome.isDurable, referencePath: path)
        }
        // Tidy again only when every old revision is known to be gone.
        knownRevisions[key] = KnownRevisions.Knowledge(
            revision: revision, isTidy: outcome.isDurable && outcome.cleanupFailure == nil)
        return outcome
    }
}
