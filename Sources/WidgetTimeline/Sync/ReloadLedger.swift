#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// Counts, per kind over a rolling 24 hours, what each refresh channel spends — timeline reloads,
/// control reloads and received pushes — and says when one nears its budget, before it is burned.
///
/// The system's timeline budget is per widget, dynamic and unpublished: "typically 40–70
/// refreshes a day" (docs/simulator.md, "daily budget"); the default warns at the low end. Apple
/// publishes no number for pushes and none for control reloads, so those counters have no budget
/// unless one is given: they are counted and reported, and warn only against a budget you set.
public struct ReloadLedger: Sendable, Hashable {
    /// What a count is of.
    public enum Counter: String, Sendable, Hashable, CaseIterable, Comparable {
        /// Timeline reloads asked of `WidgetCenter`.
        case timelineReloads = "timeline-reloads"
        /// Control reloads asked of `ControlCenter`.
        case controlReloads = "control-reloads"
        /// Pushes received that reloaded the kind's timelines.
        case receivedPushes = "received-pushes"

        /// The counter a reload on `channel` spends.
        public init(_ channel: ReloadTarget.Channel) {
            switch channel {
            case .timelines: self = .timelineReloads
            case .controls: self = .controlReloads
            }
        }

        public static func < (lhs: Counter, rhs: Counter) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The timeline reloads a day a kind is assumed to get.
    public var dailyBudget: Int
    /// The control reloads a day a control kind is assumed to get; `nil`: unknown, never warned of.
    public var controlBudget: Int?
    /// The pushes a day a kind is assumed to get; `nil`: unknown, never warned of.
    public var pushBudget: Int?
    /// The share of a budget at which a kind counts as near it.
    public var warningShare: Double

    private var events: [Counter: [String: [Date]]] = [:]

    /// - Parameters:
    ///   - dailyBudget: the timeline reloads a day a kind is assumed to get.
    ///   - controlBudget: the control reloads a day; `nil` when unknown.
    ///   - pushBudget: the pushes a day; `nil` when unknown.
    ///   - warningShare: the share of a budget from which a kind is near it, from 0 to 1.
    ///
    /// A budget is kept as given, zero included (the first event is then over it, as a push
    /// planner's budget of zero sends nothing); a negative one counts as zero.
    public init(
        dailyBudget: Int = 40, controlBudget: Int? = nil, pushBudget: Int? = nil, warningShare: Double = 0.8
    ) {
        self.dailyBudget = max(0, dailyBudget)
        self.controlBudget = controlBudget.map { max(0, $0) }
        self.pushBudget = pushBudget.map { max(0, $0) }
        self.warningShare = min(max(0, warningShare), 1)
    }

    /// The budget of a counter, `nil` when none is known.
    public func budget(of counter: Counter) -> Int? {
        switch counter {
        case .timelineReloads: dailyBudget
        case .controlReloads: controlBudget
        case .receivedPushes: pushBudget
        }
    }

    /// How a kind stands against its budget.
    public enum Status: Sendable, Hashable, CustomStringConvertible {
        case withinBudget(count: Int, budget: Int)
        case nearBudget(count: Int, budget: Int)
        case overBudget(count: Int, budget: Int)
        /// Counted, with no budget to compare against.
        case unbudgeted(count: Int)

        public var count: Int {
            switch self {
            case .withinBudget(let count, _), .nearBudget(let count, _), .overBudget(let count, _),
                .unbudgeted(let count):
                count
            }
        }

        /// `near-budget`, `over-budget`, or `nil`: the mark a diagnostic event gets.
        public var mark: String? {
            switch self {
            case .nearBudget: "near-budget"
            case .overBudget: "over-budget"
            case .withinBudget, .unbudgeted: nil
            }
        }

        public var description: String {
            switch self {
            case .withinBudget(let count, let budget): "\(count) of \(budget) reloads in 24 h"
            case .nearBudget(let count, let budget): "\(count) of \(budget) reloads in 24 h: near the budget"
            case .overBudget(let count, let budget):
                "\(count) reloads in 24 h, over the budget of \(budget): the system will start refusing them"
            case .unbudgeted(let count): "\(count) in 24 h, against no known budget"
            }
        }
    }

    /// Records a timeline reload of `kind` at `instant` and returns the kind's status after it.
    @discardableResult
    public mutating func record(_ kind: String, at instant: Date) -> Status {
        record(.timelineReloads, of: kind, at: instant)
    }

    /// Records one event of `counter` for `kind` at `instant` and returns the status after it.
    @discardableResult
    public mutating func record(_ counter: Counter, of kind: String, at instant: Date) -> Status {
        let count = Self.record(instant, in: &events[counter, default: [:]][kind, default: []])
        return status(counter, count: count)
    }

    /// How long events are kept after the latest one: a day for the window, and a day more so that
    /// an instant up to a day before the latest (a clock set back) still finds its whole window.
    private static let retention: TimeInterval = 2 * 24 * 3600

    /// Adds `instant` to the sorted `dates`, forgets those more than ``retention`` before the
    /// latest, and returns how many are in the 24 hours up to `instant`.
    ///
    /// Instants normally arrive in order: the instant is appended and the expired ones trimmed from
    /// the front, so a commit costs the same after a busy day as after a quiet one. An instant
    /// earlier than the last one (a clock set back) is inserted in its place and takes nothing
    /// away: the events stamped after it still happened, and count again once the clock passes
    /// their instants.
    private static func record(_ instant: Date, in dates: inout [Date]) -> Int {
        if let last = dates.last, last > instant {
            dates.insert(instant, at: firstIndex(after: instant, in: dates))
        } else {
            dates.append(instant)
        }
        if let latest = dates.last {
            let expired = firstIndex(after: latest.addingTimeInterval(-retention), in: dates)
            if expired > 0 { dates.removeFirst(expired) }
        }
        return count(in: dates, endingAt: instant)
    }

    /// The index of the first of the sorted `dates` after `instant`.
    private static func firstIndex(after instant: Date, in dates: [Date]) -> Int {
        var low = 0
        var high = dates.count
        while low < high {
            let middle = (low + high) / 2
            if dates[middle] > instant { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// How many of the sorted `dates` are in (`end` − 24 h, `end`].
    private static func count(in dates: [Date], endingAt end: Date) -> Int {
        firstIndex(after: end, in: dates) - firstIndex(after: end.addingTimeInterval(-24 * 3600), in: dates)
    }

    /// The timeline reloads of `kind` in the 24 hours up to `instant`.
    public func count(of kind: String, at instant: Date) -> Int {
        count(.timelineReloads, of: kind, at: instant)
    }

    /// The events of `counter` for `kind` in the 24 hours up to `instant`: exact for any instant
    /// from a day before the latest event recorded on; earlier than that, events more than two days
    /// before the latest are forgotten and not counted.
    public func count(_ counter: Counter, of kind: String, at instant: Date) -> Int {
        Self.count(in: events[counter]?[kind] ?? [], endingAt: instant)
    }

    /// The timeline-reload status of `kind` at `instant`.
    public func status(of kind: String, at instant: Date) -> Status {
        status(.timelineReloads, of: kind, at: instant)
    }

    /// The status of `counter` for `kind` at `instant`.
    public func status(_ counter: Counter, of kind: String, at instant: Date) -> Status {
        status(counter, count: count(counter, of: kind, at: instant))
    }

    /// Every counter and kind with a count in the 24 hours up to `instant`, sorted.
    public func statuses(at instant: Date) -> [(counter: Counter, kind: String, status: Status)] {
        events.keys.sorted().flatMap { counter in
            (events[counter] ?? [:]).keys.sorted().compactMap { kind in
                let status = status(counter, of: kind, at: instant)
                return status.count > 0 ? (counter, kind, status) : nil
            }
        }
    }

    private func status(_ counter: Counter, count: Int) -> Status {
        guard let budget = budget(of: counter) else { return .unbudgeted(count: count) }
        if count > budget { return .overBudget(count: count, budget: budget) }
        if Double(count) >= Double(budget) * warningShare { return .nearBudget(count: count, budget: budget) }
        return .withinBudget(count: count, budget: budget)
    }
}
