/// Asks the system to reload widget timelines: `WidgetCenter` in an app, a recorder in tests, the
/// simulated scheduler in the simulator.
///
/// Only the host app reloads; the extension never does.
public protocol WidgetReloader: Sendable {
    /// Reloads the timelines of every widget of these kinds.
    func reloadTimelines(ofKinds kinds: [String])

    /// Reloads every widget of the app: for global events such as signing out.
    func reloadAllTimelines()

    /// The kinds with at least one installed widget, as last learned; `nil` when unknown.
    ///
    /// WidgetKit answers this asynchronously (`WidgetCenter.currentConfigurations()`), and its
    /// answer may lag behind a widget just added; a reloader keeps the last answer here.
    var installedKinds: Set<String>? { get }
}

/// A reloader for processes with no widget system — the command line, a server, a Linux test:
/// ``WidgetSync`` still logs each reload request, and the request goes nowhere else.
public struct LogOnlyReloader: WidgetReloader {
    public init() {}
    public func reloadTimelines(ofKinds kinds: [String]) {}
    public func reloadAllTimelines() {}
    /// Unknown: every kind is treated as possibly installed.
    public var installedKinds: Set<String>? { nil }
}
