import Foundation

/// A set of paths shared across threads, guarded by an in-memory mutex (`NSLock`) held only for
/// the duration of one call — never a file lock.
///
/// The file store keeps two: the key directories an instance has already created and made durable
/// (so later commits skip those calls), and the temporary files this process is writing right now
/// across every instance (so one instance's clean-up never removes another's file mid-write).
final class PathSet: @unchecked Sendable {
    // @unchecked: `paths` is read and written under `lock`.
    private let lock = NSLock()
    private var paths: Set<String> = []

    /// The temporary files this process is writing, across every store instance.
    static let temporaryFilesBeingWritten = PathSet()

    func contains(_ path: String) -> Bool { lock.withLock { paths.contains(path) } }

    func insert(_ path: String) { lock.withLock { _ = paths.insert(path) } }

    func remove(_ path: String) { lock.withLock { _ = paths.remove(path) } }
}
