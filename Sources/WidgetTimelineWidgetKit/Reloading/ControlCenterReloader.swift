public import Foundation
public import WidgetTimeline

/// The host app's ``WidgetTimeline/ControlReloader``: asks `ControlCenter` to reload controls,
/// through the same ``WidgetTimeline/ReloadCoordinator`` as timelines, with the same rules —
/// saved first, coalesced, counted in the one ledger, skipped only for kinds the system has said,
/// settled, are not added.
///
/// ```swift
/// let sync = container.widgetSync(controls: ControlCenterReloader())
/// try sync.commit(payload, for: TaskCountWidget(), reloading: [.timelines("task-count"), .controls("task-toggle")])
/// ```
///
/// Call ``refreshInstalledKinds()`` at launch and when the app comes to the foreground, as for
/// ``WidgetCenterReloader``.
public final class ControlCenterReloader: ControlReloader, Sendable {
    private let center: any ControlCenterClient
    private let query: InstalledKindsQuery

    /// - Parameters:
    ///   - center: the control center; the system's by default.
    ///   - clock: when each answer came.
    ///   - queryTimeout: how long ``refreshInstalledKinds()`` waits for the system.
    ///   - sleeper: the clock the timeout sleeps on.
    ///   - settlingTime: how long a kind must stay missing from the answers before it is skipped.
    public init(
        center: any ControlCenterClient = SystemControlCenter(),
        clock: any WidgetClock = SystemClock(),
        queryTimeout: Duration = .seconds(5),
        sleeper: any Clock<Duration> = ContinuousClock(),
        settlingTime: TimeInterval = 60
    ) {
        self.center = center
        query = InstalledKindsQuery(
            clock: clock, timeout: queryTimeout, sleeper: sleeper, settlingTime: settlingTime)
    }

    /// Every answer since the last failed one, with its instant.
    public var installedKindsHistory: InstalledKindsHistory? { query.history }

    /// Asks the system which controls are added and keeps the answer.
    ///
    /// - Returns: the kinds, or `nil` when the system failed or did not answer within the timeout.
    @discardableResult
    public func refreshInstalledKinds() async -> Set<String>? {
        let center = center
        return await query.refresh { try await center.configuredKinds() }
    }

    /// Reloads `kinds`, each once, except those settled as not added.
    public func reloadControls(ofKinds kinds: [String]) {
        for kind in query.kindsToReload(kinds) { center.reloadControls(ofKind: kind) }
    }

    /// Reloads every control of the app: for global events only.
    public func reloadAllControls() {
        center.reloadAllControls()
    }
}
