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

    /// Removes a record's name exactly as ``unlink(_:)`` does — when this returns, the name is
    /// gone — but may free the file's storage later, off the caller's thread.
    ///
    /// Freeing a file's blocks can be the slow part of removing it (ext4 mounted with `discard`:
    /// about 70 µs a file), and a commit removes one old revision. By default, ``unlink(_:)``.
    func unlinkReleasingStorageLater(_ path: String) throws(FileSystemError)

    /// Creates a directory (mode `0755`).
    func makeDirectory(_ path: String) throws(FileSystemError)

    /// Removes an empty directory.
    func removeDirectory(_ path: String) throws(FileSystemError)

    /// The names in a directory, without `.` and `..`, in no particular order.
    func contentsOfDirectory(_ path: String) throws(FileSystemError) -> [String]
}

extension SnapshotFileSystem {
    public func unlinkReleasingStorageLater(_ path: String) throws(FileSystemError) {
        try unlink(path)
    }
}
