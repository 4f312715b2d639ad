/// The three things the control reloader asks of WidgetKit's `ControlCenter`, as a protocol so that
/// tests can stand in for the system.
public protocol ControlCenterClient: Sendable {
    /// Asks the system to reload every control of `kind`.
    func reloadControls(ofKind kind: String)
    /// Asks the system to reload every control of the app.
    func reloadAllControls()
    /// The kinds of the controls the user has added.
    func configuredKinds() async throws -> Set<String>
}
