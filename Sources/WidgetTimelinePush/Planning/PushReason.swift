/// Why a push is sent: the change that opened it and the widgets it alters on screen.
public struct PushReason: Sendable, Hashable {
    /// The change that opened the push. Later changes may ride on it (see
    /// ``PushDropReason/coalesced(into:)``).
    public let change: PushChange
    /// The widgets served by the push's destination whose fingerprint the change altered, in order.
    public let changedWidgets: [WidgetInstance]

    public init(change: PushChange, changedWidgets: [WidgetInstance]) {
        self.change = change
        self.changedWidgets = changedWidgets
    }
}
