public import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// What the app uploads when WidgetKit hands it a push token: the token, the APNs environment it
/// belongs to, and every widget it serves.
///
/// WidgetKit calls `WidgetPushHandler.pushTokenDidChange(_:widgets:)` "for all push token updates
/// and for the first push token", and when widgets are added or removed
/// (https://developer.apple.com/documentation/widgetkit/updating-widgets-with-widgetkit-push-notifications).
/// Each call becomes one registration that *replaces* the installation's previous one, so a widget
/// the user removed disappears from the server with the next upload.
///
/// The installation identifier is the app's own: a value it creates once per install and keeps
/// (in its App Group, say). It is what lets the server tell that a new token replaces an old one.
/// An app with several push handler types uploads one registration per handler, each with its own
/// installation identifier (`"<install id>/<handler>"`): WidgetKit calls each handler type on its
/// own ("each unique handler type will be instantiated and pushTokenDidChange(_:widgets:) will be
/// called", https://developer.apple.com/documentation/swiftui/widgetconfiguration/pushhandler(_:)),
/// and each upload replaces the installation's last.
///
/// The JSON form (members in any order; unknown members are ignored, so newer apps may add some):
///
/// ```json
/// {
///   "installation": "5F0C6A1E-2B7D-4C44-9E0A-8D1B3C2F4A10",
///   "token": "00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0",
///   "environment": "production",
///   "widgets": [
///     {"id": "parking-1", "kind": "parking", "family": "systemSmall"},
///     {"id": "schedule-1", "kind": "schedule", "family": "systemMedium"}
///   ]
/// }
/// ```
///
/// `token` is the hexadecimal text of `WidgetPushInfo.token` (see ``PushToken``), `environment` is
/// `"development"` or `"production"` (see ``APNsEnvironment``), and `widgets` may be empty.
public struct PushRegistration: Sendable, Hashable, Codable {
    /// The app's identifier for this install (and push handler), stable across token changes.
    public let installationID: String
    /// The token WidgetKit issued.
    public let token: PushToken
    /// The APNs server the token is valid on.
    public let environment: APNsEnvironment
    /// The widgets the token serves, each with an identifier unique in this registration.
    public let widgets: [RegisteredWidget]

    /// A registration, checked.
    ///
    /// - Parameters:
    ///   - installationID: the app's identifier for this install and push handler; not empty.
    ///   - token: the token from `WidgetPushInfo.token`.
    ///   - environment: the server the build's token belongs to.
    ///   - widgets: every widget the token serves now.
    /// - Throws: ``PushRegistrationError/emptyInstallationID`` or
    ///   ``PushRegistrationError/duplicateWidgetID(_:)``.
    public init(
        installationID: String, token: PushToken, environment: APNsEnvironment, widgets: [RegisteredWidget]
    ) throws(PushRegistrationError) {
        guard !installationID.isEmpty else { throw .emptyInstallationID }
        var seen: Set<String> = []
        for widget in widgets where !seen.insert(widget.id).inserted {
            throw .duplicateWidgetID(widget.id)
        }
        self.installationID = installationID
        self.token = token
        self.environment = environment
        self.widgets = widgets
    }

    /// Reads a registration from its JSON form.
    ///
    /// - Throws: `JSONDecodingError` naming the path of the problem (`$.widgets[1].id`) and what is
    ///   wrong with it, or where the text stops being strict JSON.
    public init(json: Data) throws(JSONDecodingError) {
        self = try JSONCoding.decode(PushRegistration.self, from: json)
    }

    /// The JSON form, members sorted, so one registration always has the same bytes.
    public var json: Data {
        // Strings, an enum and arrays of them: nothing here can fail to encode.
        try! JSONCoding.encoder().encode(self)
    }

    /// The widgets as fleet-wide instances.
    public var instances: [WidgetInstance] {
        widgets.map { WidgetInstance(installationID: installationID, widgetID: $0.id) }
    }

    /// Where this registration's pushes go.
    public var destination: PushDestination { PushDestination(token: token, environment: environment) }

    private enum CodingKeys: String, CodingKey {
        case installationID = "installation"
        case token, environment, widgets
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let installationID = try container.decode(String.self, forKey: .installationID)
        let token = try container.decode(PushToken.self, forKey: .token)
        let environment = try container.decode(APNsEnvironment.self, forKey: .environment)
        let widgets = try container.decode([RegisteredWidget].self, forKey: .widgets)
        do {
            try self.init(
                installationID: installationID, token: token, environment: environment, widgets: widgets)
        } catch {
            let key: CodingKeys = error == .emptyInstallationID ? .installationID : .widgets
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: error.description)
        }
    }
}
