public import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// `WidgetCenter` in a simulation: the core's `WidgetReloader`, recording each request for the
/// engine, which delivers it to the simulated scheduler after the app-reload latency (or, asked by
/// an intent in the extension, the intent-reload latency).
///
/// `@unchecked Sendable` because `WidgetReloader` requires `Sendable`, and a simulated device is
/// confined to the one thread that runs it: nothing here is ever touched from two threads.
public final class SimulatedWidgetCenter: WidgetReloader, @unchecked Sendable {
    /// Who asks: the app, or an app intent's `perform()` in the extension.
    enum Channel {
        case app
        case intent
    }

    private unowned let host: HostContext
    private let channel: Channel

    init(host: HostContext, channel: Channel) {
        self.host = host
        self.channel = channel
    }

    public func reloadTimelines(ofKinds kinds: [String]) {
        for kind in kinds { record(kind) }
    }

    public func reloadAllTimelines() { record(nil) }

    private func record(_ kind: String?) {
        switch channel {
        case .app: host.reloadRequests.append(kind)
        case .intent: host.intentReloadRequests.append(kind)
        }
    }

    /// Every widget in a scenario is installed.
    public var installedKinds: Set<String>? { nil }
}

/// `ControlCenter` in a simulation: the core's `ControlReloader`, recording each request for the
/// engine, which delivers it to the simulated controls after the app-reload latency (or, asked by
/// an intent in the extension, the intent-reload latency).
///
/// `@unchecked Sendable` for the reason ``SimulatedWidgetCenter`` is.
public final class SimulatedControlCenter: ControlReloader, @unchecked Sendable {
    private unowned let host: HostContext
    private let channel: SimulatedWidgetCenter.Channel

    init(host: HostContext, channel: SimulatedWidgetCenter.Channel) {
        self.host = host
        self.channel = channel
    }

    public func reloadControls(ofKinds kinds: [String]) {
        for kind in kinds { record(kind) }
    }

    public func reloadAllControls() { record(nil) }

    private func record(_ kind: String?) {
        switch channel {
        case .app: host.controlReloadRequests.append(kind)
        case .intent: host.intentControlRequests.append(kind)
        }
    }

    /// Every control in a scenario is installed.
    public var installedKindsHistory: InstalledKindsHistory? { nil }
}
