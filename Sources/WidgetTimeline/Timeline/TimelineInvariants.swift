#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// The rules every timeline must keep, both as a repair (``enforce(_:now:protecting:)``) and as a
/// check (``violations(of:now:)``).
///
/// - at least one entry, the first at `now`, nothing before `now`;
/// - dates strictly increasing, no two at the same date;
/// - no entry equal to the one before it;
/// - entries at least ``minimumSpacing`` apart — within that window the state that will hold wins;
/// - at most ``maximumEntries`` entries, none past `now + horizon`.
public struct TimelineInvariants: Sendable, Hashable {
    public var minimumSpacing: TimeInterval
    public var maximumEntries: Int
    public var horizon: TimeInterval

    public init(minimumSpacing: TimeInterval, maximumEntries: Int, horizon: TimeInterval) {
        self.minimumSpacing = minimumSpacing
        self.maximumEntries = max(1, maximumEntries)
        self.horizon = horizon
    }

    public init(_ options: PlanningOptions) {
        self.init(
            minimumSpacing: options.minimumSpacing,
            maximumEntries: options.maximumEntries,
            horizon: options.horizon
        )
    }

    /// A rule a timeline breaks.
    public enum Violation: Sendable, Hashable, CustomStringConvertible {
        case empty
        case firstEntryNotAtNow(Date)
        case entryBeforeNow(index: Int)
        case notIncreasing(index: Int)
        case duplicateDate(index: Int)
        case equalToPrevious(index: Int)
        case tooClose(index: Int, seconds: TimeInterval)
        case tooMany(Int)
        case pastHorizon(index: Int)

        public var description: String {
            switch self {
            case .empty: "the timeline has no entries"
            case .firstEntryNotAtNow(let date): "the first entry is at \(Instant.format(date)), not now"
            case .entryBeforeNow(let index): "entry \(index) is before now"
            case .notIncreasing(let index): "entry \(index) is earlier than the entry before it"
            case .duplicateDate(let index): "entry \(index) has the same date as the entry before it"
            case .equalToPrevious(let index): "entry \(index) repeats the entry before it"
            case .tooClose(let index, let seconds):
                "entry \(index) is \(Int(seconds)) s after the entry before it"
            case .tooMany(let count): "the timeline has \(count) entries"
            case .pastHorizon(let index): "entry \(index) is past the horizon"
            }
        }
    }

    /// Repairs `entries` so they keep every rule, given that the timeline is built at `now`.
    ///
    /// An entry at `now` must already be present (the planner always samples `now`); if it is not,
    /// the earliest entry at or after `now` is moved to `now`, so "at least one entry" holds for any
    /// non-empty input with an entry not before `now`.
    ///
    /// It knows nothing of what entries claim: within the spacing the later state wins. The planner
    /// does not use it; it keeps its own claim rules (docs/planning.md, "Claims").
    ///
    /// - Parameters:
    ///   - entries: the entries to repair, in any order.
    ///   - now: when the timeline is built: the first entry's date.
    ///   - protected: dates whose entries survive the entry limit when there is room for them after
    ///     the first entry: freshness transitions, say, so that cutting a long timeline short never
    ///     leaves a fresh claim without the entry that withdraws it.
    @inlinable
    public func enforce<State>(
        _ entries: [PlannedEntry<State>], now: Date, protecting protected: Set<Date> = []
    ) -> (
        entries: [PlannedEntry<State>], corrections: [TimelineCorrection]
    ) {
        // Works on indices and dates and builds the entries once at the end: entries are generic
        // values, and copying them through every step costs more than the steps.
        var corrections: [TimelineCorrection] = []
        var order: [Int] = []
        order.reserveCapacity(entries.count)
        for index in entries.indices {
            if entries[index].date < now {
                corrections.append(.droppedPast(entries[index].date))
            } else {
                order.append(index)
            }
        }
        // Stable: for equal dates the later input wins, as the later sample of the same instant.
        // The planner's samples arrive sorted; only other input pays for the sort.
        if zip(order, order.dropFirst()).contains(where: { entries[$0].date > entries[$1].date }) {
            order.sort { (entries[$0].date, $0) < (entries[$1].date, $1) }
        }
        guard !order.isEmpty else { return ([], corrections) }

        // A kept entry: its date, and the input entry whose screen it shows.
        typealias Slot = (date: Date, source: Int)
        func sameScreen(_ a: Int, _ b: Int) -> Bool {
            entries[a].state == entries[b].state && entries[a].relevance == entries[b].relevance
        }

        var unique: [Slot] = []
        unique.reserveCapacity(order.count)
        for index in order {
            // The earliest entry not before now starts at now.
            let date = unique.isEmpty ? now : entries[index].date
            if let last = unique.last, last.date == date {
                corrections.append(.droppedDuplicate(date))
                unique[unique.count - 1].source = index
            } else {
                unique.append((date, index))
            }
        }

        var spaced: [Slot] = []
        spaced.reserveCapacity(unique.count)
        for slot in unique {
            guard let last = spaced.last else {
                spaced.append(slot)
                continue
            }
            if sameScreen(last.source, slot.source) {
                corrections.append(.mergedEqual(slot.date))
            } else if slot.date.timeIntervalSince(last.date) < minimumSpacing {
                corrections.append(.mergedWithinSpacing(dropped: slot.date, into: last.date))
                spaced[spaced.count - 1].source = slot.source
                // Folding may make it equal to the entry before it.
                if spaced.count >= 2, sameScreen(spaced[spaced.count - 2].source, slot.source) {
                    corrections.append(.mergedEqual(spaced[spaced.count - 1].date))
                    spaced.removeLast()
                }
            } else {
                spaced.append(slot)
            }
        }

        func build(_ slots: some Sequence<Slot>) -> [PlannedEntry<State>] {
            slots.map {
                PlannedEntry(
                    date: $0.date, state: entries[$0.source].state, relevance: entries[$0.source].relevance)
            }
        }
        let horizonEnd = now.addingTimeInterval(horizon)
        let withinHorizonCount = spaced.prefix { $0.date <= horizonEnd }.count
        guard withinHorizonCount > maximumEntries || withinHorizonCount < spaced.count else {
            return (build(spaced), corrections)
        }
        let withinHorizon = Array(spaced.prefix(withinHorizonCount))
        var kept = Array(withinHorizon.prefix(maximumEntries))
        if withinHorizon.count > maximumEntries {
            let protectedTail = withinHorizon.dropFirst().filter { protected.contains($0.date) }
            let regular = max(1, maximumEntries - protectedTail.count)
            kept = Array(withinHorizon.prefix(regular))
            for slot in protectedTail
            where slot.date > kept[kept.count - 1].date && kept.count < maximumEntries
                && !sameScreen(slot.source, kept[kept.count - 1].source)
            {
                kept.append(slot)
            }
        }
        let keptDates = Set(kept.map(\.date))
        if let firstDropped = spaced.first(where: { !keptDates.contains($0.date) }) {
            corrections.append(.truncated(count: spaced.count - kept.count, from: firstDropped.date))
        }
        return (build(kept), corrections)
    }

    /// Every rule `entries` breaks, in entry order; `now` is optional because a timeline read from
    /// a file may not say when it was built.
    public func violations<State>(of entries: [PlannedEntry<State>], now: Date?) -> [Violation] {
        guard let first = entries.first else { return [.empty] }
        var found: [Violation] = []
        if let now {
            if first.date != now { found.append(.firstEntryNotAtNow(first.date)) }
            for (index, entry) in entries.enumerated() where entry.date < now {
                found.append(.entryBeforeNow(index: index))
            }
            let horizonEnd = now.addingTimeInterval(horizon)
            for (index, entry) in entries.enumerated() where entry.date > horizonEnd {
                found.append(.pastHorizon(index: index))
            }
        }
        for index in entries.indices.dropFirst() {
            let previous = entries[index - 1]
            let entry = entries[index]
            if entry.date < previous.date {
                found.append(.notIncreasing(index: index))
            } else if entry.date == previous.date {
                found.append(.duplicateDate(index: index))
            } else if entry.date.timeIntervalSince(previous.date) < minimumSpacing {
                found.append(.tooClose(index: index, seconds: entry.date.timeIntervalSince(previous.date)))
            }
            if entry.state == previous.state && entry.relevance == previous.relevance {
                found.append(.equalToPrevious(index: index))
            }
        }
        if entries.count > maximumEntries { found.append(.tooMany(entries.count)) }
        return found
    }
}
