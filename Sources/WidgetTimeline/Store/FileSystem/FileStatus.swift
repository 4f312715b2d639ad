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
