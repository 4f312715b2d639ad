#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A directory a store call opened, and its path for messages.
struct OpenDirectory {
    let file: OpenFile
    let path: String
}

/// The directories one store call works in — the shared directory, `snapshots` and the key
/// directories — opened once each, relative to one another, and closed together at the end.
///
/// Only the shared directory is opened by path (symbolic links on the way to it are followed: an
/// App Group container may be reached through one). Every directory below it is opened with
/// `O_NOFOLLOW | O_DIRECTORY`, so a symbolic link, file or FIFO planted in its place is reported
/// as ``SnapshotStoreError/unexpectedFileType(path:found:)`` and never followed: nothing outside
/// the shared directory is ever created, written, read or removed.
///
/// Not thread-safe: one instance belongs to one call.
final class StoreDirectories {
    let layout: StoreLayout
    let fileSystem: any SnapshotFileSystem
    private var openedRoot: OpenDirectory?
    private var openedSnapshots: OpenDirectory?
    private var openedKeys: [SnapshotKey: OpenDirectory] = [:]

    init(layout: StoreLayout, fileSystem: any SnapshotFileSystem) {
        self.layout = layout
        self.fileSystem = fileSystem
    }

    deinit { closeAll() }

    /// The shared directory, or `nil` when it does not exist.
    func root() throws(SnapshotStoreError) -> OpenDirectory? {
        if let openedRoot { return openedRoot }
        let path = layout.root
        do {
            let file = try interruptible { () throws(FileSystemError) in try fileSystem.openRoot(path) }
            openedRoot = OpenDirectory(file: file, path: path)
            return openedRoot
        } catch  where error.code == ENOENT {
            return nil
        } catch {
            throw .io(operation: .open, path: path, errno: error.code)
        }
    }

    /// `snapshots`, or `nil` when it does not exist and `creating` is false.
    ///
    /// - Throws: ``SnapshotStoreError/directoryMissing(path:)`` when creating and the shared
    ///   directory itself does not exist (the store never creates it).
    func snapshots(creating: Bool) throws(SnapshotStoreError) -> OpenDirectory? {
        if let openedSnapshots { return openedSnapshots }
        openedSnapshots = try belowRoot(StoreLayout.snapshotsDirectoryName, creating: creating)
        return openedSnapshots
    }

    /// The directory `name` directly below the shared directory, opened in one call when it is
    /// there; through the shared directory's own descriptor to create it, or to say what is in its
    /// place.
    func belowRoot(_ name: String, creating: Bool) throws(SnapshotStoreError) -> OpenDirectory? {
        let path = (layout.root == "/" ? "" : layout.root) + "/" + name
        do {
            let file = try interruptible { () throws(FileSystemError) in
                try fileSystem.openDirectory(name, belowRoot: layout.root)
            }
            return OpenDirectory(file: file, path: path)
        } catch  where error.code == ENOENT && !creating {
            return nil
        } catch  where error.code == ENOENT || error.code == ENOTDIR || error.code == ELOOP {
            // Missing, or not a directory: the shared directory's descriptor tells which, and makes it.
            guard let root = try root() else {
                if creating { throw .directoryMissing(path: layout.root) }
                return nil
            }
            return try subdirectory(name, of: root, creating: creating)
        } catch {
            throw .io(operation: .open, path: path, errno: error.code)
        }
    }

    /// `key`'s directory, or `nil` when it does not exist and `creating` is false.
    func directory(for key: SnapshotKey, creating: Bool) throws(SnapshotStoreError) -> OpenDirectory? {
        if let opened = openedKeys[key] { return opened }
        guard let snapshots = try snapshots(creating: creating) else { return nil }
        let opened = try subdirectory(key.rawValue, of: snapshots, creating: creating)
        openedKeys[key] = opened
        return opened
    }

    /// Closes `key`'s directory, so the next ``directory(for:creating:)`` opens it anew: after it
    /// was removed or replaced under the call.
    func forget(_ key: SnapshotKey) {
        if let opened = openedKeys.removeValue(forKey: key) { try? fileSystem.close(opened.file) }
    }

    /// Closes every directory opened.
    func closeAll() {
        // Closing a directory opened for reading cannot lose data: its error does not matter.
        for opened in openedKeys.values { try? fileSystem.close(opened.file) }
        openedKeys = [:]
        for opened in [openedSnapshots, openedRoot].compactMap({ $0 }) { try? fileSystem.close(opened.file) }
        openedSnapshots = nil
        openedRoot = nil
    }

    /// The names in `directory`.
    func names(in directory: OpenDirectory) throws(SnapshotStoreError) -> [String] {
        do {
            return try interruptible { () throws(FileSystemError) in
                try fileSystem.contentsOfDirectory(directory.file)
            }
        } catch {
            throw .io(operation: .listDirectory, path: directory.path, errno: error.code)
        }
    }

    /// The directory `name` of `parent`, never through a symbolic link; created when missing and
    /// `creating` (an existing one is fine: another writer may create it at the same moment).
    func subdirectory(_ name: String, of parent: OpenDirectory, creating: Bool) throws(SnapshotStoreError)
        -> OpenDirectory?
    {
        let path = parent.path == "/" ? "/" + name : parent.path + "/" + name
        var created = false
        while true {
            do {
                let file = try interruptible { () throws(FileSystemError) in
                    try fileSystem.open(name, in: parent.file, .directory)
                }
                return OpenDirectory(file: file, path: path)
            } catch  where error.code == ENOENT && creating && !created {
                created = true
                do {
                    try interruptible { () throws(FileSystemError) in
                        try fileSystem.makeDirectory(name, in: parent.file)
                    }
                } catch  where error.code == EEXIST {
                    // Made by another writer meanwhile, or something else is there: the open says.
                } catch {
                    throw .io(operation: .makeDirectory, path: path, errno: error.code)
                }
            } catch  where error.code == ENOENT {
                return nil
            } catch  where error.code == ENOTDIR || error.code == ELOOP {
                // Not a directory (Linux reports a symbolic link as ENOTDIR under O_DIRECTORY, Darwin
                // as ELOOP): say what is there instead.
                let found = try? interruptible { () throws(FileSystemError) in
                    try fileSystem.status(of: name, in: parent.file)
                }
                throw .unexpectedFileType(path: path, found: found?.kind ?? .other)
            } catch {
                throw .io(operation: .open, path: path, errno: error.code)
            }
        }
    }
}
