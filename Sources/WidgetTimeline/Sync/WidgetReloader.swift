/// Asks the system to reload widget timelines: `WidgetCenter` in an app, a recorder in tests, the
/// simulated scheduler in the simulator.
///
/// Only the host app reloads; the extension only through the intent path
/// (``WidgetSync/commitFromIntent(_:for:key:observedAt:alsoReloading:)``).
public protocol WidgetReloader: Sendable {
    /// Reloads the timelines of every widget of these kinds.
    func reloadTimelines(ofKinds kinds: [String])

    /// Reloads every widget of the app: for global events such as signing out.
    func reloadAllTimelines()

    /// The kinds with at least one installed widget, as last learned; `nil` when unknown.
    ///
    /// A reloader that has only this is trusted: a kind missing from it is skipped. One that asks
    /// the system, whose answer may lag behind a widget just added, reports
    /// ``installedKindsHistory`` instead.
    var installedKinds: Set<String>? { get }

    /// Every answer the system gave about installed kinds, with when, so that a kind is skipped only
    /// on a settled "not installed", never on the first empty answer. `nil` (the default) when the
    /// reloader keeps no history; ``installedKinds`` decides then.
    var installedKindsHistory: InstalledKindsHistory? { get }
}

extension WidgetReloader {
    public var installedKindsHistory: InstalledKindsHistory? { nil }
}

/// A reloader for processes with no widget system — the command line, a server, a Linux test:
/// ``WidgetSync`` still logs each reload request, and the request goes nowhere else.
public struct LogOnlyReloader: WidgetReloader, ControlReloader {
    public init() {}
    public func reloadTimelines(ofKinds kinds: [String]) {}
    public func reloadAllTimelines() {}
    public func reloadControls(ofKinds kinds: [String]) {}
    public func reloadAllControls() {}
    /// Unknown: every kind is treated as possibly installed.
    public var installedKinds: Set<String>? { nil }
    public var installedKindsHistory: InstalledKindsHistory? { nil }
}
