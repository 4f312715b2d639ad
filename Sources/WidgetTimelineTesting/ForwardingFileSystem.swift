public import WidgetTimeline

/// A ``SnapshotFileSystem`` that passes every call to another one: the base for test file systems
/// that change a few calls — a kill point, a competitor committing first, an `fsync` that lies —
/// and forward the rest. Override what you change and call `super` for the real call.
///
/// ```swift
/// final class LyingSync: ForwardingFileSystem, @unchecked Sendable {
///     override func synchronize(_ file: OpenFile, barrierOnly: Bool) throws(FileSystemError) {}
/// }
/// ```
open class ForwardingFileSystem: SnapshotFileSystem, @unchecked Sendable {
    // @unchecked: `target` is set once, or changed by a test between a store's calls.
    /// The file system calls are passed to.
    open var target: any SnapshotFileSystem

    public init(_ target: any SnapshotFileSystem = POSIXFileSystem()) {
        self.target = target
    }

    open var processID: Int32 { target.processID }

    open func isProcessRunning(_ processID: Int32) -> Bool { target.isProcessRunning(processID) }

    open func openRoot(_ path: String) throws(FileSystemError) -> OpenFile { try target.openRoot(path) }

    open func openDirectory(_ name: String, belowRoot rootPath: String) throws(FileSystemError) -> OpenFile {
        try target.openDirectory(name, belowRoot: rootPath)
    }

    open func open(_ name: String, in directory: OpenFile, _ mode: FileOpenMode) throws(FileSystemError)
        -> OpenFile
    {
        try target.open(name, in: directory, mode)
    }

    open func read(_ file: OpenFile, upTo count: Int) throws(FileSystemError) -> [UInt8] {
        try target.read(file, upTo: count)
    }

    open func read(_ file: OpenFile, at offset: Int, upTo count: Int) throws(FileSystemError) -> [UInt8] {
        try target.read(file, at: offset, upTo: count)
    }

    open func write(_ file: OpenFile, _ bytes: ArraySlice<UInt8>) throws(FileSystemError) -> Int {
        try target.write(file, bytes)
    }

    open func truncate(_ file: OpenFile, to length: Int) throws(FileSystemError) {
        try target.truncate(file, to: length)
    }

    open func synchronize(_ file: OpenFile, barrierOnly: Bool) throws(FileSystemError) {
        try target.synchronize(file, barrierOnly: barrierOnly)
    }

    open func close(_ file: OpenFile) throws(FileSystemError) { try target.close(file) }

    open func status(_ file: OpenFile) throws(FileSystemError) -> FileStatus { try target.status(file) }

    open func status(of name: String, in directory: OpenFile) throws(FileSystemError) -> FileStatus {
        try target.status(of: name, in: directory)
    }

    open func renameExclusively(_ source: String, to destination: String, in directory: OpenFile)
        throws(FileSystemError)
    {
        try target.renameExclusively(source, to: destination, in: directory)
    }

    open func rename(_ source: String, to destination: String, in directory: OpenFile) throws(FileSystemError)
    {
        try target.rename(source, to: destination, in: directory)
    }

    open func link(_ source: String, to destination: String, in directory: OpenFile) throws(FileSystemError) {
        try target.link(source, to: destination, in: directory)
    }

    open func unlink(_ name: String, in directory: OpenFile) throws(FileSystemError) {
        try target.unlink(name, in: directory)
    }

    open func makeDirectory(_ name: String, in directory: OpenFile) throws(FileSystemError) {
        try target.makeDirectory(name, in: directory)
    }

    open func removeDirectory(_ name: String, in directory: OpenFile) throws(FileSystemError) {
        try target.removeDirectory(name, in: directory)
    }

    open func contentsOfDirectory(_ directory: OpenFile) throws(FileSystemError) -> [String] {
        try target.contentsOfDirectory(directory)
    }
}
