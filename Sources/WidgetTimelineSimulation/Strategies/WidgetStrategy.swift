public import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// How one widget is built, host side and extension side: the thing the simulator compares. One
/// instance serves one widget instance for one run.
///
/// The host half reacts to the app's state emissions and lifecycle; it saves snapshots and asks
/// for reloads through the ``HostContext``. The extension half is `getTimeline`: it returns what
/// the screen will show and the reload policy. Strategies that show a value without a freshness
/// mark return it as `.fresh`: that is the claim their screen makes.
public protocol WidgetStrategy<Kind>: AnyObject {
    associatedtype Kind: WidgetKind

    /// The app's state layer emitted the widget's data (possibly unchanged since last time).
    ///
    /// - Parameters:
    ///   - payload: the data, in the widget kind's payload type.
    ///   - observedAt: when the data became true (the commit's instant in the scenario).
    ///   - host: the app's side of the device: its store, its `WidgetCenter`, its timers.
    func appEmitted(_ payload: Kind.Payload, observedAt: Date, host: HostContext)

    /// A timer the strategy asked for through ``HostContext/scheduleTimer(at:)`` fired.
    func hostTimerFired(host: HostContext)

    /// The app is leaving the foreground (`scenePhase` becomes `.background`).
    func appWillLeaveForeground(host: HostContext)

    /// `getTimeline`: the entries to show and the reload policy.
    func timeline(in context: ExtensionContext<Kind.Payload>) -> PlannedTimeline<WidgetState<Kind.Content>>
}

extension WidgetStrategy {
    public func hostTimerFired(host: HostContext) {}
    public func appWillLeaveForeground(host: HostContext) {}
}

/// What a strategy is built from: the widget, its snapshot key, and settings from the scenario.
public struct StrategyInputs<Kind: WidgetKind>: Sendable {
    public var kind: Kind
    /// The snapshot key the widget reads.
    public var key: SnapshotKey
    /// A per-device seed, for the jitter of strategies that use it.
    public var deviceSeed: UInt64
    /// The kinds of the app's controls that show this widget's data: the app reloads them with it.
    public var controlKinds: [String]
    /// The push strategies' own refresh interval (the scenario's `push.refreshAfter`).
    public var pushRefreshAfter: TimeInterval
}
