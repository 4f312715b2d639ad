#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// What a widget shows, with an honest claim about how current it is.
///
/// A value never appears without its freshness: a view has to handle ``stale(_:_:)`` and
/// ``expired(_:_:)`` explicitly, which is how "stale numbers that look fresh" become impossible to
/// write by accident. "Last known" is `stale` or `expired`.
public enum WidgetState<Content: Sendable & Equatable>: Sendable, Equatable {
    /// Nothing has been saved yet (first install) and nothing has failed.
    case noData
    /// No value can be shown, and why.
    case unavailable(UnavailableReason)
    /// A current value.
    case fresh(Content, DataStamp)
    /// The last known value, shown with its time.
    case stale(Content, DataStamp)
    /// A value past its expiry, shown with its time because the domain allows it.
    case expired(Content, DataStamp)

    /// The value shown, if any.
    @inlinable
    public var content: Content? {
        switch self {
        case .fresh(let content, _), .stale(let content, _), .expired(let content, _): content
        case .noData, .unavailable: nil
        }
    }

    /// Where the shown value came from, if a value is shown.
    @inlinable
    public var stamp: DataStamp? {
        switch self {
        case .fresh(_, let stamp), .stale(_, let stamp), .expired(_, let stamp): stamp
        case .noData, .unavailable: nil
        }
    }

    /// The freshness the screen claims for its value; `nil` when no value is shown.
    @inlinable
    public var freshness: Freshness? {
        switch self {
        case .fresh: .fresh
        case .stale: .stale
        case .expired: .expired
        case .noData, .unavailable: nil
        }
    }

    /// Every ``situation`` a state can have, in this order.
    public static var situations: [String] { ["noData", "unavailable", "fresh", "stale", "expired"] }

    /// The display situation's name as written in JSON: `noData`, `unavailable`, `fresh`,
    /// `stale` or `expired`.
    public var situation: String {
        switch self {
        case .noData: "noData"
        case .unavailable: "unavailable"
        case .fresh: "fresh"
        case .stale: "stale"
        case .expired: "expired"
        }
    }

    /// The same situation and stamp with the content transformed.
    public func mapContent<Other>(_ transform: (Content) -> Other) -> WidgetState<Other> {
        switch self {
        case .noData: .noData
        case .unavailable(let reason): .unavailable(reason)
        case .fresh(let content, let stamp): .fresh(transform(content), stamp)
        case .stale(let content, let stamp): .stale(transform(content), stamp)
        case .expired(let content, let stamp): .expired(transform(content), stamp)
        }
    }
}

extension WidgetState {
    // Written out and inlinable (the derived one is neither) so a planner specialised for a kind
    // compares states without going through generic witnesses. One switch on each side, not on the
    // pair: unspecialised code would look up the pair's tuple type on every comparison.
    @inlinable @inline(__always)
    public static func == (lhs: WidgetState, rhs: WidgetState) -> Bool {
        switch lhs {
        case .noData:
            if case .noData = rhs { return true }
        case .unavailable(let left):
            if case .unavailable(let right) = rhs { return left == right }
        case .fresh(let left, let leftStamp):
            if case .fresh(let right, let rightStamp) = rhs {
                return leftStamp == rightStamp && left == right
            }
        case .stale(let left, let leftStamp):
            if case .stale(let right, let rightStamp) = rhs {
                return leftStamp == rightStamp && left == right
            }
        case .expired(let left, let leftStamp):
            if case .expired(let right, let rightStamp) = rhs {
                return leftStamp == rightStamp && left == right
            }
        }
        return false
    }
}

extension WidgetState: Codable where Content: Codable {
    private enum CodingKeys: String, CodingKey {
        case display
        case reason
        case content
        case revision
        case observedAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let display = try container.decode(String.self, forKey: .display)
        switch display {
        case "noData":
            self = .noData
        case "unavailable":
            self = .unavailable(try container.decode(UnavailableReason.self, forKey: .reason))
        case "fresh", "stale", "expired":
            let content = try container.decode(Content.self, forKey: .content)
            let stamp = DataStamp(
                revision: try container.decode(Int.self, forKey: .revision),
                observedAt: try container.decode(Date.self, forKey: .observedAt)
            )
            switch display {
            case "fresh": self = .fresh(content, stamp)
            case "stale": self = .stale(content, stamp)
            default: self = .expired(content, stamp)
            }
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .display,
                in: container,
                debugDescription: JSONDecodingError.unknownValue(display, among: Self.situations)
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(situation, forKey: .display)
        if case .unavailable(let reason) = self { try container.encode(reason, forKey: .reason) }
        if let content, let stamp {
            try container.encode(content, forKey: .content)
            try container.encode(stamp.revision, forKey: .revision)
            try container.encode(stamp.observedAt, forKey: .observedAt)
        }
    }
}
