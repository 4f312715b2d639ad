#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Lists and loads revisions through the file-system seam, with plain reads (never a memory map,
/// so a file changed by someone else cannot crash the reader) and a cap on what it loads.
struct FileRevisionSource: RevisionSource {
    let layout: StoreLayout
    let fileSystem: any SnapshotFileSystem

    func revisions(of key: SnapshotKey) throws(SnapshotStoreError) -> [Int]? {
        try names(in: layout.directory(for: key))?.compactMap(StoreLayout.revision(fromFileName:))
    }

    /// Every name in `directory`, or `nil` when it does not exist.
    func names(in directory: String) throws(SnapshotStoreError) -> [String]? {
        do {
            return try interruptible { () throws(FileSystemError) in
                try fileSystem.contentsOfDirectory(directory)
            }
        } catch  where error.code == ENOENT {
            return nil
        } catch {
            throw .io(operation: .listDirectory, path: directory, errno: error.code)
        }
    }

    func record(of key: SnapshotKey, revision: Int) -> RecordBytes {
        let path = layout.path(for: key, revision: revision)
        let file: OpenFile
        do {
            file = try interruptible { () throws(FileSystemError) in try fileSystem.open(path, .readOnly) }
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
