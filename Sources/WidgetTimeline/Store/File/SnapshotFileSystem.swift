/// The handful of file-system calls the snapshot store makes: the seam between the store's
/// publish protocol and the operating system.
///
/// ``POSIXFileSystem`` is the live implementation. `WidgetTimelineTesting` ships two others: a
/// fault-injecting wrapper (any call fails with any `errno`, or writes short) and an in-memory
/// file system that models what survives a process crash or a power loss. Every call reports
/// failure as the `errno` it would set; none retries on `EINTR` — the store decides that.
///
/// Paths are absolute and already validated by the store: they never contain `..` or empty
/// components.
public protocol SnapshotFileSystem: Sendable {
    /// The calling process's identifier, written into temporary file names so that a later writer
    /// can tell an abandoned temporary file from one that is still being written.
    var processID: Int32 { get }

    /// Whether a process with this identifier may still be running (`kill(pid, 0)`); `true` when
    /// unsure, so nothing that might be in use is removed.
    func isProcessRunning(_ processID: Int32) -> Bool

    /// Opens `path` as `mode` says.
    func open(_ path: String, _ mode: FileOpenMode) throws(FileSystemError) -> OpenFile

    /// Reads up to `count` bytes from the current offset; an empty result means end of file.
    func read(_ file: OpenFile, upTo count: Int) throws(FileSystemError) -> [UInt8]

    /// Writes a prefix of `bytes` and returns its length, which may be shorter than asked.
    func write(_ file: OpenFile, _ bytes: ArraySlice<UInt8>) throws(FileSystemError) -> Int

    /// Makes the file's data — or, for a directory, its entries — durable (`fsync`; `F_FULLFSYNC`
    /// on Apple platforms).
    func synchronize(_ file: OpenFile) throws(FileSystemError)

    /// Closes the file. The file is closed even when this throws.
    func close(_ file: OpenFile) throws(FileSystemError)

    /// The status of an open file (`fstat`).
    func status(_ file: OpenFile) throws(FileSystemError) -> FileStatus

    /// The status of the object at `path`, without following a symbolic link (`lstat`).
    func status(atPath path: String) throws(FileSystemError) -> FileStatus

    /// Renames `source` to `destination` only if `destination` does not exist, atomically
    /// (`renameat2(RENAME_NOREPLACE)`, `renamex_np(RENAME_EXCL)`).
    ///
    /// - Throws: `EEXIST` when the name is taken; `EINVAL`, `ENOSYS` or `ENOTSUP` when the file
    ///   system cannot do it, so the caller falls back to ``link(_:to:)``.
    func renameExclusively(_ source: String, to destination: String) throws(FileSystemError)

    /// Gives the file at `source` a second name, failing with `EEXIST` if `destination` exists.
    func link(_ source: String, to destination: String) throws(FileSystemError)

    /// Removes a name.
    func unlink(_ path: String) throws(FileSystemError)

    /// Creates a directory (mode `0755`).
    func makeDirectory(_ path: String) throws(FileSystemError)

    /// Removes an empty directory.
    func removeDirectory(_ path: String) throws(FileSystemError)

    /// The names in a directory, without `.` and `..`, in no particular order.
    func contentsOfDirectory(_ path: String) throws(FileSystemError) -> [String]
}

/// How the store opens a path: the three ways it ever needs, so every implementation of the seam
/// applies the same safety flags.
public enum FileOpenMode: Sendable, Hashable, CustomStringConvertible {
    /// Read an existing file without following a symbolic link and without blocking on a FIFO
    /// (`O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC`).
    case readOnly
    /// Create a new file for writing; fail with `EEXIST` if the name is taken
    /// (`O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC`, mode `0644`).
    case createNew
    /// Open a directory so it can be synchronised (`O_RDONLY | O_DIRECTORY | O_CLOEXEC`).
    case directory

    public var description: String {
        switch self {
        case .readOnly: "read-only"
        case .createNew: "create-new"
        case .directory: "directory"
        }
    }
}
/// What the store needs to know about a file: its kind, its size and when it last changed.
public struct FileStatus: Sendable, Hashable {
    /// The kind of file system object.
    public enum Kind: Sendable, Hashable {
        case regular
        case directory
        /// A symbolic link, FIFO, socket or device: never a snapshot record.
        case other
    }

    public var kind: Kind
    /// The size in bytes.
    public var size: Int
    /// The modification time, in nanoseconds since 1970, in the file system's own clock. The store
    /// only compares such times with each other, never with a wall clock.
    public var modificationTime: Int64

    public init(kind: Kind, size: Int, modificationTime: Int64) {
        self.kind = kind
        self.size = size
        self.modificationTime = modificationTime
    }
}
/// A file opened through a ``SnapshotFileSystem``: an opaque number that only that file system
/// understands (a POSIX file descriptor for the live one).
public struct OpenFile: Sendable, Hashable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    public var description: String { "fd \(rawValue)" }
}
