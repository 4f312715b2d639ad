#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A mutual-exclusion lock for the package's few pieces of shared in-memory state, each held for a
/// few instructions.
///
/// The package's modules link only `FoundationEssentials` and `FoundationInternationalization`
/// where those exist (Linux), and neither has `NSLock`; this is a POSIX mutex on every platform.
package final class Lock: @unchecked Sendable {
    // @unchecked: the mutex is touched only through the pthread calls, which are thread-safe; it
    // lives at a fixed address, as a pthread mutex must.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }

    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
