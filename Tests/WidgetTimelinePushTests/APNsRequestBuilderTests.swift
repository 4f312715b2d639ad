import Foundation
import Testing
import WidgetTimeline
import WidgetTimelinePush

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The requests, byte for byte, against what Apple's pages show. Sources:
/// https://developer.apple.com/documentation/widgetkit/updating-widgets-with-widgetkit-push-notifications,
/// https://developer.apple.com/documentation/widgetkit/updating-controls-locally-and-remotely,
/// https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns.
@Suite("APNs requests for widget and control pushes")
struct APNsRequestBuilderTests {
    /// The device token of Apple's sample requests.
    static let sampleToken = try! PushToken(
        hex: "00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0")
    /// `{"aps":{"content-changed":true}}`, written out byte by byte.
    static let contentChanged: [UInt8] = [
        0x7B, 0x22, 0x61, 0x70, 0x73, 0x22, 0x3A, 0x7B, 0x22, 0x63, 0x6F, 0x6E, 0x74, 0x65, 0x6E, 0x74, 0x2D,
        0x63, 0x68, 0x61, 0x6E, 0x67, 0x65, 0x64, 0x22, 0x3A, 0x74, 0x72, 0x75, 0x65, 0x7D, 0x7D,
    ]

    struct Golden: Sendable, CustomStringConvertible {
        let pushType: APNsPushType
        let environment: APNsEnvironment
        let authority: String
        let pushTypeHeader: String
        let topic: String
        var description: String { "\(pushType) on \(environment)" }
    }

    static let goldens = [
        Golden(
            pushType: .widgets, environment: .production, authority: "api.push.apple.com",
            pushTypeHeader: "widgets", topic: "com.example.CaffeineTracker.push-type.widgets"),
        Golden(
            pushType: .widgets, environment: .development, authority: "api.sandbox.push.apple.com",
            pushTypeHeader: "widgets", topic: "com.example.CaffeineTracker.push-type.widgets"),
        Golden(
            pushType: .controls, environment: .production, authority: "api.push.apple.com",
            pushTypeHeader: "controls", topic: "com.example.CaffeineTracker.push-type.controls"),
        Golden(
            pushType: .controls, environment: .development, authority: "api.sandbox.push.apple.com",
            pushTypeHeader: "controls", topic: "com.example.CaffeineTracker.push-type.controls"),
    ]

    @Test(
        "the minimal request: POST to /3/device/<hex>, push type and topic only, the content-changed body",
        arguments: goldens)
    func minimal(golden: Golden) throws {
        let builder = try APNsRequestBuilder(bundleID: "com.example.CaffeineTracker")
        let destination = PushDestination(token: Self.sampleToken, environment: golden.environment)
        let request = builder.request(golden.pushType, to: destination)
        #expect(request.method == "POST")
        #expect(request.scheme == "https")
        #expect(request.authority == golden.authority)
        #expect(request.path == "/3/device/00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0")
        #expect(
            request.headers == [
                APNsHeaderField(name: "apns-push-type", value: golden.pushTypeHeader),
                APNsHeaderField(name: "apns-topic", value: golden.topic),
            ])
        #expect(request.body == Self.contentChanged)
        #expect(
            request.url.absoluteString
                == "https://\(golden.authority)/3/device/00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0"
        )
        let named =
            golden.pushType == .widgets
            ? builder.widgetsRequest(to: destination) : builder.controlsRequest(to: destination)
        #expect(named == request)
    }

    @Test("Apple's sample control request, header for header (its body spaced, ours compact)")
    func appleSampleControlRequest() throws {
        let builder = try APNsRequestBuilder(bundleID: "com.example.MyApp")
        let jwt =
            "eyAia2lkIjogIjhZTDNHM1JSWDciIH0.eyAiaXNzIjogIkM4Nk5WOUpYM0QiLCAiaWF0I"
            + "jogIjE0NTkxNDM1ODA2NTAiIH0.MEYCIQDzqyahmH1rz1s-LFNkylXEa2lZ_aOCX4daxxTZkVEGzwIhALvkClnx5m5eAT6"
            + "Lxw7LZtEQcH6JENhJTMArwLf3sXwi"
        let request = builder.controlsRequest(
            to: PushDestination(token: Self.sampleToken, environment: .development),
            options: APNsRequestOptions(
                id: UUID(uuidString: "EABEAE54-14A8-11E5-B60B-1697F925EC7B"), expiration: .deliverOnce,
                priority: .immediate),
            authorization: try APNsProviderToken(jwt))
        #expect(request.authority == "api.sandbox.push.apple.com")
        #expect(request.path == "/3/device/00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0")
        #expect(
            request.headers.map(\.description) == [
                "authorization: bearer \(jwt)",
                "apns-id: eabeae54-14a8-11e5-b60b-1697f925ec7b",
                "apns-push-type: controls",
                "apns-expiration: 0",
                "apns-priority: 10",
                "apns-topic: com.example.MyApp.push-type.controls",
            ])
        let ours = try JSONSerialization.jsonObject(with: Data(request.body)) as? NSDictionary
        let apples =
            try JSONSerialization.jsonObject(with: Data(#"{ "aps" : { "content-changed" : true } }"#.utf8))
            as? NSDictionary
        #expect(ours != nil && ours == apples)
    }

    @Test("every optional header when set, in the documented order, each value as Apple writes it")
    func everyOptionalHeader() throws {
        let builder = try APNsRequestBuilder(bundleID: "com.example.CaffeineTracker")
        let request = builder.widgetsRequest(
            to: PushDestination(token: Self.sampleToken, environment: .production),
            options: APNsRequestOptions(
                id: UUID(uuidString: "123E4567-E89B-12D3-A456-4266554400A0"),
                expiration: try APNsExpiration(at: Date(timeIntervalSince1970: 1_764_486_000.9)),
                priority: .powerConsidered, collapseID: try APNsCollapseID("caffeine")),
            authorization: try APNsProviderToken("a.b.c"))
        #expect(
            request.headers.map(\.description) == [
                "authorization: bearer a.b.c",
                "apns-id: 123e4567-e89b-12d3-a456-4266554400a0",
                "apns-push-type: widgets",
                "apns-expiration: 1764486000",
                "apns-priority: 5",
                "apns-topic: com.example.CaffeineTracker.push-type.widgets",
                "apns-collapse-id: caffeine",
            ])
        #expect(request.value(forHeader: "apns-priority") == "5")
        #expect(request.value(forHeader: "apns-missing") == nil)
        #expect(APNsPriority.allCases.map(\.rawValue) == [10, 5, 1])
    }

    @Test("a planned push becomes the widgets request to its destination")
    func plannedPush() throws {
        let builder = try APNsRequestBuilder(bundleID: "com.example.CaffeineTracker")
        let destination = PushDestination(token: Self.sampleToken, environment: .development)
        let change = PushChange(
            at: Date(timeIntervalSince1970: 0), target: .kind("caffeine"),
            fingerprint: .init(rawValue: "f"))
        let push = PlannedPush(
            destination: destination, at: Date(timeIntervalSince1970: 1),
            reason: PushReason(change: change, changedWidgets: []))
        #expect(builder.request(for: push) == builder.widgetsRequest(to: destination))
        #expect(builder.request(for: push).value(forHeader: "apns-push-type") == "widgets")
    }

    @Test(
        "bundle identifiers outside A–Z, a–z, 0–9, '-' and '.' are refused by name",
        arguments: [
            "", "com.example app", "com.exämple.app", "com.example/app", "com.example.app\n", "com_example",
        ])
    func badBundleID(bundleID: String) {
        #expect(throws: APNsRequestError.invalidBundleID(bundleID)) {
            try APNsRequestBuilder(bundleID: bundleID)
        }
    }

    @Test(
        "provider tokens that could break a header are refused; collapse IDs over 64 bytes or not header values are refused"
    )
    func badHeaderValues() throws {
        for bad in ["", "a b", "a\r\nx-injected: 1", "tab\there", "é"] {
            #expect(throws: APNsRequestError.self) { try APNsProviderToken(bad) }
        }
        #expect(throws: APNsRequestError.invalidProviderToken(reason: "is empty")) {
            try APNsProviderToken("")
        }
        #expect(try APNsCollapseID(String(repeating: "x", count: 64)).text.utf8.count == 64)
        #expect(throws: APNsRequestError.invalidCollapseID(byteCount: 65)) {
            try APNsCollapseID(String(repeating: "x", count: 65))
        }
        // 22 three-byte characters are 66 bytes, though only 22 characters.
        #expect(throws: APNsRequestError.invalidCollapseID(byteCount: 66)) {
            try APNsCollapseID(String(repeating: "한", count: 22))
        }
        #expect(throws: APNsRequestError.invalidCollapseID(byteCount: 0)) { try APNsCollapseID("") }
        // Within 64 bytes but no header value: said so, not blamed on the length.
        #expect(
            throws: APNsRequestError.collapseIDNotHeaderValue(reason: "has a control character (U+A) at 1")
        ) {
            try APNsCollapseID("a\nb")
        }
        #expect(
            APNsRequestError.collapseIDNotHeaderValue(reason: "has a control character (U+A) at 1")
                .description
                == "the collapse identifier has a control character (U+A) at 1")
        // An HTTP/2 field value may not start or end with a space (RFC 9113, 8.2.1): a peer refuses the request.
        #expect(throws: APNsRequestError.collapseIDNotHeaderValue(reason: "starts with a space")) {
            try APNsCollapseID(" caffeine")
        }
        #expect(throws: APNsRequestError.collapseIDNotHeaderValue(reason: "ends with a space")) {
            try APNsCollapseID("caffeine ")
        }
        #expect(try APNsCollapseID("two words").text == "two words")
        let error = try #require(throws: APNsRequestError.self) { try APNsProviderToken("a\nb") }
        #expect(error.description == "the provider token has a byte that cannot be in a header (0xa) at 1")
    }

    @Test("expirations before 1970-01-01T00:00:01Z, past year 9999 or not a number are refused")
    func expirationRange() throws {
        #expect(try APNsExpiration(at: Date(timeIntervalSince1970: 1)).secondsSince1970 == 1)
        #expect(try APNsExpiration(at: Date(timeIntervalSince1970: 1.999)).secondsSince1970 == 1)
        #expect(APNsExpiration.deliverOnce.secondsSince1970 == 0)
        for seconds in [0.999, 0, -5, .nan, .infinity, 253_402_300_800] {
            #expect(throws: APNsRequestError.self) {
                try APNsExpiration(at: Date(timeIntervalSince1970: seconds))
            }
        }
    }

    @Test("handed to URLSession's URLRequest as docs/push.md shows, nothing is lost")
    func urlRequestHandOff() throws {
        let request = try APNsRequestBuilder(bundleID: "com.example.CaffeineTracker").widgetsRequest(
            to: PushDestination(token: Self.sampleToken, environment: .production),
            options: APNsRequestOptions(priority: .immediate), authorization: try APNsProviderToken("a.b.c"))
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        for field in request.headers { urlRequest.setValue(field.value, forHTTPHeaderField: field.name) }
        urlRequest.httpBody = Data(request.body)

        #expect(urlRequest.url?.host == "api.push.apple.com")
        #expect(urlRequest.url?.path == request.path)
        #expect(urlRequest.httpMethod == "POST")
        #expect(urlRequest.httpBody == Data(Self.contentChanged))
        let fields = urlRequest.allHTTPHeaderFields ?? [:]
        #expect(fields.count == request.headers.count)
        for field in request.headers {
            #expect(urlRequest.value(forHTTPHeaderField: field.name) == field.value)
        }
    }
}
