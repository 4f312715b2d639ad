#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A failed file-system call, as the POSIX `errno` it set.
///
/// The seam reports bare error numbers so that the store can tell "someone else published first"
/// (`EEXIST`), "the key has nothing yet" (`ENOENT`) and "not allowed now" (`EACCES`, data
/// protection) apart, and so test doubles can inject any of them.
public struct FileSystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `errno` value.
    public var code: Int32

    public init(code: Int32) { self.code = code }

    /// The symbolic name, e.g. `EIO`, or `errno 123` for a number without one here.
    public var name: String { Self.names[code] ?? "errno \(code)" }

    /// The system's message for the error, e.g. "Input/output error".
    public var message: String {
        guard let text = strerror(code) else { return name }
        return String(cString: text)
    }

    public var description: String { "\(message) (\(name))" }

    /// Whether the call was interrupted by a signal before it did anything, so repeating it is right.
    public var isInterrupted: Bool { code == EINTR }

    /// Whether the error means "not allowed": permissions, a sandbox, or iOS data protection while
    /// the device is locked.
    public var isPermissionDenied: Bool { code == EACCES || code == EPERM }

    private static let names: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", EINTR: "EINTR", EIO: "EIO", EBADF: "EBADF",
        EAGAIN: "EAGAIN", ENOMEM: "ENOMEM", EACCES: "EACCES", EBUSY: "EBUSY", EEXIST: "EEXIST",
        EXDEV: "EXDEV", ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EINVAL: "EINVAL", EMFILE: "EMFILE",
        ENFILE: "ENFILE", EFBIG: "EFBIG", ENOSPC: "ENOSPC", EROFS: "EROFS", EMLINK: "EMLINK",
        ENAMETOOLONG: "ENAMETOOLONG", ENOSYS: "ENOSYS", ENOTEMPTY: "ENOTEMPTY", ELOOP: "ELOOP",
        EDQUOT: "EDQUOT", ENOTSUP: "ENOTSUP", ESRCH: "ESRCH", ENXIO: "ENXIO", ESTALE: "ESTALE",
    ]
}
