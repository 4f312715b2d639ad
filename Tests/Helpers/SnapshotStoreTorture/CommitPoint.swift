import WidgetTimeline
import WidgetTimelineTesting

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A named moment inside a commit at which the helper kills itself with `SIGKILL` (RocksDB's
/// `TEST_KILL_RANDOM`, bbolt's gofail) or stops itself with `SIGSTOP` until the parent sends
/// `SIGCONT` (a writer iOS suspends there, or a slow disk), armed through the environment:
/// `WIDGET_TIMELINE_KILL_POINT=<name>` or `WIDGET_TIMELINE_PAUSE_POINT=<name>`, and optionally
/// `WIDGET_TIMELINE_KILL_AT=<n>` / `WIDGET_TIMELINE_PAUSE_AT=<n>` to act the `n`th time the point
/// is reached (default 1). Before stopping, the helper prints `PAUSE <name>`, so the parent knows
/// the writer is stopped there and not elsewhere.
enum CommitPoint: String, CaseIterable {
    /// A listing returned — the first of an attempt: the writer has chosen its revision.
    case afterList = "after-list"
    /// The temporary file was created, or the spare opened to be rewritten.
    case afterTemporaryCreate = "after-tmp-create"
    case midWrite = "mid-write"
    case afterFileSync = "after-fsync"
    case afterClose = "after-close"
    case afterPublish = "after-publish"
    /// The listing that confirms the published revision returned; the directory is not yet
    /// synchronised.
    case afterConfirm = "after-confirm"
    case beforeDirectorySync = "before-dir-fsync"
    case afterDirectorySync = "after-dir-fsync"
    case midCleanup = "mid-gc"
}

/// The live file system with a kill or pause point armed, which also notes the monotonic time just
/// before each publish: a lower bound of the instant the record became visible.
final class CommitPointFileSystem: ForwardingFileSystem, @unchecked Sendable {
    // @unchecked: used by the helper's one thread.
    enum Action {
        case kill
        case pause
    }

    private let point: CommitPoint?
    private let action: Action
    private var remaining: Int
    private let key: String
    private var modes: [OpenFile: FileOpenMode] = [:]
    private var keyDirectories: Set<OpenFile> = []
    /// A record was published and the directory not yet synchronised.
    private var published = false
    /// A record was published and the listing that confirms it has not been made yet.
    private var awaitingConfirmation = false
    /// `CLOCK_MONOTONIC` in nanoseconds just before the last publish call.
    private(set) var lastPublishStart: UInt64 = 0

    init(point: CommitPoint?, action: Action, at occurrence: Int, key: String) {
        self.point = point
        self.action = action
        self.key = key
        remaining = max(1, occurrence)
        super.init(POSIXFileSystem())
    }

    /// Counts one arrival at `candidate`; acts when it is the armed point's chosen arrival.
    private func reach(_ candidate: CommitPoint) {
        guard candidate == point, remaining > 0 else { return }
        remaining -= 1
        guard remaining == 0 else { return }
        switch action {
        case .kill:
            raise(SIGKILL)
        case .pause:
            say("PAUSE \(candidate.rawValue)")
            raise(SIGSTOP)
        }
    }

    override func open(_ name: String, in directory: OpenFile, _ mode: FileOpenMode) throws(FileSystemError)
        -> OpenFile
    {
        let file = try super.open(name, in: directory, mode)
        modes[file] = mode
        if mode == .directory && name == key { keyDirectories.insert(file) }
        if mode == .createNew || mode == .rewrite { reach(.afterTemporaryCreate) }
        return file
    }

    override func write(_ file: OpenFile, _ bytes: ArraySlice<UInt8>) throws(FileSystemError) -> Int {
        if point == .midWrite, bytes.count > 1 {
            let written = try super.write(file, bytes.prefix(bytes.count / 2))
            reach(.midWrite)
            return written
        }
        return try super.write(file, bytes)
    }

    override func synchronize(_ file: OpenFile, barrierOnly: Bool) throws(FileSystemError) {
        let isKeyDirectorySync = keyDirectories.contains(file) && published
        if isKeyDirectorySync { reach(.beforeDirectorySync) }
        try super.synchronize(file, barrierOnly: barrierOnly)
        if isKeyDirectorySync {
            published = false
            reach(.afterDirectorySync)
        }
        if modes[file] == .createNew || modes[file] == .rewrite { reach(.afterFileSync) }
    }

    override func close(_ file: OpenFile) throws(FileSystemError) {
        let mode = modes.removeValue(forKey: file)
        keyDirectories.remove(file)
        try super.close(file)
        if mode == .createNew || mode == .rewrite { reach(.afterClose) }
    }

    override func renameExclusively(_ source: String, to destination: String, in directory: OpenFile)
        throws(FileSystemError)
    {
        // The store also renames exclusively to retire a superseded record as its spare and to take
        // the spare back: neither publishes anything.
        guard destination.hasSuffix(".snapshot") else {
            if source.hasSuffix(".snapshot") { reach(.midCleanup) }
            try super.renameExclusively(source, to: destination, in: directory)
            return
        }
        lastPublishStart = monotonicNanoseconds()
        try super.renameExclusively(source, to: destination, in: directory)
        published = true
        awaitingConfirmation = true
        reach(.afterPublish)
    }

    override func link(_ source: String, to destination: String, in directory: OpenFile)
        throws(FileSystemError)
    {
        lastPublishStart = monotonicNanoseconds()
        try super.link(source, to: destination, in: directory)
        published = true
        awaitingConfirmation = true
        reach(.afterPublish)
    }

    override func unlink(_ name: String, in directory: OpenFile) throws(FileSystemError) {
        if name.hasSuffix(".snapshot") { reach(.midCleanup) }
        try super.unlink(name, in: directory)
    }

    override func contentsOfDirectory(_ directory: OpenFile) throws(FileSystemError) -> [String] {
        let names = try super.contentsOfDirectory(directory)
        guard keyDirectories.contains(directory) else { return names }
        if awaitingConfirmation {
            awaitingConfirmation = false
            reach(.afterConfirm)
        } else {
            // A new attempt: a record published before was withdrawn, not made durable.
            published = false
            reach(.afterList)
        }
        return names
    }
}

/// `CLOCK_MONOTONIC` in nanoseconds: one clock for every process on the machine, so a writer's and
/// a reader's observations can be put in order.
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
