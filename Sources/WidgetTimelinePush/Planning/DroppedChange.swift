/// A change that sent no push of its own to one destination, and why.
public struct DroppedChange: Sendable, Hashable {
    /// The change.
    public let change: PushChange
    /// The destination it was decided for; `nil` when no registered widget matched.
    public let destination: PushDestination?
    /// The widgets served by that destination the decision is about, in order.
    public let widgets: [WidgetInstance]
    /// Why no push of its own.
    public let reason: PushDropReason

    public init(
        change: PushChange, destination: PushDestination?, widgets: [WidgetInstance], reason: PushDropReason
    ) {
        self.change = change
        self.destination = destination
        self.widgets = widgets
        self.reason = reason
    }
}
