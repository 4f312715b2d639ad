#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// Builds the APNs requests that reload an app's widgets and controls.
///
/// What each request holds, and where Apple says so:
///
/// - `POST /3/device/<token as hexadecimal>` to `api.push.apple.com` or
///   `api.sandbox.push.apple.com`
///   (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns);
/// - `apns-push-type: widgets` and `apns-topic: <bundle ID>.push-type.widgets` for widgets
///   (https://developer.apple.com/documentation/widgetkit/updating-widgets-with-widgetkit-push-notifications),
///   `apns-push-type: controls` and `apns-topic: <bundle ID>.push-type.controls` for controls
///   (https://developer.apple.com/documentation/widgetkit/updating-controls-locally-and-remotely);
/// - the body `{"aps":{"content-changed":true}}`, the same for both;
/// - `authorization: bearer <provider token>` only when given (token-based connections), and the
///   optional headers of ``APNsRequestOptions`` only when set.
///
/// A push carries no data. WidgetKit reloads the timelines, which read the server's data then.
public struct APNsRequestBuilder: Sendable, Hashable {
    /// The app's bundle identifier, the stem of every topic.
    public let bundleID: String

    /// A builder for one app.
    ///
    /// - Parameter bundleID: the app's bundle identifier, e.g. `com.example.CaffeineTracker` (the
    ///   app's, as in Apple's sample request, not the widget extension's). A bundle ID "contains
    ///   only alphanumeric characters (A-Z, a-z, 0-9), hyphens (-), and/or periods (.)"
    ///   (https://developer.apple.com/help/glossary/bundle-id).
    /// - Throws: ``APNsRequestError/invalidBundleID(_:)``.
    public init(bundleID: String) throws(APNsRequestError) {
        let allowed = { (byte: UInt8) in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        guard !bundleID.isEmpty, bundleID.utf8.allSatisfy(allowed) else { throw .invalidBundleID(bundleID) }
        self.bundleID = bundleID
    }

    /// The `apns-topic` for a push type: the bundle ID and the type's suffix.
    public func topic(for pushType: APNsPushType) -> String { bundleID + pushType.topicSuffix }

    /// The request that reloads the widgets a `WidgetPushInfo` token serves.
    ///
    /// - Parameters:
    ///   - destination: the token and its server.
    ///   - options: optional headers; none by default.
    ///   - authorization: the provider token for token-based connections; `nil` for certificates.
    public func widgetsRequest(
        to destination: PushDestination, options: APNsRequestOptions = .none,
        authorization: APNsProviderToken? = nil
    ) -> APNsRequest {
        request(.widgets, to: destination, options: options, authorization: authorization)
    }

    /// The request that reloads the control a `ControlPushInfo` token belongs to.
    ///
    /// - Parameters:
    ///   - destination: the control's token and its server.
    ///   - options: optional headers; none by default.
    ///   - authorization: the provider token for token-based connections; `nil` for certificates.
    public func controlsRequest(
        to destination: PushDestination, options: APNsRequestOptions = .none,
        authorization: APNsProviderToken? = nil
    ) -> APNsRequest {
        request(.controls, to: destination, options: options, authorization: authorization)
    }

    /// The widgets request for a push the planner decided on.
    ///
    /// - Parameters:
    ///   - push: the planned push.
    ///   - options: optional headers; none by default.
    ///   - authorization: the provider token for token-based connections; `nil` for certificates.
    public func request(
        for push: PlannedPush, options: APNsRequestOptions = .none, authorization: APNsProviderToken? = nil
    ) -> APNsRequest {
        widgetsRequest(to: push.destination, options: options, authorization: authorization)
    }

    /// The request for any WidgetKit push type.
    ///
    /// - Parameters:
    ///   - pushType: widgets or controls.
    ///   - destination: the token and its server.
    ///   - options: optional headers; none by default.
    ///   - authorization: the provider token for token-based connections; `nil` for certificates.
    public func request(
        _ pushType: APNsPushType, to destination: PushDestination, options: APNsRequestOptions = .none,
        authorization: APNsProviderToken? = nil
    ) -> APNsRequest {
        var headers: [APNsHeaderField] = []
        func add(_ name: String, _ value: String?) {
            if let value { headers.append(APNsHeaderField(name: name, value: value)) }
        }
        add("authorization", authorization.map { "bearer " + $0.text })
        add("apns-id", options.id.map { $0.uuidString.lowercased() })
        add("apns-push-type", pushType.rawValue)
        add("apns-expiration", options.expiration.map { String($0.secondsSince1970) })
        add("apns-priority", options.priority.map { String($0.rawValue) })
        add("apns-topic", topic(for: pushType))
        add("apns-collapse-id", options.collapseID?.text)
        return APNsRequest(
            authority: destination.environment.host, path: "/3/device/" + destination.token.hex,
            headers: headers, body: APNsRequest.contentChangedBody)
    }
}
