/// Why one stored revision cannot be used. Every case is a reason to fall back to an older
/// revision; none is a reason to trust the bytes.
public enum SnapshotRecordProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is empty (a crash before any byte reached the disk, on a file system that lies).
    case empty
    /// The name belongs to a directory, symbolic link, FIFO or device, not a record.
    case notAFile
    /// The file is larger than a reader loads (``SnapshotLimits/maximumRecordSize``).
    case tooLarge(bytes: Int, limit: Int)
    /// The first line is not a record header of a format this code knows.
    case badHeader
    /// The envelope is not as long as the header says: the file was truncated or extended.
    case lengthMismatch(declared: Int, actual: Int)
    /// The envelope's SHA-256 is not the one in the header: bytes were changed.
    case checksumMismatch
    /// The checksum holds but the envelope is not a valid snapshot envelope.
    case malformedEnvelope(String)
    /// The envelope belongs to another key (a file copied or moved into the wrong directory).
    case wrongKey(found: String)
    /// The envelope's revision is not the one its file name says.
    case wrongRevision(found: Int)
    /// The envelope is sound, but its payload does not decode as the type the reader asked for.
    case undecodablePayload(String)
    /// Reading the file failed with an I/O error.
    case unreadable(FileSystemError)
    /// The record is valid but has a schema newer than the reader supports. A read stops there
    /// (``SnapshotReadResult/incompatible(found:supported:)``): older revisions are superseded.
    case newerSchema(found: Int, supported: Int)

    public var description: String {
        switch self {
        case .empty: "the file is empty"
        case .notAFile: "it is not a regular file"
        case .tooLarge(let bytes, let limit): "the file has \(bytes) bytes, over the \(limit)-byte read limit"
        case .badHeader: "the record header is missing or unknown"
        case .lengthMismatch(let declared, let actual):
            "the envelope has \(actual) bytes but its header says \(declared) (truncated or extended)"
        case .checksumMismatch: "the envelope's SHA-256 does not match its header (bytes were changed)"
        case .malformedEnvelope(let reason): "the envelope is malformed: \(reason)"
        case .wrongKey(let found): "the envelope belongs to key \"\(found)\""
        case .wrongRevision(let found): "the envelope says revision \(found), not its file name's"
        case .undecodablePayload(let reason): "the payload does not decode: \(reason)"
        case .unreadable(let error): "reading it failed: \(error)"
        case .newerSchema(let found, let supported):
            "it has schema \(found), newer than the \(supported) this reader supports"
        }
    }
}
