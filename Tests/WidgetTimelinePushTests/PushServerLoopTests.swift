import Foundation
import Testing
import WidgetTimeline
import WidgetTimelinePush

/// The server loop of docs/push.md, end to end: an upload, a change, the request, APNs' answer.
/// The HTTP client is a stand-in that answers as APNs would for a token it no longer knows.
@Suite("The server loop of docs/push.md")
struct PushServerLoopTests {
    struct Lots: Codable { var free: Int }

    struct Answer {
        var status: Int
        var reason: String?
    }

    static let now = Date(timeIntervalSince1970: 1_796_022_000)

    @Test(
        "upload, change, request, 410 Unregistered: the token is removed and the next change finds no widget")
    func loop() throws {
        var planner = try PushPlanner(
            registry: PushTokenRegistry([]), window: 15 * 60, budget: .perRolling24Hours(48), seed: 20_261_130
        )
        let apns = try APNsRequestBuilder(bundleID: "com.example.CaffeineTracker")

        let body = Data(PushRegistrationTests.documented.utf8)
        let registration = try PushRegistration(json: body)
        let update = planner.register(registration)
        #expect(update.added.count == 2)

        let change = PushChange(
            at: Self.now, target: .kind("parking"), fingerprint: try ContentFingerprint(of: Lots(free: 42)))
        var sent: [APNsRequest] = []
        for decision in planner.handle(change) {
            guard let push = decision.push else { continue }
            #expect(push.at >= Self.now && push.at < Self.now.addingTimeInterval(15 * 60))
            let request = apns.request(
                for: push, authorization: try APNsProviderToken("header.claims.signature"))
            sent.append(request)
            let answer = Answer(status: 410, reason: "Unregistered")  // the stand-in HTTP/2 client
            if answer.status == 410 || answer.reason == "BadDeviceToken" { planner.remove(push.destination) }
        }
        #expect(sent.count == 1)
        #expect(sent.first?.path == "/3/device/" + registration.token.hex)
        #expect(sent.first?.value(forHeader: "apns-topic") == "com.example.CaffeineTracker.push-type.widgets")
        #expect(sent.first?.value(forHeader: "authorization") == "bearer header.claims.signature")

        let next = PushChange(
            at: Self.now.addingTimeInterval(3_600), target: .kind("parking"),
            fingerprint: try ContentFingerprint(of: Lots(free: 41)))
        #expect(planner.handle(next).map { $0.dropped?.reason } == [.noRegisteredWidget])
        #expect(planner.registry.installationCount == 0)
    }

    @Test("a bad upload is answered with the path and the reason")
    func badUpload() throws {
        let error = try #require(throws: JSONDecodingError.self) {
            try PushRegistration(
                json: Data(
                    #"{"installation":"i","token":"abc","environment":"production","widgets":[]}"#.utf8))
        }
        #expect(
            error.description
                == "at $.token: the push token has 3 hexadecimal digits, not whole bytes (an even count)")
    }

    @Test("a restarted server rebuilds the planner's memory by planning the same changes again")
    func restart() throws {
        let registry = PushTokenRegistry(
            try (0..<50).map { index in
                try PushRegistration(
                    installationID: "install-\(index)", token: PushToken(bytes: [UInt8(index), 0x5A]),
                    environment: .production,
                    widgets: [
                        RegisteredWidget(
                            id: "p", kind: index.isMultiple(of: 2) ? "parking" : "schedule",
                            family: "systemSmall")
                    ])
            })
        let changes = (0..<200).map { index in
            PushChange(
                at: Self.now.addingTimeInterval(Double(index) * 97),
                target: .kind(index.isMultiple(of: 3) ? "parking" : "schedule"),
                fingerprint: ContentFingerprint(bytes: [UInt8(index % 5)]))
        }
        var running = try PushPlanner(
            registry: registry, window: 900, budget: .perRolling24Hours(10), seed: 9)
        for change in changes { _ = running.handle(change) }
        var restarted = try PushPlanner(
            registry: registry, window: 900, budget: .perRolling24Hours(10), seed: 9)
        _ = restarted.plan(changes)
        #expect(restarted == running)
        let next = PushChange(
            at: Self.now.addingTimeInterval(200 * 97), target: .kind("parking"),
            fingerprint: ContentFingerprint(bytes: [9]))
        #expect(restarted.handle(next) == running.handle(next))
    }
}
