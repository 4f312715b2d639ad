public import Foundation
public import WidgetTimeline

/// The host app's ``WidgetTimeline/WidgetReloader``: asks `WidgetCenter` to reload, skipping only
/// kinds the system has said, settled, have no installed widget.
///
/// Which kinds are installed is asked of the system by ``refreshInstalledKinds()`` — call it at
/// launch and when the app comes to the foreground — and every answer is kept, with its instant, in
/// ``installedKindsHistory``, because ``WidgetTimeline/WidgetSync`` needs it synchronously when it
/// commits. The system's answer can lag a widget just added, so one answer never settles a skip:
/// a kind is skipped only once two answers at least the settling time apart both leave it out
/// (``WidgetTimeline/InstalledKindsHistory``). Until then, and whenever the system fails to answer
/// or does not answer within the query timeout, every kind counts as installed: a reload too many
/// costs budget, a reload skipped wrongly leaves a widget stale.
///
/// Reload-all is for global events only, such as signing out; ``WidgetTimeline/WidgetSync/reloadAll(reason:)``
/// is the one caller.
public final class WidgetCenterReloader: WidgetReloader, Sendable {
    private let center: any WidgetCenterClient
    private let query: InstalledKindsQuery

    /// - Parameters:
    ///   - center: the widget center; the system's by default.
    ///   - clock: when each answer came.
    ///   - queryTimeout: how long ``refreshInstalledKinds()`` waits for the system.
    ///   - sleeper: the clock the timeout sleeps on.
    ///   - settlingTime: how long a kind must stay missing from the answers before it is skipped.
    public init(
        center: any WidgetCenterClient = SystemWidgetCenter(),
        clock: any WidgetClock = SystemClock(),
        queryTimeout: Duration = .seconds(5),
        sleeper: any Clock<Duration> = ContinuousClock(),
        settlingTime: TimeInterval = 60
    ) {
        self.center = center
        query = InstalledKindsQuery(
            clock: clock, timeout: queryTimeout, sleeper: sleeper, settlingTime: settlingTime)
    }

    /// The kinds in the system's latest answer; `nil` before the first, or after one that failed.
    public var installedKinds: Set<String>? { query.history.latest }

    /// Every answer since the last failed one, with its instant.
    public var installedKindsHistory: InstalledKindsHistory? { query.history }

    /// Asks the system which widgets are installed and keeps the answer.
    ///
    /// - Returns: the installed kinds, or `nil` when the system failed or did not answer within the
    ///   timeout; every kind counts as installed then.
    @discardableResult
    public func refreshInstalledKinds() async -> Set<String>? {
        let center = center
        return await query.refresh { try await center.configuredKinds() }
    }

    /// Reloads `kinds`, each once, except those settled as not installed.
    public func reloadTimelines(ofKinds kinds: [String]) {
        for kind in query.kindsToReload(kinds) { center.reloadTimelines(ofKind: kind) }
    }

    /// Reloads every widget of the app: for global events (sign-out) only.
    public func reloadAllTimelines() {
        center.reloadAllTimelines()
    }
}
