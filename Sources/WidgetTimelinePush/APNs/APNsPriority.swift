/// The `apns-priority` values Apple documents
/// (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns).
///
/// The widget push page shows no priority and gives no advice on one; APNs uses 10 when the
/// header is left out. Apple's sample control request sends 10. Whether a lower priority changes
/// how WidgetKit budgets a push, Apple does not say.
public enum APNsPriority: Int, Sendable, Hashable, CaseIterable {
    /// 10: "send the notification immediately".
    case immediate = 10
    /// 5: "send the notification based on power considerations on the user's device".
    case powerConsidered = 5
    /// 1: "prioritize the device's power considerations over all other factors for delivery, and
    /// prevent awakening the device".
    case powerFirst = 1
}
