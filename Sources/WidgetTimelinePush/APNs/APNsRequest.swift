#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// One HTTP/2 request to APNs, as data: method, scheme, authority, path, headers and body bytes.
///
/// Sending it is the caller's: APNs takes only HTTP/2 over TLS 1.2 or later
/// (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns),
/// and which client speaks it is a server's choice. Hand it over field by field:
///
/// ```swift
/// // URLSession (import FoundationNetworking on Linux)
/// var urlRequest = URLRequest(url: request.url)
/// urlRequest.httpMethod = request.method
/// for field in request.headers { urlRequest.setValue(field.value, forHTTPHeaderField: field.name) }
/// urlRequest.httpBody = Data(request.body)
///
/// // AsyncHTTPClient
/// var clientRequest = HTTPClientRequest(url: request.url.absoluteString)
/// clientRequest.method = .POST
/// for field in request.headers { clientRequest.headers.add(name: field.name, value: field.value) }
/// clientRequest.body = .bytes(request.body)
/// ```
///
/// docs/push.md has the whole loop, with what to do with each APNs answer.
public struct APNsRequest: Sendable, Hashable {
    /// `POST`, the only method APNs takes.
    public let method: String
    /// `https`.
    public let scheme: String
    /// The server's host (`:authority`); the port is HTTPS's 443 (APNs also listens on 2197).
    public let authority: String
    /// `/3/device/<token as hexadecimal>`.
    public let path: String
    /// The headers, in a fixed order: `authorization` (if given), `apns-id`, `apns-push-type`,
    /// `apns-expiration`, `apns-priority`, `apns-topic`, `apns-collapse-id`, each optional one only
    /// when set.
    public let headers: [APNsHeaderField]
    /// The JSON body.
    public let body: [UInt8]

    /// The body of every WidgetKit push, widgets and controls alike: `{"aps":{"content-changed":true}}`.
    public static let contentChangedBody = Array(#"{"aps":{"content-changed":true}}"#.utf8)

    /// `https://<authority><path>`.
    public var url: URL { URL(string: "\(scheme)://\(authority)\(path)")! }

    /// The value of the header `name` (lower-case), if the request has it.
    public func value(forHeader name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    init(authority: String, path: String, headers: [APNsHeaderField], body: [UInt8]) {
        method = "POST"
        scheme = "https"
        self.authority = authority
        self.path = path
        self.headers = headers
        self.body = body
    }
}
