public import WidgetTimeline

extension UnavailableReason {
    /// The extension could not use the App Group's shared container (a missing entitlement, most
    /// often), so it has no snapshot to read. See ``AppGroupError``.
    public static let appGroupUnavailable = UnavailableReason("app-group-unavailable")
}
