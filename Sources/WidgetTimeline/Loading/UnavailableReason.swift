/// Why a widget has no value to show: a short, stable code that reaches the entry and the
/// diagnostics log — never user content.
///
/// The common reasons are presets; an app adds its own the way it adds notification names:
///
/// ```swift
/// extension UnavailableReason {
///     static let signedOut = UnavailableReason("signed-out")
/// }
/// ```
public struct UnavailableReason: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The last value is too old to show and the domain hides expired values.
    public static let expired = UnavailableReason("expired")
    /// The stored snapshot failed validation and no older valid revision exists.
    public static let snapshotCorrupted = UnavailableReason("snapshot-corrupted")
    /// The stored snapshot was written by a newer app version with a schema this one cannot read.
    public static let snapshotIncompatible = UnavailableReason("snapshot-incompatible")
    /// The snapshot exists but cannot be read now (permission, data protection while locked).
    public static let snapshotUnreadable = UnavailableReason("snapshot-unreadable")
    /// The network source failed and nothing was stored before.
    public static let sourceFailed = UnavailableReason("source-failed")
    /// The network source did not answer in time.
    public static let sourceTimedOut = UnavailableReason("source-timed-out")
    /// The source answered, but with nothing for this widget (another park's data, an empty list).
    public static let sourceEmpty = UnavailableReason("source-empty")
    /// The widget depends on the user's location, which is not available.
    public static let locationUnavailable = UnavailableReason("location-unavailable")

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
