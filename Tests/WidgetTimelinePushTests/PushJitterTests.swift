import Foundation
import Testing
import WidgetTimeline
import WidgetTimelinePush

/// The jitter: deterministic, inside the window, and spreading a fleet told about one change at
/// one instant across the window instead of sending ten thousand pushes in one second.
@Suite("Push jitter across a fleet")
struct PushJitterTests {
    static let start = Date(timeIntervalSince1970: 1_796_022_000)
    static let fleetSize = 10_000
    static let window: TimeInterval = 600

    /// `fleetSize` installations, each with its own token and one parking widget.
    static let registry = PushTokenRegistry(
        (0..<fleetSize).map { index in
            let token = try! PushToken(
                bytes: withUnsafeBytes(of: UInt64(index).bigEndian) { Array($0) } + [0xA5])
            return try! PushRegistration(
                installationID: "install-\(index)", token: token, environment: .production,
                widgets: [try! RegisteredWidget(id: "parking", kind: "parking", family: "systemSmall")])
        })

    static func fleetPlan(seed: UInt64) throws -> PushPlan {
        var planner = try PushPlanner(
            registry: registry, window: window, budget: .perRolling24Hours(24), seed: seed)
        return planner.plan([
            PushChange(
                at: start, target: .kind("parking"),
                fingerprint: ContentFingerprint(bytes: Array("lots: 42".utf8)))
        ])
    }

    @Test(
        "10,000 tokens told of one change at one instant: every push inside the window, spread evenly over it"
    )
    func fleetSpread() throws {
        let plan = try Self.fleetPlan(seed: 20_261_130)
        #expect(plan.pushes.count == Self.fleetSize)
        #expect(plan.dropped.isEmpty)
        #expect(Set(plan.pushes.map(\.destination)).count == Self.fleetSize)
        let offsets = plan.pushes.map { $0.at.timeIntervalSince(Self.start) }
        #expect(offsets.allSatisfy { $0 >= 0 && $0 < Self.window })

        // Per second: a uniform spread puts about 16.7 pushes in each of the 600 seconds.
        var perSecond = [Int](repeating: 0, count: Int(Self.window))
        for offset in offsets { perSecond[Int(offset)] += 1 }
        let busiest = perSecond.max()!
        let occupied = perSecond.filter { $0 > 0 }.count
        // Per ten seconds: about 166.7 each (a uniform draw varies by about 13, one standard
        // deviation), all within ±30 %.
        var perTenSeconds = [Int](repeating: 0, count: Int(Self.window) / 10)
        for offset in offsets { perTenSeconds[Int(offset) / 10] += 1 }
        let mean = Double(Self.fleetSize) / Double(perTenSeconds.count)
        let spread =
            "busiest second \(busiest) pushes, \(occupied)/600 seconds used, ten-second buckets "
            + "\(perTenSeconds.min()!)–\(perTenSeconds.max()!) around \(Int(mean.rounded()))"
        #expect(busiest <= 40, "\(spread)")
        #expect(occupied >= 590, "\(spread)")
        #expect(
            perTenSeconds.allSatisfy { Double($0) >= 0.7 * mean && Double($0) <= 1.3 * mean }, "\(spread)")
    }

    @Test("the same seed plans the same instants; another seed moves nearly every token")
    func seeded() throws {
        let first = try Self.fleetPlan(seed: 7)
        #expect(try Self.fleetPlan(seed: 7) == first)
        let other = try Self.fleetPlan(seed: 8)
        let instants = Dictionary(uniqueKeysWithValues: first.pushes.map { ($0.destination, $0.at) })
        let moved = other.pushes.filter { instants[$0.destination] != $0.at }.count
        #expect(moved >= Self.fleetSize * 99 / 100)
    }

    @Test("one token's successive pushes get different offsets, each inside its window")
    func successiveOffsets() throws {
        let registration = try PushRegistration(
            installationID: "phone", token: PushToken(hex: "00fc13adff785122"), environment: .development,
            widgets: [RegisteredWidget(id: "parking", kind: "parking", family: "systemSmall")])
        var planner = try PushPlanner(
            registry: PushTokenRegistry([registration]), window: Self.window, budget: .unlimited, seed: 3)
        var offsets: [TimeInterval] = []
        for index in 0..<50 {
            let at = Self.start.addingTimeInterval(Double(index) * 2 * Self.window)
            let change = PushChange(
                at: at, target: .kind("parking"), fingerprint: ContentFingerprint(bytes: [UInt8(index)]))
            let push = try #require(planner.handle(change).first?.push)
            offsets.append(push.at.timeIntervalSince(at))
        }
        #expect(offsets.allSatisfy { $0 >= 0 && $0 < Self.window })
        #expect(Set(offsets).count >= 45)
    }
}
