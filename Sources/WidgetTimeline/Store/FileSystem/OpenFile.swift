/// A file opened through a ``SnapshotFileSystem``: an opaque number that only that file system
/// understands (a POSIX file descriptor for the live one).
public struct OpenFile: Sendable, Hashable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    public var description: String { "fd \(rawValue)" }
}
