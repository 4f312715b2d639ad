/// Asks the system to reload controls: `ControlCenter` in an app, a recorder in tests.
///
/// The control channel's counterpart of ``WidgetReloader``; the reload coordinator treats both
/// alike. Only the host app reloads, and the extension through the intent path
/// (``WidgetSync/commitFromIntent(_:for:key:observedAt:alsoReloading:)``).
public protocol ControlReloader: Sendable {
    /// Reloads every control of these kinds.
    func reloadControls(ofKinds kinds: [String])

    /// Reloads every control of the app.
    func reloadAllControls()

    /// The control kinds the system has reported, with when: a kind is skipped only on a settled
    /// "not installed" (``InstalledKindsHistory``). `nil` when the reloader does not know.
    var installedKindsHistory: InstalledKindsHistory? { get }
}
