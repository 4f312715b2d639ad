/// The three things the reloader asks of WidgetKit's `WidgetCenter`, as a protocol so that tests
/// (and the simulator) can stand in for the system.
public protocol WidgetCenterClient: Sendable {
    /// Asks the system to reload every widget of `kind`.
    func reloadTimelines(ofKind kind: String)
    /// Asks the system to reload every widget of the app.
    func reloadAllTimelines()
    /// The kinds of the widgets the user has installed.
    func configuredKinds() async throws -> Set<String>
}
