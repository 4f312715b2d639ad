/// A provider authentication token (the JWT your server signs with its APNs key), for the
/// `authorization: bearer <provider_token>` header
/// (https://developer.apple.com/documentation/usernotifications/establishing-a-token-based-connection-to-apns).
///
/// This package does not make one: signing needs ES256, which Foundation alone does not provide on
/// Linux. Make it with your server's JWT library, refresh it as Apple asks (no more than once
/// every 20 minutes, no less than once an hour), and pass it here. Connections authenticated by a
/// certificate send no `authorization` header; leave it out.
public struct APNsProviderToken: Sendable, Hashable {
    /// The token text, as it goes after `bearer `.
    public let text: String

    /// A token, checked to be one header-safe word.
    ///
    /// - Throws: ``APNsRequestError/invalidProviderToken(reason:)`` when it is empty or has a
    ///   space, a control character or anything outside printable ASCII (no JWT has those).
    public init(_ text: String) throws(APNsRequestError) {
        guard !text.isEmpty else { throw .invalidProviderToken(reason: "is empty") }
        for (offset, byte) in text.utf8.enumerated() where !(0x21...0x7E).contains(byte) {
            throw .invalidProviderToken(
                reason: "has a byte that cannot be in a header (0x\(String(byte, radix: 16))) at \(offset)")
        }
        self.text = text
    }
}
