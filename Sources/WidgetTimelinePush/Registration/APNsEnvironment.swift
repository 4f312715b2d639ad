public import WidgetTimeline

/// Which APNs server a token belongs to: a token from a development build is valid only on the
/// development server, one from a distributed build only on production.
///
/// Hosts from https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns
/// ("Development server: api.sandbox.push.apple.com:443 … Production server: api.push.apple.com:443").
/// The JSON names are the values of the app's `aps-environment` entitlement.
public enum APNsEnvironment: String, Sendable, Hashable, Comparable, Codable, CaseIterable, JSONChoice {
    /// The development server, for builds signed for development.
    case development
    /// The production server, for TestFlight and App Store builds.
    case production

    /// The server's host name.
    public var host: String {
        switch self {
        case .development: "api.sandbox.push.apple.com"
        case .production: "api.push.apple.com"
        }
    }

    public static func < (lhs: APNsEnvironment, rhs: APNsEnvironment) -> Bool { lhs.rawValue < rhs.rawValue }
}
