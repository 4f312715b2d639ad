/// One widget a push token serves, as the app reports it from
/// `WidgetPushHandler.pushTokenDidChange(_:widgets:)`.
///
/// `kind` and `family` are `WidgetInfo.kind` and the name of the `WidgetInfo.family` case
/// (`"systemSmall"`, `"accessoryCircular"`, …;
/// https://developer.apple.com/documentation/widgetkit/widgetinfo). The family is kept as text so
/// a server need not know every family Apple adds. The `id` is the app's own name for the widget,
/// unique within the registration: WidgetKit gives none a server can store (see ``WidgetInstance``).
///
/// JSON: `{"id": "parking-1", "kind": "parking", "family": "systemSmall"}`.
public struct RegisteredWidget: Sendable, Hashable, Codable {
    /// The app's identifier for this widget, unique within its registration.
    public let id: String
    /// The widget's kind: the `kind` string of its configuration.
    public let kind: String
    /// The widget's family, as the name of the `WidgetFamily` case.
    public let family: String

    /// A widget, checked.
    ///
    /// - Throws: ``PushRegistrationError/emptyWidgetID``, ``PushRegistrationError/emptyKind(widgetID:)``
    ///   or ``PushRegistrationError/emptyFamily(widgetID:)``.
    public init(id: String, kind: String, family: String) throws(PushRegistrationError) {
        guard !id.isEmpty else { throw .emptyWidgetID }
        guard !kind.isEmpty else { throw .emptyKind(widgetID: id) }
        guard !family.isEmpty else { throw .emptyFamily(widgetID: id) }
        self.id = id
        self.kind = kind
        self.family = family
    }

    private enum CodingKeys: String, CodingKey {
        case id, kind, family
    }

    /// Reads a widget; an empty member fails at its own path (`$.widgets[2].kind`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decode(String.self, forKey: .id)
        let kind = try container.decode(String.self, forKey: .kind)
        let family = try container.decode(String.self, forKey: .family)
        do {
            try self.init(id: id, kind: kind, family: family)
        } catch {
            let key: CodingKeys =
                switch error {
                case .emptyKind: .kind
                case .emptyFamily: .family
                default: .id
                }
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: error.description)
        }
    }
}
