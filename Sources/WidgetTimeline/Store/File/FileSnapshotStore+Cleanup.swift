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
    /// A key's entry that is not a directory — a symbolic link planted there — is skipped, never
    /// followed.
    ///
    /// - Returns: how many files were removed.
    /// - Throws: ``SnapshotStoreError/readOnly`` on a read-only store; an I/O error when the
    ///   store's directory cannot be listed.
    @discardableResult
    public func removeAbandonedFiles() throws(SnapshotStoreError) -> Int {
        guard access == .readWrite else { throw .readOnly }
        let directories = openDirectories()
        defer { directories.closeAll() }
        guard let snapshots = try directories.snapshots(creating: false) else { return 0 }
        var removed = 0
        for name in try directories.names(in: snapshots) where !name.hasPrefix(".") {
            guard let directory = try? directories.subdirectory(name, of: snapshots, creating: false),
                let entries = try? directories.names(in: directory)
            else { continue }
            defer { try? fileSystem.close(directory.file) }
            for entry in entries where isAbandoned(entry, in: directory, referenceTime: { nil }) {
                if removeQuietly(entry, in: directory) { removed += 1 }
            }
        }
        return removed
    }

    /// Removes old revisions (when `removingOldRevisions`), abandoned temporary files and, once the
    /// key has a revision of its own, its legacy key's snapshot.
    ///
    /// Old revisions go oldest first, and only those below the newest ``retainedRevisions`` of
    /// `names`, a listing in which this commit's revision is the newest: a name is removed only
    /// after a listing showed a newer one, so the newest revision number never goes down — which
    /// is what makes a commit's acknowledgement a fact (`docs/store-format.md`).
    ///
    /// - Parameters:
    ///   - names: the key directory's names, as the commit listed them to confirm its revision.
    ///   - reference: the record this commit just published; its modification time is the file
    ///     system's "now" for the age of other processes' temporary files.
    /// - Returns: the first failure, or `nil` when everything was cleaned up.
    func cleanUp(
        key: SnapshotKey, in directory: OpenDirectory, names: [String], removingOldRevisions: Bool,
        reference: String, directories: StoreDirectories
    ) -> SnapshotStoreError? {
        var firstFailure: SnapshotStoreError?
        if removingOldRevisions {
            let revisions = names.compactMap(StoreLayout.revision(fromFileName:)).sorted(by: >)
            let spare = StoreLayout.spareName(processID: fileSystem.processID)
            var keepsSpare = !names.contains(spare)
            // One name that cannot be removed (a directory planted there, a file of another owner)
            // must not stop the rest: retention would end for good and the directory grow forever.
            for revision in revisions.dropFirst(retainedRevisions).reversed() {
                let name = StoreLayout.fileName(revision: revision)
                // The first becomes the spare: leaving its name is all a removal does to readers.
                if keepsSpare {
                    keepsSpare = false
                    if retire(name, asSpare: spare, in: directory) { continue }
                }
                if let failure = remove(name, in: directory), firstFailure == nil {
                    firstFailure = failure
                }
            }
        }
        // Read only when another running process's temporary file is found.
        var referenceTime: Int64??
        let reference = { () -> Int64? in
            if let known = referenceTime { return known }
            let time = try? interruptible { () throws(FileSystemError) in
                try fileSystem.status(of: reference, in: directory.file).modificationTime
            }
            referenceTime = time
            return time
        }
        for name in names where isAbandoned(name, in: directory, referenceTime: reference) {
            if let failure = remove(name, in: directory), firstFailure == nil { firstFailure = failure }
        }
        if removingOldRevisions, let legacyKey = legacyKeys.legacyKey(for: key),
            let failure = removeLegacySnapshot(legacyKey, directories: directories), firstFailure == nil
        {
            firstFailure = failure
        }
        return firstFailure
    }

    /// Renames the superseded record `name` to `spare`, which must not exist, so this process's
    /// next commit rewrites its blocks instead of allocating new ones; `false` when it cannot (it
    /// is not a regular file with one name, a spare exists already, or the file system has no
    /// exclusive rename), and `name` is to be removed instead. A record already gone counts as done.
    private func retire(_ name: String, asSpare spare: String, in directory: OpenDirectory) -> Bool {
        // Only a plain record: a directory or a second name planted here is removed, or reported, as
        // before. (Taking the spare checks the file it opens again.)
        do {
            return try renamePlainFile(name, to: spare, in: directory)
        } catch {
            return error.code == ENOENT
        }
    }

    /// Renames `name` to `newName`, which must not exist, if `name` is a regular file with exactly
    /// one name; `false`, with nothing renamed, if it is anything else. The spare moves only this
    /// way, so a directory or a hard link planted under a record's or the spare's name never
    /// becomes a file a commit writes.
    func renamePlainFile(_ name: String, to newName: String, in directory: OpenDirectory)
        throws(FileSystemError)
        -> Bool
    {
        let status = try interruptible { () throws(FileSystemError) in
            try fileSystem.status(of: name, in: directory.file)
        }
        guard status.kind == .regular, status.linkCount == 1 else { return false }
        try interruptible { () throws(FileSystemError) in
            try fileSystem.renameExclusively(name, to: newName, in: directory.file)
        }
        return true
    }

    /// Whether `name` in `directory` is a temporary file nobody will publish: its process has
    /// exited, or it is this process's and no commit is writing it (its spare excepted), or — for
    /// a process that seems alive — it is older than ``orphanAge`` by the file system's clock
    /// (`referenceTime` gives the modification time of a file this commit just wrote, if any).
    func isAbandoned(_ name: String, in directory: OpenDirectory, referenceTime: () -> Int64?) -> Bool {
        guard StoreLayout.isTemporary(name) else { return false }
        if let owner = StoreLayout.temporaryOwner(name) {
            if owner == fileSystem.processID {
                if name == StoreLayout.spareName(processID: owner) { return false }
                return !PathSet.temporaryFilesBeingWritten.contains(directory.path + "/" + name)
            }
            if !fileSystem.isProcessRunning(owner) { return true }
        }
        guard let referenceTime = referenceTime(),
            let status = try? interruptible({ () throws(FileSystemError) in
                try fileSystem.status(of: name, in: directory.file)
            })
        else { return false }
        return referenceTime &- status.modificationTime > Int64(orphanAge * 1_000_000_000)
    }

    /// Removes a legacy key's revisions and directory, after its snapshot was migrated.
    private func removeLegacySnapshot(_ legacyKey: SnapshotKey, directories: StoreDirectories)
        -> SnapshotStoreError?
    {
        let directory: OpenDirectory
        let names: [String]
        // Opened anew: the commit may have opened it attempts ago. Another writer's migration may
        // remove it at any moment; listing a removed directory fails with ENOENT (Linux): done.
        directories.forget(legacyKey)
        do {
            guard let opened = try directories.directory(for: legacyKey, creating: false) else { return nil }
            directory = opened
            names = try directories.names(in: directory)
        } catch {
            if case .io(.listDirectory, _, ENOENT) = error {
                directories.forget(legacyKey)
                return nil
            }
            return error
        }
        var firstFailure: SnapshotStoreError?
        // Oldest first, stopping at a failure, as for the key's own old revisions.
        for revision in names.compactMap(StoreLayout.revision(fromFileName:)).sorted() {
            if let failure = remove(StoreLayout.fileName(revision: revision), in: directory) {
                firstFailure = failure
                break
            }
        }
        for name in names where isAbandoned(name, in: directory, referenceTime: { nil }) {
            if let failure = remove(name, in: directory), firstFailure == nil { firstFailure = failure }
        }
        directories.forget(legacyKey)
        guard let snapshots = try? directories.snapshots(creating: false) else { return firstFailure }
        do {
            try interruptible { () throws(FileSystemError) in
                try fileSystem.removeDirectory(legacyKey.rawValue, in: snapshots.file)
            }
        } catch  where error.code == ENOENT || error.code == ENOTEMPTY || error.code == EEXIST {
            // Gone already, or something else lives there: leave it.
        } catch {
            if firstFailure == nil {
                firstFailure = .io(operation: .removeDirectory, path: directory.path, errno: error.code)
            }
        }
        return firstFailure
    }

    /// Removes the entry `name` of `directory`; a name already gone is not a failure.
    private func remove(_ name: String, in directory: OpenDirectory) -> SnapshotStoreError? {
        do {
            try interruptible { () throws(FileSystemError) in try fileSystem.unlink(name, in: directory.file)
            }
            return nil
        } catch  where error.code == ENOENT {
            return nil
        } catch {
            return .io(operation: .unlink, path: directory.path + "/" + name, errno: error.code)
        }
    }
}
