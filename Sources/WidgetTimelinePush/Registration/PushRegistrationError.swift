/// Why a push token or a registration was refused, naming the offending value.
///
/// Every check runs where the value is made — ``PushToken/init(hex:)``,
/// ``RegisteredWidget/init(id:kind:family:)``, ``PushRegistration/init(installationID:token:environment:widgets:)``
/// and their `Decodable` initialisers — so a registry never holds a value a request cannot be built
/// from.
public enum PushRegistrationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The token has no digits.
    case emptyToken
    /// The token has a character that is not a hexadecimal digit, at this offset (in characters).
    case tokenNotHexadecimal(found: String, offset: Int)
    /// The token has an odd number of hexadecimal digits, so it is not whole bytes.
    case tokenOddLength(digits: Int)
    /// The installation identifier is empty.
    case emptyInstallationID
    /// A widget's identifier is empty.
    case emptyWidgetID
    /// A widget's kind is empty.
    case emptyKind(widgetID: String)
    /// A widget's family is empty.
    case emptyFamily(widgetID: String)
    /// Two widgets of one registration have the same identifier.
    case duplicateWidgetID(String)

    public var description: String {
        switch self {
        case .emptyToken:
            "the push token is empty; send the hexadecimal digits of WidgetPushInfo.token"
        case .tokenNotHexadecimal(let found, let offset):
            "the push token is not hexadecimal: \(String(reflecting: found)) at character \(offset)"
        case .tokenOddLength(let digits):
            "the push token has \(digits) hexadecimal digits, not whole bytes (an even count)"
        case .emptyInstallationID:
            "the installation identifier is empty"
        case .emptyWidgetID:
            "a widget's identifier is empty"
        case .emptyKind(let widgetID):
            "widget \(String(reflecting: widgetID)) has an empty kind"
        case .emptyFamily(let widgetID):
            "widget \(String(reflecting: widgetID)) has an empty family"
        case .duplicateWidgetID(let widgetID):
            "widget identifier \(String(reflecting: widgetID)) appears twice in one registration"
        }
    }
}
