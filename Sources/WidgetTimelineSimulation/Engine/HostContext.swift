public import Foundation

/// What the host app's code sees in a simulation: the virtual clock, whether the app is in the
/// foreground, and a `WidgetCenter` stand-in that records reload requests for the engine.
///
/// One per simulated device. The engine sets ``now`` before each call into a strategy and drains
/// the requests afterwards; a strategy never sees the engine itself.
public final class HostContext {
    /// The current simulated instant.
    public internal(set) var now: Date
    /// Whether the containing app is in the foreground.
    public internal(set) var isAppInForeground = false
    /// How long one snapshot save takes (the scenario's `app.saveDuration`).
    public let saveDuration: TimeInterval
    /// Widget kinds the app asked to reload since the last drain; `nil` is "all".
    var reloadRequests: [String?] = []
    /// Host-side timers asked for since the last drain.
    var timerRequests: [Date] = []

    init(now: Date, saveDuration: TimeInterval) {
        self.now = now
        self.saveDuration = saveDuration
    }

    /// The `WidgetCenter` stand-in: a `WidgetReloader` whose requests go to the simulated
    /// scheduler.
    public private(set) lazy var widgetCenter = SimulatedWidgetCenter(host: self)

    /// Asks to be called back (``WidgetStrategy/hostTimerFired(host:)``) at `date`, e.g. for a
    /// debounce.
    public func scheduleTimer(at date: Date) { timerRequests.append(date) }
}
