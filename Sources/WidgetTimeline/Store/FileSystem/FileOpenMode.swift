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
