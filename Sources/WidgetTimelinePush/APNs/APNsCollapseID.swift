/// An `apns-collapse-id` value: "must not exceed 64 bytes"
/// (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns).
///
/// Apple documents it for merging notifications shown to the user; the WidgetKit pages do not
/// mention it for widget or control pushes.
public struct APNsCollapseID: Sendable, Hashable {
    /// The identifier.
    public let text: String

    /// - Throws: ``APNsRequestError/invalidCollapseID(byteCount:)`` when it is empty or longer than
    ///   64 bytes of UTF-8; ``APNsRequestError/collapseIDNotHeaderValue(reason:)`` when it holds a
    ///   control character (which no header value may) or starts or ends with a space (which an
    ///   HTTP/2 field value may not: RFC 9113, section 8.2.1).
    public init(_ text: String) throws(APNsRequestError) {
        let count = text.utf8.count
        guard (1...64).contains(count) else { throw .invalidCollapseID(byteCount: count) }
        for (offset, scalar) in text.unicodeScalars.enumerated()
        where scalar.properties.generalCategory == .control {
            throw .collapseIDNotHeaderValue(
                reason:
                    "has a control character (U+\(String(scalar.value, radix: 16, uppercase: true))) at \(offset)"
            )
        }
        if text.first == " " { throw .collapseIDNotHeaderValue(reason: "starts with a space") }
        if text.last == " " { throw .collapseIDNotHeaderValue(reason: "ends with a space") }
        self.text = text
    }
}
