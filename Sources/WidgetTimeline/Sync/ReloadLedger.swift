public import Foundation

/// Counts the reloads asked for per widget kind over a rolling 24 hours and says when a kind nears
/// its budget.
///
/// The system's budget is per widget, dynamic and unpublished: "typically 40–70 refreshes a day"
/// (docs/simulator.md, "daily budget"). The default warns at the low end.
public struct ReloadLedger: Sendable, Hashable {
    /// The reloads a day a kind is assumed to get.
    public var dailyBudget: Int
    /// The share of the budget at which a kind counts as near it.
    public var warningShare: Double

    private var requests: [String: [Date]] = [:]

    public init(dailyBudget: Int = 40, warningShare: Double = 0.8) {
        self.dailyBudget = max(1, dailyBudget)
        self.warningShare = min(max(0, warningShare), 1)
    }

    /// How a kind stands against its budget.
    public enum Status: Sendable, Hashable, CustomStringConvertible {
        case withinBudget(count: Int, budget: Int)
        case nearBudget(count: Int, budget: Int)
        case overBudget(count: Int, budget: Int)

        public var count: Int {
            switch self {
            case .withinBudget(let count, _), .nearBudget(let count, _), .overBudget(let count, _): count
            }
        }

        public var description: String {
            switch self {
            case .withinBudget(let count, let budget): "\(count) of \(budget) reloads in 24 h"
            case .nearBudget(let count, let budget): "\(count) of \(budget) reloads in 24 h: near the budget"
            case .overBudget(let count, let budget):
                "\(count) reloads in 24 h, over the budget of \(budget): the system will start refusing them"
            }
        }
    }

    /// Records a reload of `kind` at `instant` and returns the kind's status after it.
    @discardableResult
    public mutating func record(_ kind: String, at instant: Date) -> Status {
        let start = instant.addingTimeInterval(-24 * 3600)
        let count = Self.record(instant, after: start, in: &requests[kind, default: []])
        return Self.status(count: count, budget: dailyBudget, warningShare: warningShare)
    }

    /// Appends `instant` to `dates` and keeps only those in (`start`, `instant`]; returns how many.
    ///
    /// Instants normally arrive in order, so the window is kept sorted and trimmed from the front:
    /// a commit costs the same after a busy day as after a quiet one. An instant earlier than the
    /// last one (a clock set back) filters the whole window instead.
    private static func record(_ instant: Date, after start: Date, in dates: inout [Date]) -> Int {
        if let last = dates.last, last > instant {
            dates.append(instant)
            dates = window(dates, endingAt: instant)
            dates.sort()
            return dates.count
        }
        dates.append(instant)
        if let expired = dates.firstIndex(where: { $0 > start }), expired > 0 {
            dates.removeFirst(expired)
        }
        return dates.count
    }

    /// The reloads of `kind` in the 24 hours up to `instant`.
    public func count(of kind: String, at instant: Date) -> Int {
        Self.window(requests[kind] ?? [], endingAt: instant).count
    }

    public func status(of kind: String, at instant: Date) -> Status {
        Self.status(count: count(of: kind, at: instant), budget: dailyBudget, warningShare: warningShare)
    }

    private static func status(count: Int, budget: Int, warningShare: Double) -> Status {
        if count > budget { return .overBudget(count: count, budget: budget) }
        if Double(count) >= Double(budget) * warningShare { return .nearBudget(count: count, budget: budget) }
        return .withinBudget(count: count, budget: budget)
    }

    private static func window(_ dates: [Date], endingAt end: Date) -> [Date] {
        let start = end.addingTimeInterval(-24 * 3600)
        return dates.filter { $0 > start && $0 <= end }
    }
}
