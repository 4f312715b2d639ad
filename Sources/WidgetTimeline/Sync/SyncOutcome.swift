#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// What a ``WidgetSync/commit(_:for:key:observedAt:reloading:)`` did.
public enum SyncOutcome: Sendable, Hashable {
    /// The stored snapshot already shows the same content; nothing was written or reloaded.
    case unchanged(revision: Int)
    /// A new revision was saved, and what happened to its reload. `durability` is `.notDurable`
    /// when the revision was published but synchronising its directory failed.
    case saved(revision: Int, reload: ReloadDecision, durability: CommitOutcome.Durability = .durable)

    /// The revision now stored for the key.
    public var revision: Int {
        switch self {
        case .unchanged(let revision), .saved(let revision, _, _): revision
        }
    }
}

/// What became of the reload after a save.
public enum ReloadDecision: Sendable, Hashable {
    /// The reload was asked for at once.
    case requested
    /// The reload waits for the debounce window and goes out at the deadline (or on `flush()`).
    case pending(until: Date)
    /// No widget of the kind is installed, so no reload was asked for.
    case notInstalled
    /// Saved from the widget extension outside the intent path, which may not reload: the widget's
    /// next scheduled refresh reads the saved revision.
    case refused
    /// Saved by an interactive widget's intent: the system reloads the tapped widget when
    /// `perform()` returns, and reads the saved revision then.
    case afterIntent
}
