/// Which file-system step of a store call failed, for errors and diagnostics.
public enum SnapshotFileOperation: String, Sendable, Hashable, Codable, CustomStringConvertible {
    case open
    case read
    case write
    case synchronize
    case close
    case status
    case rename
    case link
    case unlink
    case makeDirectory
    case removeDirectory
    case listDirectory

    /// The verb used in messages: "could not <verb> <path>".
    public var description: String {
        switch self {
        case .open: "open"
        case .read: "read"
        case .write: "write"
        case .synchronize: "synchronise (fsync)"
        case .close: "close"
        case .status: "inspect"
        case .rename: "publish (rename)"
        case .link: "publish (link)"
        case .unlink: "remove"
        case .makeDirectory: "create directory"
        case .removeDirectory: "remove directory"
        case .listDirectory: "list directory"
        }
    }
}
