#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// Where the current instant comes from. Passed in everywhere the package needs "now", so tests and
/// the simulator run on virtual time; the WidgetKit adapter supplies the system clock.
public protocol WidgetClock: Sendable {
    /// The current instant.
    var now: Date { get }
}

/// Runs work at a later instant: how ``WidgetSync`` waits out its reload debounce. The app's timer,
/// the simulator's event queue, or a test's manual clock.
public protocol WidgetTimer: Sendable {
    /// Calls `action` once, at or after `deadline`. A later call replaces an earlier one that has
    /// not fired yet.
    func schedule(at deadline: Date, _ action: @escaping @Sendable () -> Void)
    /// Drops the scheduled call, if any.
    func cancel()
}
