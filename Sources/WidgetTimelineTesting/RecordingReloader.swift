import Foundation
public import WidgetTimeline

/// A reloader that records what was asked of it, and can pretend only some kinds are installed.
public final class RecordingReloader: WidgetReloader, @unchecked Sendable {
    // @unchecked: every stored property is read and written under `lock`.
    private let lock = NSLock()
    private var recorded: [Request] = []
    private var installed: Set<String>?
    private var history: InstalledKindsHistory?

    /// One call made to the reloader.
    public enum Request: Sendable, Hashable {
        case kinds([String])
        case all
    }

    /// - Parameter installedKinds: the kinds with an installed widget; `nil` for "unknown".
    public init(installedKinds: Set<String>? = nil) { installed = installedKinds }

    /// Every call, in order.
    public var requests: [Request] { lock.withLock { recorded } }

    /// Every kind asked for, one entry per request and kind.
    public var reloadedKinds: [String] {
        requests.flatMap { request -> [String] in
            if case .kinds(let kinds) = request { return kinds }
            return []
        }
    }

    public var installedKinds: Set<String>? {
        get { lock.withLock { installed } }
        set { lock.withLock { installed = newValue } }
    }

    /// The system's answers with their instants, as a reloader that asks the system keeps them;
    /// when set, it decides skips instead of ``installedKinds``.
    public var installedKindsHistory: InstalledKindsHistory? {
        get { lock.withLock { history } }
        set { lock.withLock { history = newValue } }
    }

    public func reloadTimelines(ofKinds kinds: [String]) { lock.withLock { recorded.append(.kinds(kinds)) } }

    public func reloadAllTimelines() { lock.withLock { recorded.append(.all) } }
}
