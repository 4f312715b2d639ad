import WidgetTimeline

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A named moment inside a commit at which the helper kills itself with `SIGKILL` (RocksDB's
/// `TEST_KILL_RANDOM`, bbolt's gofail), armed through the environment:
/// `WIDGET_TIMELINE_KILL_POINT=<name>` and, optionally, `WIDGET_TIMELINE_KILL_AT=<n>` to die the
/// `n`th time the point is reached (default 1).
enum KillPoint: String, CaseIterable {
    case afterTemporaryCreate = "after-tmp-create"
    case midWrite = "mid-write"
    case afterFileSync = "after-fsync"
    case afterClose = "after-close"
    case afterPublish = "after-publish"
    case beforeDirectorySync = "before-dir-fsync"
    case afterDirectorySync = "after-dir-fsync"
    case midCleanup = "mid-gc"
}

/// The live file system, with a kill point armed.
final class KillPointFileSystem: SnapshotFileSystem, @unchecked Sendable {
    private let base = POSIXFileSystem()
    private let point: KillPoint
    private var remaining: Int
    private var paths: [OpenFile: (path: String, mode: FileOpenMode)] = [:]
    private var published = false

    init(point: KillPoint, at occurrence: Int) {
        self.point = point
        remaining = max(1, occurrence)
    }

    /// Counts one arrival at `candidate`; dies when it is the armed point's chosen arrival.
    private func reach(_ candidate: KillPoint) {
        guard candidate == point else { return }
        remaining -= 1
        if remaining == 0 { raise(SIGKILL) }
    }

    private func isTemporary(_ path: String) -> Bool { path.contains("/.tmp-") }

    var processID: Int32 { base.processID }
    func isProcessRunning(_ processID: Int32) -> Bool { base.isProcessRunning(processID) }

    func open(_ path: String, _ mode: FileOpenMode) throws(FileSystemError) -> OpenFile {
        let file = try base.open(path, mode)
        paths[file] = (path, mode)
        if mode == .createNew { reach(.afterTemporaryCreate) }
        return file
    }

    func read(_ file: OpenFile, upTo count: Int) throws(FileSystemError) -> [UInt8] {
        try base.read(file, upTo: count)
    }

    func write(_ file: OpenFile, _ bytes: ArraySlice<UInt8>) throws(FileSystemError) -> Int {
        if point == .midWrite, bytes.count > 1 {
            let written = try base.write(file, bytes.prefix(bytes.count / 2))
            reach(.midWrite)
            return written
        }
        return try base.write(file, bytes)
    }

    func synchronize(_ file: OpenFile) throws(FileSystemError) {
        let opened = paths[file]
        let isKeyDirectorySync = opened?.mode == .directory && published
        if isKeyDirectorySync { reach(.beforeDirectorySync) }
        try base.synchronize(file)
        if isKeyDirectorySync {
            published = false
            reach(.afterDirectorySync)
        }
        if let opened, isTemporary(opened.path) { reach(.afterFileSync) }
    }

    func close(_ file: OpenFile) throws(FileSystemError) {
        let opened = paths.removeValue(forKey: file)
        try base.close(file)
        if let opened, opened.mode == .createNew { reach(.afterClose) }
    }

    func status(_ file: OpenFile) throws(FileSystemError) -> FileStatus { try base.status(file) }

    func status(atPath path: String) throws(FileSystemError) -> FileStatus { try base.status(atPath: path) }

    func renameExclusively(_ source: String, to destination: String) throws(FileSystemError) {
        try base.renameExclusively(source, to: destination)
        published = true
        reach(.afterPublish)
    }

    func link(_ source: String, to destination: String) throws(FileSystemError) {
        try base.link(source, to: destination)
        published = true
        reach(.afterPublish)
    }

    func unlink(_ path: String) throws(FileSystemError) {
        if path.hasSuffix(".snapshot") { reach(.midCleanup) }
        try base.unlink(path)
    }

    func makeDirectory(_ path: String) throws(FileSystemError) { try base.makeDirectory(path) }

    func removeDirectory(_ path: String) throws(FileSystemError) { try base.removeDirectory(path) }

    func contentsOfDirectory(_ path: String) throws(FileSystemError) -> [String] {
        try base.contentsOfDirectory(path)
    }
}
