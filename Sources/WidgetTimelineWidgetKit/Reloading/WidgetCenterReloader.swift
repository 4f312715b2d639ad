import Foundation
public import WidgetTimeline

/// The host app's ``WidgetTimeline/WidgetReloader``: asks `WidgetCenter` to reload, only for kinds
/// with an installed widget.
///
/// Which kinds are installed is asked of the system by ``refreshInstalledKinds()`` — call it at
/// launch and when the app comes to the foreground — and kept until the next refresh, because
/// ``WidgetTimeline/WidgetSync`` needs the answer synchronously when it commits. Until a first answer
/// arrives, or when the system fails to answer, every kind counts as possibly installed: a reload
/// too many costs budget, a reload skipped wrongly leaves a widget stale.
///
/// The system's list can lag a widget the user has just added. Skipping that widget's reload is
/// harmless: adding a widget makes WidgetKit ask for its timeline anyway.
///
/// Reload-all is for global events only, such as signing out; ``WidgetTimeline/WidgetSync/reloadAll(reason:)``
/// is the one caller.
public final class WidgetCenterReloader: WidgetReloader, @unchecked Sendable {
    // @unchecked: `cachedKinds` is read and written under `lock`; `center` is Sendable.
    private let center: any WidgetCenterClient
    private let lock = NSLock()
    private var cachedKinds: Set<String>?

    /// - Parameter center: the widget center; the system's by default.
    public init(center: any WidgetCenterClient = SystemWidgetCenter()) {
        self.center = center
    }

    /// The kinds with an installed widget, as of the last refresh; `nil` before the first answer.
    public var installedKinds: Set<String>? { lock.withLock { cachedKinds } }

    /// Asks the system which widgets are installed and keeps the answer.
    ///
    /// - Returns: the installed kinds, or `nil` when the system did not answer (the previous answer,
    ///   if any, is kept).
    @discardableResult
    public func refreshInstalledKinds() async -> Set<String>? {
        guard let kinds = try? await center.configuredKinds() else { return nil }
        lock.withLock { cachedKinds = kinds }
        return kinds
    }

    /// Reloads the installed kinds among `kinds`, each once. Kinds known not to be installed are
    /// dropped; when nothing is known, all are reloaded.
    public func reloadTimelines(ofKinds kinds: [String]) {
        let installed = installedKinds
        var seen: Set<String> = []
        for kind in kinds where seen.insert(kind).inserted {
            if let installed, !installed.contains(kind) { continue }
            center.reloadTimelines(ofKind: kind)
        }
    }

    /// Reloads every widget of the app: for global events (sign-out) only.
    public func reloadAllTimelines() {
        center.reloadAllTimelines()
    }
}
