#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// What the host app's code sees in a simulation: the virtual clock, whether the app is in the
/// foreground, and `WidgetCenter` and `ControlCenter` stand-ins that record reload requests for the
/// engine. An app intent's `perform()` in the extension asks through ``intentCenter``.
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
    /// Control kinds the app asked to reload since the last drain; `nil` is "all".
    var controlReloadRequests: [String?] = []
    /// Widget kinds an intent's `perform()` asked to reload, from the extension, since the last drain.
    var intentReloadRequests: [String?] = []
    /// Control kinds an intent's `perform()` asked to reload, from the extension, since the last drain.
    var intentControlRequests: [String?] = []
    /// Host-side timers asked for since the last drain.
    var timerRequests: [Date] = []

    init(now: Date, saveDuration: TimeInterval) {
        self.now = now
        self.saveDuration = saveDuration
    }

    /// The `WidgetCenter` stand-in: a `WidgetReloader` whose requests go to the simulated
    /// scheduler.
    public private(set) lazy var widgetCenter = SimulatedWidgetCenter(host: self, channel: .app)

    /// The `ControlCenter` stand-in: a `ControlReloader` whose requests go to the simulated
    /// controls.
    public private(set) lazy var controlCenter = SimulatedControlCenter(host: self, channel: .app)

    /// `WidgetCenter` as an app intent's `perform()` in the extension sees it: the one path on which
    /// the extension may ask for reloads, delivered after ``SystemModel/intentReloadLatency``.
    public private(set) lazy var intentCenter = SimulatedWidgetCenter(host: self, channel: .intent)

    /// `ControlCenter` as an app intent's `perform()` in the extension sees it.
    public private(set) lazy var intentControlCenter = SimulatedControlCenter(host: self, channel: .intent)

    /// Asks to be called back (``WidgetStrategy/hostTimerFired(host:)``) at `date`, e.g. for a
    /// debounce.
    public func scheduleTimer(at date: Date) { timerRequests.append(date) }
}
