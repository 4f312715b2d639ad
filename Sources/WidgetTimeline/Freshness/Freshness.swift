/// How much a value's age lets the widget claim about it.
public enum Freshness: String, Sendable, Hashable, Codable, CaseIterable, Comparable, JSONChoice {
    /// Young enough to be shown as current.
    case fresh
    /// Still worth showing, but only as "last known", with its time.
    case stale
    /// Too old to be trusted; shown with its time or hidden, depending on the domain.
    case expired

    public static func < (lhs: Freshness, rhs: Freshness) -> Bool {
        lhs.order < rhs.order
    }

    private var order: Int {
        switch self {
        case .fresh: 0
        case .stale: 1
        case .expired: 2
        }
    }
}
