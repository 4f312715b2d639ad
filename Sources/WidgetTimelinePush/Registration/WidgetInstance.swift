/// One widget on one device, across the whole fleet: the installation that registered it and the
/// identifier the app gave it.
///
/// WidgetKit's `WidgetInfo` has no identifier a server can store — its `id` is the `WidgetInfo`
/// itself (`public var id: WidgetKit.WidgetInfo` in the SDK's `WidgetKit.swiftinterface`;
/// https://developer.apple.com/documentation/widgetkit/widgetinfo/id) — so the app names each
/// widget, and the installation makes that name unique across devices.
///
/// JSON: `{"installation": "…", "id": "…"}`.
public struct WidgetInstance: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The registration's ``PushRegistration/installationID``.
    public let installationID: String
    /// The widget's ``RegisteredWidget/id`` within that installation.
    public let widgetID: String

    public init(installationID: String, widgetID: String) {
        self.installationID = installationID
        self.widgetID = widgetID
    }

    public var description: String { "\(installationID)/\(widgetID)" }

    public static func < (lhs: WidgetInstance, rhs: WidgetInstance) -> Bool {
        (lhs.installationID, lhs.widgetID) < (rhs.installationID, rhs.widgetID)
    }

    private enum CodingKeys: String, CodingKey {
        case installationID = "installation"
        case widgetID = "id"
    }
}
