#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// An `apns-expiration` value: "a UNIX epoch expressed in seconds (UTC)" after which APNs stops
/// trying, or 0, with which "APNs attempts to deliver the notification only once and doesn't store
/// it" (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns).
///
/// Leaving the header out lets APNs store the push "according to APNs storage policy". Apple's
/// sample control request sends 0; the widget push page shows none.
public struct APNsExpiration: Sendable, Hashable {
    /// Seconds since 1970, or 0.
    public let secondsSince1970: Int64

    /// 0: deliver once, do not store.
    public static let deliverOnce = APNsExpiration(seconds: 0)

    private init(seconds: Int64) { secondsSince1970 = seconds }

    /// Stop trying at `date`, rounded down to the second.
    ///
    /// - Throws: ``APNsRequestError/expirationOutOfRange(secondsSince1970:)`` for a date before
    ///   1970-01-01T00:00:01Z (which would read as 0, or as no date), after year 9999, or not a
    ///   number.
    public init(at date: Date) throws(APNsRequestError) {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds >= 1, seconds < 253_402_300_800 else {
            throw .expirationOutOfRange(secondsSince1970: date.timeIntervalSince1970)
        }
        secondsSince1970 = Int64(seconds)
    }
}
