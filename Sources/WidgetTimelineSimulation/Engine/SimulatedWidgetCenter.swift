import Foundation
public import WidgetTimeline

/// `WidgetCenter` in a simulation: the core's `WidgetReloader`, recording each request for the
/// engine, which delivers it to the simulated scheduler after the app-reload latency.
///
/// `@unchecked Sendable` because `WidgetReloader` requires `Sendable`, and a simulated device is
/// confined to the one thread that runs it: nothing here is ever touched from two threads.
public final class SimulatedWidgetCenter: WidgetReloader, @unchecked Sendable {
    private unowned let host: HostContext

    init(host: HostContext) { self.host = host }

    public func reloadTimelines(ofKinds kinds: [String]) {
        for kind in kinds { host.reloadRequests.append(kind) }
    }

    public func reloadAllTimelines() { host.reloadRequests.append(nil) }

    /// Every widget in a scenario is installed.
    public var installedKinds: Set<String>? { nil }
}
