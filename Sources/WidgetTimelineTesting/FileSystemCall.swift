public import WidgetTimeline

/// One call a store made through its ``SnapshotFileSystem``, as the test file systems record it:
/// which call, and on which path (for calls on an open file, the path it was opened with).
public struct FileSystemCall: Sendable, Hashable, CustomStringConvertible {
    /// The seam's calls.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case open
        case read
        case write
        case synchronize
        case close
        case status
        case statusAtPath
        case renameExclusively
        case link
        case unlink
        case makeDirectory
        case removeDirectory
        case contentsOfDirectory
    }

    public var kind: Kind
    public var path: String
    /// For ``Kind/open``, how the path was opened.
    public var mode: FileOpenMode?

    public init(_ kind: Kind, path: String, mode: FileOpenMode? = nil) {
        self.kind = kind
        self.path = path
        self.mode = mode
    }

    /// Whether the call can change what is stored (the calls a read-only store never makes).
    public var isMutating: Bool {
        switch kind {
        case .write, .renameExclusively, .link, .unlink, .makeDirectory, .removeDirectory: true
        case .open: mode == .createNew
        case .read, .synchronize, .close, .status, .statusAtPath, .contentsOfDirectory: false
        }
    }

    public var description: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if let mode { return "\(kind.rawValue)(\(name), \(mode))" }
        return "\(kind.rawValue)(\(name))"
    }
}
