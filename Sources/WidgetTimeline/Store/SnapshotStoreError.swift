#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Why a store call did not do what was asked. When a commit throws, nothing new was published and
/// the previous snapshot is intact — except ``unconfirmed(revision:path:errno:)``, thrown after the
/// record was published.
public enum SnapshotStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A compare-and-swap commit expected another revision: `current` is the newest one now (0 when
    /// the key has none). Read again, rebuild the payload and retry.
    case conflict(current: Int)
    /// The store was opened read-only (the widget extension) and cannot commit or clean up.
    case readOnly
    /// The shared directory itself does not exist. The store creates its own subdirectories but
    /// never the shared directory: a missing one means a wrong path or App Group identifier.
    case directoryMissing(path: String)
    /// A file-system call failed.
    case io(operation: SnapshotFileOperation, path: String, errno: Int32)
    /// The draft could not be encoded as JSON (for example a non-finite number in the payload).
    case encoding(String)
    /// The encoded record is larger than ``SnapshotLimits/maximumRecordSize``.
    case tooLarge(bytes: Int, limit: Int)
    /// Other writers kept publishing first; the commit gave up after this many attempts (or a read
    /// after this many listings, each showing a newer revision than the one before).
    case contention(attempts: Int)
    /// The commit published `revision`, but the listing that would confirm it as the newest failed
    /// (listing `path` gave `errno`), so it is not acknowledged: readers may see it, or a newer
    /// revision if one appeared. Saving the same content again confirms it (an unchanged save).
    case unconfirmed(revision: Int, path: String, errno: Int32)
    /// The key's newest revision is the largest representable one; nothing can follow it.
    case revisionLimitReached(key: String)
    /// Something below the shared directory that the store would open as its own directory or file
    /// is another kind of object — a symbolic link, a file where a directory belongs, a FIFO. The
    /// store never follows, writes through or removes it; nothing was changed.
    case unexpectedFileType(path: String, found: FileStatus.Kind)
    /// The draft's data was observed after it was made by more than the tolerance
    /// (``SnapshotLimits/futureInstantTolerance``): no clock can have seen it, and a widget would
    /// show it as fresh until that instant.
    case observedInTheFuture(observedAt: Date, generatedAt: Date)

    /// The failed call's error, when this is an ``io(operation:path:errno:)`` or
    /// ``unconfirmed(revision:path:errno:)`` error.
    public var fileSystemError: FileSystemError? {
        switch self {
        case .io(_, _, let code), .unconfirmed(_, _, let code): FileSystemError(code: code)
        default: nil
        }
    }

    /// Whether the error means "not allowed now" (permissions, sandbox, or data protection while
    /// the device is locked), which a widget should report as unreadable rather than missing.
    public var isPermissionDenied: Bool { fileSystemError?.isPermissionDenied ?? false }

    /// Whether the error means the volume (or the user's quota) is full.
    var isOutOfSpace: Bool { fileSystemError.map { $0.code == ENOSPC || $0.code == EDQUOT } ?? false }

    public var description: String {
        switch self {
        case .conflict(let current):
            return "the snapshot changed: revision \(current) is current; read it again and retry"
        case .readOnly:
            return "the snapshot store is read-only here; only the host app commits snapshots"
        case .directoryMissing(let path):
            return "the shared directory \(path) does not exist; check the path or App Group identifier"
        case .io(let operation, let path, let code):
            let error = FileSystemError(code: code)
            return "could not \(operation) \(path): \(error); \(Self.advice(for: code, operation))"
        case .encoding(let reason):
            return "the snapshot could not be encoded as JSON: \(reason)"
        case .tooLarge(let bytes, let limit):
            return "the snapshot record would be \(bytes) bytes, over the \(limit)-byte limit; "
                + "store less in the payload"
        case .contention(let attempts):
            return "other writers published first \(attempts) times in a row; try again later"
        case .unconfirmed(let revision, let path, let code):
            return
                "revision \(revision) was published but not confirmed as the newest, so it is not acknowledged "
                + "(could not list \(path): \(FileSystemError(code: code))); readers may see it: save again to confirm it"
        case .revisionLimitReached(let key):
            return "snapshot key \(key) has reached the largest revision number; remove its directory"
        case .unexpectedFileType(let path, .symbolicLink):
            return "\(path) is a symbolic link; the store never follows links below its shared directory: "
                + "remove it and the store recreates what it needs"
        case .unexpectedFileType(let path, let found):
            return "\(path) is \(found), not what the store keeps there; move it away and try again"
        case .observedInTheFuture(let observedAt, let generatedAt):
            let tolerance = Int(SnapshotLimits.futureInstantTolerance)
            return "observedAt \(Instant.format(observedAt)) is after the commit's own time "
                + "\(Instant.format(generatedAt)) by more than \(tolerance) s; data cannot be observed in the future "
                + "(check the clock or the server's timestamp)"
        }
    }

    private static func advice(for code: Int32, _ operation: SnapshotFileOperation) -> String {
        switch code {
        case ENOSPC, EDQUOT: return "free some space and try again"
        case EACCES, EPERM: return "check permissions, or wait until the device is unlocked"
        case EROFS: return "the volume is mounted read-only"
        case ENOENT where operation == .listDirectory || operation == .open: return "check the path"
        default: return "try again; if it persists, check the disk"
        }
    }
}

extension SnapshotStoreError {
    /// ``encoding(_:)`` for an encoder's error, naming where and why — `at $.observedAt: the
    /// instant … is outside years 0000–9999`, `at $.payload.score: Unable to encode Double.nan` —
    /// rather than Swift's dump of the error value.
    static func encoding(describing error: any Error) -> SnapshotStoreError {
        guard let error = error as? EncodingError, case .invalidValue(_, let context) = error else {
            return .encoding(String(describing: error))
        }
        // Foundation's writer says only this when a value nests past its limit of 512 levels (a value
        // nested deeper than that is refused before Foundation sees it, by `NestingDepth`).
        if context.codingPath.isEmpty,
            context.debugDescription == "Unable to encode the given top-level value to JSON."
                || context.debugDescription == NestingDepth.tooDeepDescription
        {
            return .encoding(
                "the payload nests too deep for JSONEncoder, which writes at most \(JSONParser.maximumDepth) levels "
                    + "(the envelope adds one, so a payload nests at most \(JSONParser.maximumDepth - 1))")
        }
        return .encoding("at \(JSONDecodingError.path(context.codingPath)): \(context.debugDescription)")
    }
}

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

extension SnapshotStoreError {
    /// A short, stable category for the diagnostics log: never a path or any content.
    public var diagnosticCategory: String {
        switch self {
        case .conflict: "conflict"
        case .readOnly: "read-only"
        case .directoryMissing: "directory-missing"
        case .io(let operation, _, let code): "io-\(operation.rawValue)-\(FileSystemError(code: code).name)"
        case .encoding: "encoding"
        case .tooLarge: "too-large"
        case .contention: "contention"
        case .unconfirmed(_, _, let code): "unconfirmed-\(FileSystemError(code: code).name)"
        case .revisionLimitReached: "revision-limit"
        case .unexpectedFileType: "unexpected-file-type"
        case .observedInTheFuture: "observed-in-the-future"
        }
    }
}
