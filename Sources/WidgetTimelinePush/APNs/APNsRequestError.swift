#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// Why a value for an APNs request was refused, naming it.
public enum APNsRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bundle identifier is empty or has a character other than A–Z, a–z, 0–9, `-` and `.`.
    case invalidBundleID(String)
    /// The provider token is empty or has a character that cannot be in a header value.
    case invalidProviderToken(reason: String)
    /// The collapse identifier is empty or longer than 64 bytes of UTF-8.
    case invalidCollapseID(byteCount: Int)
    /// The collapse identifier has a control character, or a space first or last: no header value
    /// can carry it as it is.
    case collapseIDNotHeaderValue(reason: String)
    /// The expiration date is before 1970-01-01T00:00:01Z, after year 9999, or not a number.
    case expirationOutOfRange(secondsSince1970: Double)

    public var description: String {
        switch self {
        case .invalidBundleID(let bundleID):
            "the bundle identifier \(String(reflecting: bundleID)) may contain only A–Z, a–z, 0–9, '-' and '.', and not be empty"
        case .invalidProviderToken(let reason):
            "the provider token \(reason)"
        case .invalidCollapseID(let byteCount):
            "the collapse identifier must be 1 to 64 bytes of UTF-8, not \(byteCount)"
        case .collapseIDNotHeaderValue(let reason):
            "the collapse identifier \(reason)"
        case .expirationOutOfRange(let seconds):
            "the expiration must be a date from 1970-01-01T00:00:01Z to year 9999, not \(seconds) s since 1970"
        }
    }
}
