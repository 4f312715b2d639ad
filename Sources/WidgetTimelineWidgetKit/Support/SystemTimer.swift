public import Foundation
public import WidgetTimeline

/// Runs ``WidgetTimeline/WidgetSync``'s debounced reload at its deadline, on a task that sleeps on
/// the system's continuous clock.
///
/// A later ``schedule(at:_:)`` replaces an earlier one that has not fired; ``cancel()`` drops it.
/// Both the clock that says "now" and the clock that sleeps are parameters, so tests run it without
/// waiting.
public final class SystemTimer: WidgetTimer, @unchecked Sendable {
    // @unchecked: `pending` is read and written under `lock`; everything else is immutable.
    private let clock: any WidgetClock
    private let sleeper: any Clock<Duration>
    private let lock = NSLock()
    private var pending: Task<Void, Never>?

    /// - Parameters:
    ///   - clock: where "now" comes from when a deadline is turned into a delay.
    ///   - sleeper: the clock the timer sleeps on.
    public init(clock: any WidgetClock = SystemClock(), sleeper: any Clock<Duration> = ContinuousClock()) {
        self.clock = clock
        self.sleeper = sleeper
    }

    /// Calls `action` once, at or after `deadline` (at once for a deadline already past), unless
    /// replaced or cancelled first.
    public func schedule(at deadline: Date, _ action: @escaping @Sendable () -> Void) {
        let delay = max(0, deadline.timeIntervalSince(clock.now))
        let sleeper = self.sleeper
        let task = Task {
            do {
                try await sleeper.sleep(for: .seconds(delay))
            } catch {
                return  // cancelled: replaced or dropped
            }
            guard !Task.isCancelled else { return }
            action()
        }
        let replaced = lock.withLock {
            defer { pending = task }
            return pending
        }
        replaced?.cancel()
    }

    public func cancel() {
        let dropped = lock.withLock {
            defer { pending = nil }
            return pending
        }
        dropped?.cancel()
    }

    /// The task of the scheduled call, for tests that wait for it.
    var pendingTask: Task<Void, Never>? { lock.withLock { pending } }
}
