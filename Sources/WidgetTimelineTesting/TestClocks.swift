import Foundation

/// A `Clock` whose sleeps return at once, moving its time forward: a timeout that always expires
/// immediately, without waiting.
public final class ImmediateClock: Clock, @unchecked Sendable {
    // @unchecked: `current` is read and written under `lock`.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        public var offset: Duration
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)

    public init() {}

    public var now: Instant { lock.withLock { current } }
    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        lock.withLock { current = max(current, deadline) }
        await Task.yield()
    }
}

/// A `Clock` whose sleeps never end until the sleeping task is cancelled: a timeout that never
/// expires, so whatever it races always wins.
public struct StalledClock: Clock, Sendable {
    public typealias Instant = ImmediateClock.Instant

    public init() {}

    public var now: Instant { Instant(offset: .zero) }
    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await CancellableWaiter.waitUntilCancelled()
    }
}

/// A one-shot gate: `wait()` suspends until `release()`, which may come first.
final class CancellableWaiter: @unchecked Sendable {
    /// Suspends until the current task is cancelled, then throws `CancellationError`.
    static func waitUntilCancelled() async throws {
        let waiter = CancellableWaiter()
        await withTaskCancellationHandler {
            await waiter.wait()
        } onCancel: {
            waiter.release()
        }
        throw CancellationError()
    }

    // @unchecked: `released` and `continuation` are read and written under `lock`.
    private let lock = NSLock()
    private var released = false
    private var continuation: CheckedContinuation<Void, Never>?

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = lock.withLock {
                if released { return true }
                self.continuation = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    func release() {
        let waiting = lock.withLock {
            released = true
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume()
    }
}
