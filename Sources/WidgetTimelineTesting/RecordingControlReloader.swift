import Foundation
public import WidgetTimeline

/// A control reloader that records what was asked of it, with an installed-kinds history a test
/// sets: the control channel's ``RecordingReloader``.
public final class RecordingControlReloader: ControlReloader, @unchecked Sendable {
    // @unchecked: every stored property is read and written under `lock`.
    private let lock = NSLock()
    private var recorded: [RecordingReloader.Request] = []
    private var history: InstalledKindsHistory?

    /// - Parameter history: the system's answers so far; `nil` for "unknown".
    public init(history: InstalledKindsHistory? = nil) { self.history = history }

    /// Every call, in order: `.kinds` for `reloadControls(ofKinds:)`, `.all` for `reloadAllControls()`.
    public var requests: [RecordingReloader.Request] { lock.withLock { recorded } }

    public var installedKindsHistory: InstalledKindsHistory? {
        get { lock.withLock { history } }
        set { lock.withLock { history = newValue } }
    }

    public func reloadControls(ofKinds kinds: [String]) { lock.withLock { recorded.append(.kinds(kinds)) } }

    public func reloadAllControls() { lock.withLock { recorded.append(.all) } }
}
