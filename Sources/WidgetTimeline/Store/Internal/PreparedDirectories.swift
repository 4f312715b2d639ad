import Foundation

/// The key directories a store instance has already created and made durable (its own entry and
/// its parents'), so that later commits skip those calls.
///
/// Guarded by an in-memory mutex (`NSLock`): a `FileSnapshotStore` is a value shared across
/// threads, and this is its only mutable state.
final class PreparedDirectories: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: Set<String> = []

    func contains(_ path: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return paths.contains(path)
    }

    func insert(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        paths.insert(path)
    }

    func remove(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        paths.remove(path)
    }
}
