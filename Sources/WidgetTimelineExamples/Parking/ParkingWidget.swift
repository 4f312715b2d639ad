public import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// "Can I drive there now?": free spaces per lot of one park. Numbers that move every few
/// minutes, so the data's own observation time decides what may be claimed, and an expired count
/// is hidden rather than shown — a driver acts on it. Only its freshness changes with time, so
/// it makes no event claims; the planner withdraws "fresh" early and hides the count at expiry.
public struct ParkingWidget: WidgetKind {
    public typealias Payload = ParkingPayload
    public typealias Content = ParkingContent

    public let kind = "parking"
    /// Stale 15 minutes after observation, hidden after 90 minutes. A snapshot older than 30
    /// minutes is worth a fetch: the system grants a frequently viewed widget about 40–70 reloads a
    /// day — one every 20 to 35 minutes (docs/simulator.md, "daily budget") — so
    /// asking more often is refused and only burns the budget. A payload's own
    /// `staleAfterSeconds` replaces the stale threshold.
    public var freshness = FreshnessPolicy(
        staleAfter: 15 * 60, expiresAfter: 90 * 60, expiredValue: .hidden, refreshAfter: 30 * 60)

    public init() {}

    /// The key for one park shown in one display mode: a compact and a list widget of the same park
    /// never overwrite each other.
    public static func key(park parkID: String, mode: ParkingDisplayMode = .compact) -> SnapshotKey {
        SnapshotKey(purpose: "parking", scope: parkID, mode.rawValue)
    }

    public func freshness(of snapshot: Snapshot<ParkingPayload>) -> FreshnessPolicy {
        guard let seconds = snapshot.payload.staleAfterSeconds, seconds > 0 else { return freshness }
        let stale = TimeInterval(seconds)
        return FreshnessPolicy(
            staleAfter: stale, expiresAfter: max(stale, freshness.expiresAfter),
            expiredValue: freshness.expiredValue,
            refreshAfter: min(stale, freshness.refreshAfter))
    }

    public func content(of snapshot: Snapshot<ParkingPayload>, at instant: Date, in calendar: Calendar)
        -> ParkingContent
    {
        ParkingContent(payload: snapshot.payload)
    }

    public func changePoints(
        of snapshot: Snapshot<ParkingPayload>,
        after now: Date,
        through end: Date,
        in calendar: Calendar
    ) -> [Date] { [] }

    /// The observation time is part of what the widget shows ("as of 10:02"), so a re-confirmed
    /// count with a newer observation is a change worth saving.
    public func fingerprint(of payload: ParkingPayload, observedAt: Date?) throws -> ContentFingerprint {
        try ContentFingerprint(of: FingerprintedPayload(payload: payload, observedAt: observedAt))
    }

    /// An answer for another park answers nothing.
    public func payload(_ payload: ParkingPayload, answers key: SnapshotKey) -> Bool {
        let components = key.components
        return components.count >= 2
            && components[1] == SnapshotKey(purpose: "parking", scope: payload.parkID).components[1]
    }

    public func relevance(of state: WidgetState<ParkingContent>) -> EntryRelevance? {
        guard case .fresh(let content, _) = state else { return nil }
        return content.availability == .full ? EntryRelevance(score: 0.2) : EntryRelevance(score: 0.8)
    }

    public func summary(of content: ParkingContent, in calendar: Calendar) -> String {
        "\(content.parkName): \(content.totalFree)/\(content.totalSpaces) free (\(content.availability.rawValue))"
    }

    public var preview: ParkingPayload { .preview }

    public func deepLink(for payload: ParkingPayload?) -> URL? {
        ExampleDeepLink.url("park/\(payload?.parkID ?? "nearby")/parking")
    }
}

/// How the parking widget lays out one park.
public enum ParkingDisplayMode: String, Codable, Sendable, CaseIterable, JSONChoice {
    case compact
    case list
}

/// What the host (or the extension's fetch) stores for the parking widget.
public struct ParkingPayload: Codable, Sendable, Equatable {
    public var parkID: String
    /// The short name the widget shows.
    public var parkName: String
    public var lots: [ParkingLot]
    /// How long the server says its counts hold, if it says.
    public var staleAfterSeconds: Int?
    /// Opens directions to the park in a maps app.
    public var directionsURL: URL?

    public init(
        parkID: String,
        parkName: String,
        lots: [ParkingLot],
        staleAfterSeconds: Int? = nil,
        directionsURL: URL? = nil
    ) {
        self.parkID = parkID
        self.parkName = parkName
        self.lots = lots
        self.staleAfterSeconds = staleAfterSeconds
        self.directionsURL = directionsURL
    }

    /// Gallery data: an invented park with two lots.
    public static let preview = ParkingPayload(
        parkID: "sample-park",
        parkName: "Riverside",
        lots: [
            ParkingLot(name: "Lot 1", free: 42, total: 120), ParkingLot(name: "Lot 2", free: 3, total: 80),
        ],
        directionsURL: URL(string: "https://maps.example.com/?q=Riverside")
    )
}

/// One parking lot's spaces.
public struct ParkingLot: Codable, Sendable, Equatable {
    public var name: String
    public var free: Int
    public var total: Int

    public init(name: String, free: Int, total: Int) {
        self.name = name
        self.free = free
        self.total = total
    }

    /// The most spaces one lot can have when read from a file: the largest car parks hold tens of
    /// thousands, and a bound keeps every sum over lots far from overflowing.
    public static let maximumSpaces = 1_000_000

    public var availability: ParkingAvailability { ParkingAvailability(free: free, total: total) }

    private enum CodingKeys: String, CodingKey {
        case name
        case free
        case total
    }

    /// Refuses counts no lot can have — negative, more free than total, or beyond
    /// ``maximumSpaces`` — rather than show a driver a number that was never true.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        total = try container.decode(Int.self, forKey: .total)
        free = try container.decode(Int.self, forKey: .free)
        guard (0...Self.maximumSpaces).contains(total) else {
            throw DecodingError.dataCorruptedError(
                forKey: .total, in: container,
                debugDescription: "expected 0 to \(Self.maximumSpaces) spaces, found \(total)")
        }
        guard (0...total).contains(free) else {
            throw DecodingError.dataCorruptedError(
                forKey: .free, in: container,
                debugDescription: "expected 0 to \(total) free spaces (the lot's total), found \(free)")
        }
    }
}

/// How easy it is to find a space.
public enum ParkingAvailability: String, Codable, Sendable, Equatable, CaseIterable, JSONChoice {
    case plenty
    case some
    case few
    case full

    /// Plenty above half free, some above a fifth, few while any is free, else full.
    public init(free: Int, total: Int) {
        guard free > 0, total > 0 else {
            self = .full
            return
        }
        let share = Double(free) / Double(total)
        self = share > 0.5 ? .plenty : share > 0.2 ? .some : .few
    }
}

/// One screen of the parking widget.
public struct ParkingContent: Codable, Sendable, Equatable {
    public var parkName: String
    public var lots: [ParkingLot]
    public var totalFree: Int
    public var totalSpaces: Int
    public var availability: ParkingAvailability
    public var directionsURL: URL?

    public init(payload: ParkingPayload) {
        parkName = payload.parkName
        lots = payload.lots
        // Saturating: a payload built in code is not checked like a decoded one, and a sum must
        // not trap the extension.
        totalFree = payload.lots.reduce(0) { Self.saturatingSum($0, max(0, $1.free)) }
        totalSpaces = payload.lots.reduce(0) { Self.saturatingSum($0, max(0, $1.total)) }
        availability = ParkingAvailability(free: totalFree, total: totalSpaces)
        directionsURL = payload.directionsURL
    }

    private static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }
}

/// The parking widget's fingerprint input: the payload and its observation time.
private struct FingerprintedPayload: Encodable {
    var payload: ParkingPayload
    var observedAt: Date?
}
