#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Lists and loads revisions through the file-system seam, relative to the key's directory, with
/// plain reads (never a memory map, so a file changed by someone else cannot crash the reader) and
/// a cap on what it loads.
struct FileRevisionSource: RevisionSource {
    let directories: StoreDirectories

    var fileSystem: any SnapshotFileSystem { directories.fileSystem }

    func revisions(of key: SnapshotKey) throws(SnapshotStoreError) -> [Int]? {
        // Every listing opens the key's directory anew: a read starts over after a revision
        // vanished, and a migrated legacy key's directory may have been removed meanwhile.
        directories.forget(key)
        return try revisionsInOpenDirectory(of: key)
    }

    func revisionsAgain(of key: SnapshotKey) throws(SnapshotStoreError) -> [Int]? {
        try revisionsInOpenDirectory(of: key)
    }

    /// The revisions listed in `key`'s directory as opened; `nil` when it does not exist — or was
    /// removed after it was opened: a migration removes its legacy key's directory, and listing a
    /// removed directory fails with `ENOENT` (Linux), which is not an I/O error of the key.
    private func revisionsInOpenDirectory(of key: SnapshotKey) throws(SnapshotStoreError) -> [Int]? {
        guard let directory = try directories.directory(for: key, creating: false) else { return nil }
        do {
            return try directories.names(in: directory).compactMap(StoreLayout.revision(fromFileName:))
        } catch {
            if case .io(.listDirectory, _, ENOENT) = error {
                directories.forget(key)
                return nil
            }
            throw error
        }
    }

    func record(of key: SnapshotKey, revision: Int) -> RecordBytes {
        let name = StoreLayout.fileName(revision: revision)
        let directory: OpenDirectory
        do {
            guard let opened = try directories.directory(for: key, creating: false) else { return .vanished }
            directory = opened
        } catch {
            return .unreadable(error)
        }
        let path = directory.path + "/" + name
        let file: OpenFile
        do {
            file = try interruptible { () throws(FileSystemError) in
                try fileSystem.open(name, in: directory.file, .readOnly)
            }
        } catch {
            switch error.code {
            case ENOENT: return .vanished
            case ELOOP, ENXIO, EISDIR: return .invalid(.notAFile)
            case EACCES, EPERM: return .unreadable(.io(operation: .open, path: path, errno: error.code))
            default: return .invalid(.unreadable(error))
            }
        }
        defer { try? fileSystem.close(file) }
        let limit = SnapshotLimits.maximumRecordSize
        let expected: Int
        do {
            // Opened without blocking; a FIFO, socket or device is refused before any read.
            let status = try interruptible { () throws(FileSystemError) in try fileSystem.status(file) }
            guard status.kind == .regular else { return .invalid(.notAFile) }
            guard status.size <= limit else { return .invalid(.tooLarge(bytes: status.size, limit: limit)) }
            expected = status.size
        } catch {
            return .invalid(.unreadable(error))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(expected)
        while true {
            // Ask for one byte more than the file should have, so growth is noticed, and never for
            // more than the limit allows: a reader loads at most `limit + 1` bytes.
            let wanted = min(limit + 1 - bytes.count, max(expected + 1 - bytes.count, 4096))
            let chunk: [UInt8]
            do {
                chunk = try interruptible { () throws(FileSystemError) in
                    try fileSystem.read(file, upTo: wanted)
                }
            } catch {
                if error.isPermissionDenied {
                    return .unreadable(.io(operation: .read, path: path, errno: error.code))
                }
                return .invalid(.unreadable(error))
            }
            if chunk.isEmpty { break }
            bytes += chunk
            if bytes.count > limit { return .invalid(.tooLarge(bytes: bytes.count, limit: limit)) }
            // A regular file reads short only at its end: the size `fstat` reported, read in fewer
            // bytes than asked for, is the whole file without one more call to see zero bytes.
            // (Content that changed meanwhile is the header's length and checksum's to catch.)
            if chunk.count < wanted, bytes.count == expected { break }
        }
        return .bytes(bytes)
    }
}
