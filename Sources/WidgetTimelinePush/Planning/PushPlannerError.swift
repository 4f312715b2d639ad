#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// Why a ``PushPlanner`` could not be made, naming the value.
public enum PushPlannerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The window is not a whole number of milliseconds from 0.001 s up to
    /// ``PushPlanner/longestWindow``.
    case windowOutOfRange(TimeInterval)
    /// The budget allows a negative number of pushes.
    case negativeBudget(Int)

    public var description: String {
        switch self {
        case .windowOutOfRange(let seconds):
            "the push window must be whole milliseconds from 0.001 s to \(Int(PushPlanner.longestWindow)) s (366 days), "
                + "not \(seconds)"
        case .negativeBudget(let count):
            "the push budget must be zero or more pushes per 24 h, not \(count)"
        }
    }
}
