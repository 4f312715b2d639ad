#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension FileSnapshotStore {
    /// Removes abandoned temporary files in every key's directory: those of processes that are no
    /// longer running, and this process's own that no commit is writing. Call it when a writer
    /// starts; every commit also cleans up its own key's directory.
    ///
    /// - Returns: how many files were removed.
    /// - Throws: ``SnapshotStoreError/readOnly`` on a read-only store; an I/O error when the
    ///   store's directory cannot be listed.
    @discardableResult
    public func removeAbandonedFiles() throws(SnapshotStoreError) -> Int {
        guard access == .readWrite else { throw .readOnly }
        let names: [String]
        do {
            names = try interruptible { () throws(FileSystemError) in
                try fileSystem.contentsOfDirectory(layout.snapshots)
            }
        } catch  where error.code == ENOENT {
            return 0
        } catch {
            throw .io(operation: .listDirectory, path: layout.snapshots, errno: error.code)
        }
        var removed = 0
        for name in names where !name.hasPrefix(".") {
            let directory = layout.snapshots + "/" + name
            guard
                let entries = try? interruptible({ () throws(FileSystemError) in
                    try fileSystem.contentsOfDirectory(directory)
                })
            else { continue }
            for entry in entries where isAbandoned(entry, in: directory, referenceTime: { nil }) {
                let path = directory + "/" + entry
                if (try? interruptible({ () throws(FileSystemError) in try fileSystem.unlink(path) })) != nil
                {
                    removed += 1
                }
            }
        }
        return removed
    }

    /// Removes old revisions (when `removingOldRevisions`), abandoned temporary files and, once the
    /// key has a revision of its own, its legacy key's snapshot.
    ///
    /// Old revisions go oldest first, and only those below the newest ``retainedRevisions`` of
    /// `names`: the newest revision is never removed, so the newest revision number never goes
    /// down — which is what makes a commit's acknowledgement a fact (`docs/store-format.md`).
    ///
    /// - Parameters:
    ///   - names: the key directory's names, as the commit listed them.
    ///   - referencePath: the record this commit just published; its modification time is the file
    ///     system's "now" for the age of other processes' temporary files.
    /// - Returns: the first failure, or `nil` when everything was cleaned up.
    func cleanUp(key: SnapshotKey, names: [String], removingOldRevisions: Bool, referencePath: String)
        -> SnapshotStoreError?
    {
        let directory = layout.directory(for: key)
        var firstFailure: SnapshotStoreError?
        if removingOldRevisions {
            let revisions = names.compactMap(StoreLayout.revision(fromFileName:)).sorted(by: >)
            for revision in revisions.dropFirst(retainedRevisions).reversed() {
                if let failure = removeRevision(revision, of: key) {
                    firstFailure = failure
                    break
                }
            }
        }
        // Read only when another running process's temporary file is found.
        var referenceTime: Int64??
        let reference = { () -> Int64? in
            if let known = referenceTime { return known }
            let time = try? interruptible { () throws(FileSystemError) in
                try fileSystem.status(atPath: referencePath).modificationTime
            }
            referenceTime = time
            return time
        }
        for name in names where isAbandoned(name, in: directory, referenceTime: reference) {
            if let failure = remove(directory + "/" + name), firstFailure == nil { firstFailure = failure }
        }
        if removingOldRevisions, let legacyKey = legacyKeys.legacyKey(for: key),
            let failure = removeLegacySnapshot(legacyKey), firstFailure == nil
        {
            firstFailure = failure
        }
        return firstFailure
    }

    /// Whether `name` in `directory` is a temporary file nobody will publish: its process has
    /// exited, or it is this process's and no commit is writing it, or — for a process that seems
    /// alive — it is older than ``orphanAge`` by the file system's clock (`referenceTime` gives
    /// the modification time of a file this commit just wrote, if any).
    func isAbandoned(_ name: String, in directory: String, referenceTime: () -> Int64?) -> Bool {
        guard StoreLayout.isTemporary(name) else { return false }
        let path = directory + "/" + name
        if let owner = StoreLayout.temporaryOwner(name) {
            if owner == fileSystem.processID { return !PathSet.temporaryFilesBeingWritten.contains(path) }
            if !fileSystem.isProcessRunning(owner) { return true }
        }
        guard let referenceTime = referenceTime(),
            let status = try? interruptible({ () throws(FileSystemError) in
                try fileSystem.status(atPath: path)
            })
        else { return false }
        return referenceTime &- status.modificationTime > Int64(orphanAge * 1_000_000_000)
    }

    /// Removes a legacy key's revisions and directory, after its snapshot was migrated.
    private func removeLegacySnapshot(_ legacyKey: SnapshotKey) -> SnapshotStoreError? {
        let directory = layout.directory(for: legacyKey)
        let names: [String]
        do {
            names = try interruptible { () throws(FileSystemError) in
                try fileSystem.contentsOfDirectory(directory)
            }
        } catch  where error.code == ENOENT {
            return nil
        } catch {
            return .io(operation: .listDirectory, path: directory, errno: error.code)
        }
        var firstFailure: SnapshotStoreError?
        // Oldest first, stopping at a failure, as for the key's own old revisions.
        for revision in names.compactMap(StoreLayout.revision(fromFileName:)).sorted() {
            if let failure = removeRevision(revision, of: legacyKey) {
                firstFailure = failure
                break
            }
        }
        for name in names where isAbandoned(name, in: directory, referenceTime: { nil }) {
            if let failure = remove(directory + "/" + name), firstFailure == nil { firstFailure = failure }
        }
        do {
            try interruptible { () throws(FileSystemError) in try fileSystem.removeDirectory(directory) }
        } catch  where error.code == ENOENT || error.code == ENOTEMPTY || error.code == EEXIST {
            // Gone already, or something else lives there: leave it.
        } catch {
            if firstFailure == nil {
                firstFailure = .io(operation: .removeDirectory, path: directory, errno: error.code)
            }
        }
        return firstFailure
    }

    /// Removes `key`'s record of `revision`, if there is one (revision 0 or less never is).
    func removeRevision(_ revision: Int, of key: SnapshotKey) -> SnapshotStoreError? {
        guard revision >= 1 else { return nil }
        return remove(layout.path(for: key, revision: revision))
    }

    /// Removes one name; a name already gone is not a failure.
    private func remove(_ path: String) -> SnapshotStoreError? {
        do {
            try interruptible { () throws(FileSystemError) in try fileSystem.unlink(path) }
            return nil
        } catch  where error.code == ENOENT {
            return nil
        } catch {
            return .io(operation: .unlink, path: path, errno: error.code)
        }
    }
}
