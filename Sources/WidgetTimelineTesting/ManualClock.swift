public import Foundation
public import WidgetTimeline

/// A clock that moves only when told to, and a timer that fires when the clock passes its deadline:
/// time as an input for tests of debounce, ledgers and schedules. No test waits for real time.
///
/// ```swift
/// let clock = ManualClock(now: .at("2026-11-29T09:00:00Z"))
/// let sync = WidgetSync(
///     store: store, reloader: reloader, clock: clock, debounce: .window(2, maximumDelay: 10, timer: clock))
/// clock.advance(by: 2)   // fires the debounce timer if its deadline has passed
/// ```
public final class ManualClock: WidgetClock, WidgetTimer, @unchecked Sendable {
    // @unchecked: every stored property is read and written under `lock`.
    private let lock = NSLock()
    private var current: Date
    private var scheduled: (deadline: Date, action: @Sendable () -> Void)?

    public init(now: Date) { current = now }

    public var now: Date { lock.withLock { current } }

    /// The deadline of the timer waiting to fire, if any.
    public var scheduledDeadline: Date? { lock.withLock { scheduled?.deadline } }

    /// Moves the clock forward by `interval` seconds, firing the timer if its deadline is passed.
    public func advance(by interval: TimeInterval) {
        advance(to: now.addingTimeInterval(interval))
    }

    /// Moves the clock to `instant` (never backwards), firing the timer if its deadline is passed.
    /// An action that schedules again at or before `instant` fires in the same call.
    public func advance(to instant: Date) {
        while true {
            let due: (@Sendable () -> Void)? = lock.withLock {
                if let timer = scheduled, timer.deadline <= instant {
                    current = max(current, timer.deadline)
                    scheduled = nil
                    return timer.action
                }
                current = max(current, instant)
                return nil
            }
            guard let due else { return }
            due()
        }
    }

    /// Sets the clock to `instant`, forwards or back, firing nothing: a device whose time is changed
    /// (a user, a time zone database, another device's clock).
    public func set(to instant: Date) {
        lock.withLock { current = instant }
    }

    public func schedule(at deadline: Date, _ action: @escaping @Sendable () -> Void) {
        lock.withLock { scheduled = (deadline, action) }
    }

    public func cancel() {
        lock.withLock { scheduled = nil }
    }
}
