#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// The optional APNs headers, each left out unless set.
///
/// All four are documented for every push type in
/// https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns;
/// Apple's WidgetKit pages add no advice on them for widget pushes, and its sample control request
/// sends `apns-id`, `apns-expiration = 0` and `apns-priority = 10`
/// (https://developer.apple.com/documentation/widgetkit/updating-controls-locally-and-remotely).
public struct APNsRequestOptions: Sendable, Hashable {
    /// `apns-id`: a UUID APNs repeats in its response; without it APNs makes one up.
    public var id: UUID?
    /// `apns-expiration`: when APNs stops trying.
    public var expiration: APNsExpiration?
    /// `apns-priority`; APNs uses 10 when it is left out.
    public var priority: APNsPriority?
    /// `apns-collapse-id`.
    public var collapseID: APNsCollapseID?

    public init(
        id: UUID? = nil, expiration: APNsExpiration? = nil, priority: APNsPriority? = nil,
        collapseID: APNsCollapseID? = nil
    ) {
        self.id = id
        self.expiration = expiration
        self.priority = priority
        self.collapseID = collapseID
    }

    /// No optional headers.
    public static let none = APNsRequestOptions()
}
