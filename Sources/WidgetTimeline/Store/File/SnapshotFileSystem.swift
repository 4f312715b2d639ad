/// The handful of file-system calls the snapshot store and the diagnostics log make: the seam
/// between their protocols and the operating system.
///
/// Every call below the shared directory is relative to an open directory (`openat`, `unlinkat`,
/// `renameat2`, `linkat`, `mkdirat`, `fstatat`) and names one entry, never a path: the store opens
/// the shared directory once by path — following symbolic links there, since an App Group
/// container may be reached through one — and from there never follows a symbolic link, so it
/// cannot create, write, read or remove anything outside its directory.
///
/// ``POSIXFileSystem`` is the live implementation. `WidgetTimelineTesting` ships others: a
/// fault-injecting wrapper (any call fails with any `errno`, writes short, or pauses) and an
/// in-memory file system that models what survives a process crash or a power loss. Every call
/// reports failure as the `errno` it would set; none retries on `EINTR` — the store decides that.
public protocol SnapshotFileSystem: Sendable {
    /// The calling process's identifier, written into temporary file names so that a later writer
    /// can tell an abandoned temporary file from one that is still being written.
    var processID: Int32 { get }

    /// Whether a process with this identifier may still be running (`kill(pid, 0)`); `true` when
    /// unsure, so nothing that might be in use is removed.
    func isProcessRunning(_ processID: Int32) -> Bool

    /// Opens the directory at the absolute `path` — the shared directory — following symbolic
    /// links on the way (`open(O_DIRECTORY)`).
    func openRoot(_ path: String) throws(FileSystemError) -> OpenFile

    /// Opens the directory `name` directly below the shared directory at `rootPath`, following
    /// symbolic links on the way to the shared directory but never one at `name`
    /// (`open(rootPath/name, O_DIRECTORY | O_NOFOLLOW)`): what ``openRoot(_:)`` and
    /// ``open(_:in:_:)`` do, in one call.
    func openDirectory(_ name: String, belowRoot rootPath: String) throws(FileSystemError) -> OpenFile

    /// Opens the entry `name` of `directory` as `mode` says (`openat`), never following a
    /// symbolic link there and never blocking on a FIFO.
    func open(_ name: String, in directory: OpenFile, _ mode: FileOpenMode) throws(FileSystemError)
        -> OpenFile

    /// Reads up to `count` bytes from the current offset; an empty result means end of file.
    func read(_ file: OpenFile, upTo count: Int) throws(FileSystemError) -> [UInt8]

    /// Reads up to `count` bytes at `offset`, leaving the current offset alone (`pread`).
    func read(_ file: OpenFile, at offset: Int, upTo count: Int) throws(FileSystemError) -> [UInt8]

    /// Writes a prefix of `bytes` and returns its length, which may be shorter than asked.
    func write(_ file: OpenFile, _ bytes: ArraySlice<UInt8>) throws(FileSystemError) -> Int
    /// Sets the size of an open file, dropping what lies beyond `length` (`ftruncate`).
    func truncate(_ file: OpenFile, to length: Int) throws(FileSystemError)

    /// Makes the file's data — or, for a directory, its entries — durable (`fsync`; `F_FULLFSYNC`
    /// on Apple platforms, or `F_BARRIERFSYNC` when `barrierOnly` and the file system has it).
    ///
    /// - Parameters:
    ///   - file: the open file or directory.
    ///   - barrierOnly: whether ordering is all the caller needs: everything written before
    ///     reaches the disk before anything written after, without waiting for the drive. Only
    ///     Apple platforms make the distinction; elsewhere both are `fsync`.
    func synchronize(_ file: OpenFile, barrierOnly: Bool) throws(FileSystemError)

    /// Closes the file. The file is closed even when this throws.
    func close(_ file: OpenFile) throws(FileSystemError)

    /// The status of an open file (`fstat`).
    func status(_ file: OpenFile) throws(FileSystemError) -> FileStatus

    /// The status of the entry `name` of `directory`, without following a symbolic link
    /// (`fstatat(AT_SYMLINK_NOFOLLOW)`).
    func status(of name: String, in directory: OpenFile) throws(FileSystemError) -> FileStatus

    /// Renames the entry `source` of `directory` to `destination` only if `destination` does not
    /// exist, atomically (`renameat2(RENAME_NOREPLACE)`, `renameatx_np(RENAME_EXCL)`).
    ///
    /// - Throws: `EEXIST` when the name is taken; `EINVAL`, `ENOSYS` or `ENOTSUP` when the file
    ///   system cannot do it, so the caller falls back to ``link(_:to:in:)``.
    func renameExclusively(_ source: String, to destination: String, in directory: OpenFile)
        throws(FileSystemError)

    /// Renames the entry `source` of `directory` to `destination`, replacing what is there
    /// (`renameat`). Only the diagnostics log uses it, to rotate; records are never published
    /// with it.
    func rename(_ source: String, to destination: String, in directory: OpenFile) throws(FileSystemError)

    /// Gives the file `source` of `directory` a second name there, failing with `EEXIST` if
    /// `destination` exists (`linkat`, not following `source` if it is a symbolic link).
    func link(_ source: String, to destination: String, in directory: OpenFile) throws(FileSystemError)

    /// Removes the entry `name` of `directory`, which must not be a directory (`unlinkat`).
    func unlink(_ name: String, in directory: OpenFile) throws(FileSystemError)

    /// Creates the directory `name` in `directory`, mode `0755` (`mkdirat`).
    func makeDirectory(_ name: String, in directory: OpenFile) throws(FileSystemError)

    /// Removes the empty directory `name` of `directory` (`unlinkat(AT_REMOVEDIR)`).
    func removeDirectory(_ name: String, in directory: OpenFile) throws(FileSystemError)

    /// The names in an open directory, without `.` and `..`, in no particular order.
    func contentsOfDirectory(_ directory: OpenFile) throws(FileSystemError) -> [String]
}

/// How the store and the log open an entry: the four ways they ever need, so every implementation
/// of the seam applies the same safety flags. None follows a symbolic link (`O_NOFOLLOW`) or
/// blocks on a FIFO (`O_NONBLOCK`).
public enum FileOpenMode: Sendable, Hashable, CustomStringConvertible {
    /// Read an existing file (`O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC`). The caller checks
    /// with ``SnapshotFileSystem/status(_:)`` that it is a regular file before reading.
    case readOnly
    /// Create a new file for writing; fail with `EEXIST` if the name is taken, whatever it names
    /// (`O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC`, mode `0644`): what it
    /// opens is always a new regular file.
    case createNew
    /// Append to a file, creating it if needed, and read it (`O_RDWR | O_APPEND | O_CREAT |
    /// O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC`, mode `0644`): the diagnostics log, which looks at its
    /// last byte before appending. The caller checks that it is a regular file before writing.
    case append
    /// Open a directory, to list it, synchronise it or open its entries
    /// (`O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC`).
    case directory
    /// Write an existing file from its start, keeping its blocks (`O_WRONLY | O_NOFOLLOW |
    /// O_NONBLOCK | O_CLOEXEC`): the store's spare file, a superseded record reused for the next
    /// one. The caller checks that it is a regular file with one name before writing.
    case rewrite

    public var description: String {
        switch self {
        case .readOnly: "read-only"
        case .createNew: "create-new"
        case .append: "append"
        case .directory: "directory"
        case .rewrite: "rewrite"
        }
    }
}

/// What the store needs to know about a file: its kind, its size and when it last changed.
public struct FileStatus: Sendable, Hashable {
    /// The kind of file system object.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        case regular
        case directory
        /// A symbolic link: never followed below the shared directory.
        case symbolicLink
        /// A FIFO, socket or device: never a record or a log.
        case other

        public var description: String {
            switch self {
            case .regular: "a regular file"
            case .directory: "a directory"
            case .symbolicLink: "a symbolic link"
            case .other: "a FIFO, socket or device"
            }
        }
    }

    public var kind: Kind
    /// The size in bytes.
    public var size: Int
    /// The modification time, in nanoseconds since 1970, in the file system's own clock. The store
    /// only compares such times with each other, never with a wall clock.
    public var modificationTime: Int64
    /// The device and inode: which file this is, whatever it is named now. `nil` from a file system
    /// that cannot say (the diagnostics log rotates by name alone there).
    public var identity: FileIdentity?
    /// How many names the file has (`st_nlink`): a file the store rewrites must have only the one
    /// it is reached by, or writing it would change what another name shows.
    public var linkCount: Int

    public init(
        kind: Kind, size: Int, modificationTime: Int64, identity: FileIdentity? = nil, linkCount: Int = 1
    ) {
        self.kind = kind
        self.size = size
        self.modificationTime = modificationTime
        self.identity = identity
        self.linkCount = linkCount
    }
}

/// A file's device and inode numbers: equal for two names or descriptors of the same file.
public struct FileIdentity: Sendable, Hashable {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}

/// A file or directory opened through a ``SnapshotFileSystem``: an opaque number that only that
/// file system understands (a POSIX file descriptor for the live one).
public struct OpenFile: Sendable, Hashable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    public var description: String { "fd \(rawValue)" }
}
