/// Where one push goes: a token on the APNs server it belongs to.
///
/// The planner spaces and budgets pushes per destination, and a request is built for one.
public struct PushDestination: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The device token.
    public let token: PushToken
    /// The server the token is valid on.
    public let environment: APNsEnvironment

    public init(token: PushToken, environment: APNsEnvironment) {
        self.token = token
        self.environment = environment
    }

    public var description: String { "\(environment.rawValue):\(token.hex)" }

    public static func < (lhs: PushDestination, rhs: PushDestination) -> Bool {
        (lhs.token, lhs.environment) < (rhs.token, rhs.environment)
    }
}
