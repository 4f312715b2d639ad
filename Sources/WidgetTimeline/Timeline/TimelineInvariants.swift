import Foundation

/// The rules every timeline must keep (SPEC P3), both as a repair (``enforce(_:now:)``) and as a
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
    /// - Parameter protected: dates whose entries survive the entry limit when there is room for
    ///   them after the first entry. The planner protects freshness transitions, so cutting a long
    ///   timeline short never leaves a fresh claim without the entry that withdraws it.
    public func enforce<State>(
        _ entries: [PlannedEntry<State>], now: Date, protecting protected: Set<Date> = []
    ) -> (
        entries: [PlannedEntry<State>], corrections: [TimelineCorrection]
    ) {
        var corrections: [TimelineCorrection] = []
        var sorted: [PlannedEntry<State>] = []
        sorted.reserveCapacity(entries.count)
        for entry in entries {
            if entry.date < now {
                corrections.append(.droppedPast(entry.date))
            } else {
                sorted.append(entry)
            }
        }
        // Stable: for equal dates the later input wins, as the later sample of the same instant.
        // The planner's samples arrive sorted; only other input pays for the sort.
        if zip(sorted, sorted.dropFirst()).contains(where: { $0.date > $1.date }) {
            sorted = sorted.enumerated().sorted {
                ($0.element.date, $0.offset) < ($1.element.date, $1.offset)
            }
            .map(\.element)
        }
        guard !sorted.isEmpty else { return ([], corrections) }
        if sorted[0].date > now { sorted[0].date = now }

        var unique: [PlannedEntry<State>] = []
        unique.reserveCapacity(sorted.count)
        for entry in sorted {
            if let last = unique.last, last.date == entry.date {
                corrections.append(.droppedDuplicate(entry.date))
                unique[unique.count - 1] = entry
            } else {
                unique.append(entry)
            }
        }

        var spaced: [PlannedEntry<State>] = []
        spaced.reserveCapacity(unique.count)
        for entry in unique {
            guard let last = spaced.last else {
                spaced.append(entry)
                continue
            }
            if last.state == entry.state && last.relevance == entry.relevance {
                corrections.append(.mergedEqual(entry.date))
            } else if entry.date.timeIntervalSince(last.date) < minimumSpacing {
                corrections.append(.mergedWithinSpacing(dropped: entry.date, into: last.date))
                spaced[spaced.count - 1].state = entry.state
                spaced[spaced.count - 1].relevance = entry.relevance
                // Folding may make it equal to the entry before it.
                if spaced.count >= 2, spaced[spaced.count - 2].state == entry.state,
                    spaced[spaced.count - 2].relevance == entry.relevance
                {
                    corrections.append(.mergedEqual(spaced[spaced.count - 1].date))
                    spaced.removeLast()
                }
            } else {
                spaced.append(entry)
            }
        }

        let horizonEnd = now.addingTimeInterval(horizon)
        let withinHorizon = Array(spaced.prefix { $0.date <= horizonEnd })
        guard withinHorizon.count > maximumEntries || withinHorizon.count < spaced.count else {
            return (spaced, corrections)
        }
        var kept = Array(withinHorizon.prefix(maximumEntries))
        if withinHorizon.count > maximumEntries {
            let protectedTail = withinHorizon.dropFirst().filter { protected.contains($0.date) }
            let regular = max(1, maximumEntries - protectedTail.count)
            kept = Array(withinHorizon.prefix(regular))
            for entry in protectedTail
            where entry.date > kept[kept.count - 1].date && kept.count < maximumEntries {
                if entry.state == kept[kept.count - 1].state
                    && entry.relevance == kept[kept.count - 1].relevance
                {
                    continue
                }
                kept.append(entry)
            }
        }
        let keptDates = Set(kept.map(\.date))
        if let firstDropped = spaced.first(where: { !keptDates.contains($0.date) }) {
            corrections.append(.truncated(count: spaced.count - kept.count, from: firstDropped.date))
        }
        return (kept, corrections)
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
