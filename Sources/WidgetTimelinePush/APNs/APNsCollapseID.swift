/// An `apns-collapse-id` value: "must not exceed 64 bytes"
/// (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns).
///
/// Apple documents it for merging notifications shown to the user; the WidgetKit pages do not
/// mention it for widget or control pushes.
public struct APNsCollapseID: Sendable, Hashable {
    /// The identifier.
    public let text: String

    /// - Throws: ``APNsRequestError/invalidCollapseID(byteCount:)`` when it is empty, longer than
    ///   64 bytes of UTF-8, or holds a control character (which no header value may).
    public init(_ text: String) throws(APNsRequestError) {
        let count = text.utf8.count
        guard (1...64).contains(count),
            !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw .invalidCollapseID(byteCount: count) }
        self.text = text
    }
}
