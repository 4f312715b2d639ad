import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// Why a change sent no push of its own to a destination.
public enum PushDropReason: Sendable, Hashable, CustomStringConvertible {
    /// No registered widget matches the change's target.
    case noRegisteredWidget
    /// Every widget it touches would show what the last push already had them show.
    case unchangedFingerprint
    /// A push to the destination is already planned at this instant, at or after the change; the
    /// widgets reload then and read the change with it.
    case coalesced(into: Date)
    /// The budget has no push left within one window of the change. The earliest instant the
    /// budget allows another push, or `nil` for a budget of zero.
    ///
    /// The planner does not retry: the widgets catch up at their own timeline reloads or with the
    /// next change.
    case budgetExhausted(nextAvailable: Date?)

    public var description: String {
        switch self {
        case .noRegisteredWidget: "no registered widget"
        case .unchangedFingerprint: "unchanged fingerprint"
        case .coalesced(let instant): "coalesced into the push at \(Instant.format(instant))"
        case .budgetExhausted(let next):
            next.map { "budget exhausted until \(Instant.format($0))" } ?? "budget of zero"
        }
    }
}
