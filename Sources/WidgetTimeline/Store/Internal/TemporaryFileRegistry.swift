import Foundation

/// The temporary files this process is writing right now, across every store instance, so that
/// one instance's clean-up never removes another's file mid-write.
///
/// Guarded by an in-memory mutex (`NSLock`), never by a file lock: nothing is held across a call.
final class TemporaryFileRegistry: @unchecked Sendable {
    static let shared = TemporaryFileRegistry()

    private let lock = NSLock()
    private var paths: Set<String> = []

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

    func contains(_ path: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return paths.contains(path)
    }
}
