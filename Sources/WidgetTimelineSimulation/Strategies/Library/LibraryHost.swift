import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// The host half of the library strategy: the real ``WidgetSync`` — fingerprint dedupe against the
/// stored snapshot, save first, then a debounced reload through the simulated `WidgetCenter` (and
/// `ControlCenter`, for the controls that show the widget's data), flushed when the app leaves the
/// foreground.
final class LibraryHost<Kind: WidgetKind>: HostSide {
    private let container: SimulatedContainer<Kind>
    /// What a commit reloads: the kind's timelines, and the controls that show its data.
    private let targets: [ReloadTarget]?
    private let debounceWindow: TimeInterval
    private let maximumDebounce: TimeInterval
    private var sync: WidgetSync?
    private var timer: SimulatedTimer?

    init(
        container: SimulatedContainer<Kind>, controlKinds: [String] = [], debounceWindow: TimeInterval = 2,
        maximumDebounce: TimeInterval = 10
    ) {
        self.container = container
        targets =
            controlKinds.isEmpty
            ? nil : [.timelines(container.kind.kind)] + controlKinds.map(ReloadTarget.controls)
        self.debounceWindow = debounceWindow
        self.maximumDebounce = maximumDebounce
    }

    /// The device's sync, built on first use: the host context is the device's, for its lifetime.
    private func sync(for host: HostContext) -> WidgetSync {
        if let sync { return sync }
        let timer = SimulatedTimer(host: host)
        let sync = WidgetSync(
            store: container.store, reloader: host.widgetCenter, clock: SimulatedClock(host: host),
            debounce: .window(debounceWindow, maximumDelay: maximumDebounce, timer: timer),
            controls: host.controlCenter)
        self.timer = timer
        self.sync = sync
        return sync
    }

    func appEmitted(_ payload: Kind.Payload, observedAt: Date, host: HostContext) {
        // A failed save asks for no reload and leaves the previous snapshot: WidgetSync's rule.
        _ = try? sync(for: host).commit(
            payload, for: container.kind, key: container.key, observedAt: observedAt, reloading: targets)
    }

    func hostTimerFired(host: HostContext) {
        timer?.fire(at: host.now)
    }

    func appWillLeaveForeground(host: HostContext) {
        sync(for: host).flush()
    }
}

/// The simulated device's clock, as the core's ``WidgetClock``.
///
/// `@unchecked Sendable`: a simulated device is confined to the one thread that runs it.
struct SimulatedClock: WidgetClock, @unchecked Sendable {
    unowned let host: HostContext
    var now: Date { host.now }
}

/// A ``WidgetTimer`` on the simulation's agenda: scheduling asks the engine for a host timer
/// event, and the event runs the action if it is due.
///
/// `@unchecked Sendable`: a simulated device is confined to the one thread that runs it.
final class SimulatedTimer: WidgetTimer, @unchecked Sendable {
    private unowned let host: HostContext
    private var scheduled: (deadline: Date, action: @Sendable () -> Void)?

    init(host: HostContext) { self.host = host }

    func schedule(at deadline: Date, _ action: @escaping @Sendable () -> Void) {
        scheduled = (deadline, action)
        host.scheduleTimer(at: deadline)
    }

    func cancel() { scheduled = nil }

    /// Runs the scheduled action if its deadline has come.
    func fire(at now: Date) {
        guard let due = scheduled, due.deadline <= now else { return }
        scheduled = nil
        due.action()
    }
}
