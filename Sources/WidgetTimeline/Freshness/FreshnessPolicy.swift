#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// A domain's tolerance for old data: when a value turns stale, when it expires, whether an expired
/// value may still be shown, and when a snapshot is old enough to want a new one.
///
/// Two ages are in play. The *data* age — from ``Snapshot/observedAt``, when the value
/// was true — decides what the UI may claim (``classify(dataObservedAt:at:)``). The *snapshot* age —
/// from ``Snapshot/generatedAt``, when the record was written — decides whether the extension
/// should fetch again and when the timeline asks to be reloaded (``refreshAfter``). A cache hit can
/// therefore still be stale data.
public struct FreshnessPolicy: Sendable, Hashable, Codable {
    /// What the widget does with a value that has expired.
    public enum ExpiredValue: String, Sendable, Hashable, Codable, CaseIterable, JSONChoice {
        /// Show it as last known, with its time (recent photos, a task count).
        case shown
        /// Hide it and show "unavailable" instead (parking spaces, a security state).
        case hidden
    }

    /// Data older than this is stale.
    public var staleAfter: TimeInterval
    /// Data older than this is expired. At least ``staleAfter``.
    public var expiresAfter: TimeInterval
    /// Whether an expired value is still shown.
    public var expiredValue: ExpiredValue
    /// Snapshot age after which a new snapshot is wanted: the loader fetches again, and the
    /// planner asks the system for a new timeline no earlier than this.
    public var refreshAfter: TimeInterval

    /// - Precondition: `0 < staleAfter <= expiresAfter` and `refreshAfter > 0`.
    public init(
        staleAfter: TimeInterval,
        expiresAfter: TimeInterval,
        expiredValue: ExpiredValue = .shown,
        refreshAfter: TimeInterval? = nil
    ) {
        precondition(staleAfter > 0 && expiresAfter >= staleAfter, "need 0 < staleAfter <= expiresAfter")
        precondition((refreshAfter ?? staleAfter) > 0, "refreshAfter must be positive")
        self.staleAfter = staleAfter
        self.expiresAfter = expiresAfter
        self.expiredValue = expiredValue
        self.refreshAfter = refreshAfter ?? staleAfter
    }

    private enum CodingKeys: String, CodingKey {
        case staleAfter
        case expiresAfter
        case expiredValue
        case refreshAfter
    }

    /// Decodes a policy the initialiser would accept, and refuses any other with the rule it
    /// breaks: a decoded policy is used by code that trusts ``init(staleAfter:expiresAfter:expiredValue:refreshAfter:)``'s
    /// preconditions.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let staleAfter = try container.decode(TimeInterval.self, forKey: .staleAfter)
        let expiresAfter = try container.decode(TimeInterval.self, forKey: .expiresAfter)
        let refreshAfter = try container.decodeIfPresent(TimeInterval.self, forKey: .refreshAfter)
        guard staleAfter > 0, staleAfter.isFinite else {
            throw DecodingError.dataCorruptedError(
                forKey: .staleAfter, in: container,
                debugDescription: "expected a positive number of seconds, found \(staleAfter)")
        }
        guard expiresAfter >= staleAfter, expiresAfter.isFinite else {
            throw DecodingError.dataCorruptedError(
                forKey: .expiresAfter, in: container,
                debugDescription:
                    "expected at least staleAfter (\(staleAfter)) seconds, found \(expiresAfter)")
        }
        if let refreshAfter, !(refreshAfter > 0 && refreshAfter.isFinite) {
            throw DecodingError.dataCorruptedError(
                forKey: .refreshAfter, in: container,
                debugDescription: "expected a positive number of seconds, found \(refreshAfter)")
        }
        self.init(
            staleAfter: staleAfter, expiresAfter: expiresAfter,
            expiredValue: try container.decode(ExpiredValue.self, forKey: .expiredValue),
            refreshAfter: refreshAfter)
    }

    /// The seed's example: fresh for 30 minutes, stale until 24 hours, then expired but shown.
    public static let standard = FreshnessPolicy(staleAfter: 30 * 60, expiresAfter: 24 * 3600)

    /// The freshness of data observed at `dataObservedAt`, seen at `instant`.
    ///
    /// Data observed in this clock's future by more than ``SnapshotLimits/futureInstantTolerance``
    /// (a clock set back, another device's clock ahead) is of unknown age: it is never `fresh`,
    /// only `stale` — shown as last known, with its time — until this clock reaches it.
    public func classify(dataObservedAt: Date, at instant: Date) -> Freshness {
        let age = instant.timeIntervalSince(dataObservedAt)
        if age < -SnapshotLimits.futureInstantTolerance { return .stale }
        if age < staleAfter { return .fresh }
        if age < expiresAfter { return .stale }
        return .expired
    }

    /// The instants after `instant` at which data observed at `dataObservedAt` changes freshness:
    /// when data from the future comes within the tolerance (stale to fresh), turns stale, expires.
    public func transitions(dataObservedAt: Date, after instant: Date) -> [Date] {
        let known = dataObservedAt.addingTimeInterval(-SnapshotLimits.futureInstantTolerance)
        let stale = dataObservedAt.addingTimeInterval(staleAfter)
        let expired = dataObservedAt.addingTimeInterval(expiresAfter)
        var result: [Date] = []
        if known > instant {
            result.reserveCapacity(3)
            result.append(known)
        }
        if stale > instant { result.append(stale) }
        if expired > instant {
            result.reserveCapacity(2)
            result.append(expired)
        }
        return result
    }
}
