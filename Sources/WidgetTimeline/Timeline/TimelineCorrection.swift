#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// One change the planner made to keep a timeline within its invariants, reported so a
/// widget author can see what was dropped and why.
public enum TimelineCorrection: Sendable, Hashable, CustomStringConvertible {
    /// An entry dated before `now` was dropped.
    case droppedPast(Date)
    /// A second entry at the same date was dropped.
    case droppedDuplicate(Date)
    /// An entry equal to the one before it was dropped.
    case mergedEqual(Date)
    /// An entry closer than the minimum spacing to the one before was folded into it: the earlier
    /// entry now shows the later state.
    case mergedWithinSpacing(dropped: Date, into: Date)
    /// A change that claims an event, closer than the minimum spacing to the entry before, was
    /// moved later, to the first instant the spacing allows: an event never shows before it happens.
    case delayedWithinSpacing(from: Date, to: Date)
    /// Entries past the horizon, the entry limit or the sample limit were cut, from `from` on; in a
    /// planned timeline, what stays true until the data changes is shown from there.
    case truncated(count: Int, from: Date)

    public var description: String {
        switch self {
        case .droppedPast(let date): "dropped an entry before now (\(Instant.format(date)))"
        case .droppedDuplicate(let date): "dropped a duplicate entry at \(Instant.format(date))"
        case .mergedEqual(let date): "merged an unchanged entry at \(Instant.format(date))"
        case .mergedWithinSpacing(let dropped, let into):
            "folded the entry at \(Instant.format(dropped)) into \(Instant.format(into)) (too close)"
        case .delayedWithinSpacing(let from, let to):
            "moved the event at \(Instant.format(from)) to \(Instant.format(to)) (too close to the entry before)"
        case .truncated(let count, let from): "cut \(count) entries from \(Instant.format(from)) on"
        }
    }
}
