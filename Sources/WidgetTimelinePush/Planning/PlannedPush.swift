import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// One push the planner decided to send: where, when, and the change that called for it.
///
/// Build its request with ``APNsRequestBuilder/request(for:options:authorization:)`` and send it at
/// ``at`` (or as soon after as the server can). The push carries no data: the widgets on the
/// device reload their timelines and read whatever the server has then.
public struct PlannedPush: Sendable, Hashable, CustomStringConvertible {
    /// The token and server to send to.
    public let destination: PushDestination
    /// When to send it: at or after the change, within one window of it, and at least one window
    /// after the destination's previous push.
    public let at: Date
    /// The change that opened this push, and the widgets whose display it changes.
    public let reason: PushReason

    public init(destination: PushDestination, at: Date, reason: PushReason) {
        self.destination = destination
        self.at = at
        self.reason = reason
    }

    public var description: String {
        "push \(destination) at \(Instant.format(at)) for \(reason.changedWidgets.count) widget(s)"
    }
}
