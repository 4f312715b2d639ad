public import WidgetTimeline

/// One call a store made through its ``SnapshotFileSystem``, as the test file systems record it:
/// which call, and on which path — the directory's path and the entry's name for calls relative to
/// a directory, the path a file was opened with for calls on an open file.
public struct FileSystemCall: Sendable, Hashable, CustomStringConvertible {
    /// The seam's calls.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case openRoot
        case open
        case read
        case write
        case truncate
        case synchronize
        case close
        case status
        case statusOfEntry
        case renameExclusively
        case rename
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
    /// For ``Kind/synchronize``, whether only ordering was asked for (a barrier).
    public var barrierOnly: Bool?

    public init(_ kind: Kind, path: String, mode: FileOpenMode? = nil, barrierOnly: Bool? = nil) {
        self.kind = kind
        self.path = path
        self.mode = mode
        self.barrierOnly = barrierOnly
    }

    /// The last component of ``path``: the entry's name, or the file's.
    public var name: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// Whether the call publishes a record: an exclusive rename or a link to a record's name (the
    /// store also renames exclusively to keep a superseded record as its spare, and to take it).
    public var publishesRecord: Bool {
        (kind == .renameExclusively || kind == .link) && name.hasSuffix(".snapshot")
    }

    /// Whether the call can change what is stored (the calls a read-only store never makes).
    public var isMutating: Bool {
        switch kind {
        case .write, .truncate, .renameExclusively, .rename, .link, .unlink, .makeDirectory, .removeDirectory:
            true
        case .open: mode == .createNew || mode == .append || mode == .rewrite
        case .openRoot, .read, .synchronize, .close, .status, .statusOfEntry, .contentsOfDirectory: false
        }
    }

    public var description: String {
        if let mode { return "\(kind.rawValue)(\(name), \(mode))" }
        if barrierOnly == true { return "\(kind.rawValue)(\(name), barrier)" }
        return "\(kind.rawValue)(\(name))"
    }
}
