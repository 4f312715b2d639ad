/// What one change to a ``PushTokenRegistry`` did, so a server can act on it (forget state kept for
/// removed widgets, log a token change).
public struct PushRegistryUpdate: Sendable, Hashable {
    /// The installation's registration before the change, if it had one.
    public let previous: PushRegistration?
    /// The installation's registration after the change; `nil` when it was removed.
    public let current: PushRegistration?
    /// Widgets registered now that were not before, in order.
    public let added: [WidgetInstance]
    /// Widgets registered before that are not now, in order.
    public let removed: [WidgetInstance]
    /// Widgets registered before and now whose pushes now go to another destination (the token
    /// changed), in order.
    public let moved: [WidgetInstance]
    /// Widgets registered before and now under the same identifier whose kind or family changed, in
    /// order: on screen they are other widgets, so nothing known of what the old one showed holds.
    public let reconfigured: [WidgetInstance]
    /// Destinations no registration uses any more, in order.
    public let retiredDestinations: [PushDestination]

    /// Whether the installation's pushes now go to another destination than before.
    public var changedDestination: Bool {
        previous != nil && current != nil && previous?.destination != current?.destination
    }

    init(
        previous: PushRegistration?, current: PushRegistration?, retiredDestinations: [PushDestination]
    ) {
        self.previous = previous
        self.current = current
        let before = Set(previous?.instances ?? [])
        let after = Set(current?.instances ?? [])
        added = after.subtracting(before).sorted()
        removed = before.subtracting(after).sorted()
        moved =
            previous?.destination == current?.destination ? [] : before.intersection(after).sorted()
        var earlier: [String: RegisteredWidget] = [:]
        for widget in previous?.widgets ?? [] { earlier[widget.id] = widget }
        if let current {
            reconfigured = current.widgets.compactMap { widget in
                guard let old = earlier[widget.id], old.kind != widget.kind || old.family != widget.family
                else { return nil }
                return WidgetInstance(installationID: current.installationID, widgetID: widget.id)
            }.sorted()
        } else {
            reconfigured = []
        }
        self.retiredDestinations = retiredDestinations
    }
}
