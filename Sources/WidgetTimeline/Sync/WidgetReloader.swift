/// Asks the system to reload widget timelines: `WidgetCenter` in an app, a recorder in tests, the
/// simulated scheduler in the simulator.
///
/// Only the host app reloads; the extension never does (SPEC R2).
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
