import Foundation
import Testing
import WidgetTimeline
import WidgetTimelinePush
import WidgetTimelineTesting

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

    @Test(
        "a restarted planner given the decisions of the last day or window keeps the window and the budget against the pushes decided before it"
    )
    func restoredFromDecisions() {
        // Planning only the last day's changes again does not do this: without the pushes before
        // them it plans pushes that never went out, and its next push can come within a window of
        // one already sent (a third of random restarts did).
        PropertyCheck.forAll("restart from decisions", count: 300, firstSeed: 70_000) { values in
            let day: Int64 = 86_400_000
            let windowMilliseconds = values.element(
                of: [60_000, 900_000, 3_600_000, day, 2 * day] as [Int64])
            let window = Double(windowMilliseconds) / 1000
            let budget: PushBudget = values.bool() ? .unlimited : .perRolling24Hours(values.int(in: 1...5))
            let registry = PushTokenRegistry(
                try (0..<4).map { index in
                    try PushRegistration(
                        installationID: "i\(index)", token: PushToken(bytes: [UInt8(index % 3 + 1)]),
                        environment: .production,
                        widgets: [RegisteredWidget(id: "w", kind: "k\(index % 2)", family: "systemSmall")])
                })
            var instant = Self.now
            let changes = (0..<values.int(in: 5...80)).map { _ in
                let gap =
                    values.bool() ? values.int(in: 0...Int(windowMilliseconds)) : values.int(in: 0...Int(day))
                instant += Double(gap) / 1000
                return PushChange(
                    at: instant, target: .kind(values.element(of: ["k0", "k1"])),
                    fingerprint: ContentFingerprint(bytes: [UInt8(values.int(in: 0...200))]))
            }
            let restart = values.int(in: 1...(changes.count - 1))
            let seed = values.next()
            var running = try PushPlanner(registry: registry, window: window, budget: budget, seed: seed)
            let before = changes[..<restart].flatMap { running.handle($0) }
            // The log a server keeps: the pushes of the last day or window, whichever is longer, and
            // the changes that rode on them.
            let cutoff = changes[restart].at.addingTimeInterval(-Double(max(day, windowMilliseconds)) / 1000)
            let log = before.filter { decision in
                if let push = decision.push { return push.at >= cutoff }
                if case .coalesced(let into) = decision.dropped?.reason { return into >= cutoff }
                return false
            }
            var restored = try PushPlanner(registry: registry, window: window, budget: budget, seed: seed)
            restored.remember(log)
            let after = changes[restart...].flatMap { restored.handle($0) }

            var sent: [PushDestination: [Int64]] = [:]
            for push in (before + after).compactMap(\.push) {
                sent[push.destination, default: []].append(
                    Int64((push.at.timeIntervalSince1970 * 1000).rounded()))
            }
            for (destination, pushes) in sent {
                let sorted = pushes.sorted()
                for (first, second) in zip(sorted, sorted.dropFirst())
                where second - first < windowMilliseconds {
                    return
                        "\(destination): pushes at \(first) and \(second) ms, closer than \(windowMilliseconds) ms"
                }
                guard case .perRolling24Hours(let limit) = budget else { continue }
                for (index, start) in sorted.enumerated()
                where sorted[index...].prefix(while: { $0 < start + day }).count > limit {
                    return "\(destination): more than \(limit) pushes in the day from \(start) ms"
                }
            }
            return nil
        }
    }
}
