import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// One widget instance's reload budget: at most ``limit`` charged reloads per window, the window
/// either rolling (a charge stops counting ``window`` after it was spent) or reset at given
/// instants (``BudgetRefill``; the rule is not published, so both are modelled).
///
/// A reload is charged when it happens; it stops counting when its window has passed, which is
/// when "new budget is available" again.
public struct ReloadBudget: Sendable, Hashable {
    /// Charged reloads allowed per window; `nil` is unlimited.
    public let limit: Int?
    public let window: TimeInterval
    /// The instants at which every charge stops counting, ascending; empty for a rolling window.
    public let resets: [Date]
    /// Instants of the charged reloads still inside the window, oldest first (a ring would do; a
    /// head index keeps removal O(1) without one).
    private var charges: [Date] = []
    private var head = 0
    private var nextReset = 0

    /// - Parameters:
    ///   - limit: charged reloads the window holds; `nil` is unlimited.
    ///   - window: how long a charge counts, for a rolling window.
    ///   - resets: the instants at which all charges stop counting (a daily refill); empty for a
    ///     rolling window.
    public init(limit: Int?, window: TimeInterval, resets: [Date] = []) {
        self.limit = limit
        self.window = window
        self.resets = resets
    }

    /// Charged reloads inside the window ending at `now`.
    public mutating func used(at now: Date) -> Int {
        expire(before: now)
        return charges.count - head
    }

    /// Whether one more reload may be charged at `now`.
    public mutating func allows(at now: Date) -> Bool {
        guard let limit else { return true }
        return used(at: now) < limit
    }

    /// Records a charged reload at `now`. The caller has checked ``allows(at:)``.
    public mutating func charge(at now: Date) {
        guard limit != nil else { return }
        expire(before: now)
        charges.append(now)
    }

    /// Moves the newest charge to `instant`, later than it was made: the reload it paid for was
    /// decided then but started only now (the extension was busy), and a reload counts from its
    /// start, as the trace shows it.
    public mutating func deferNewestCharge(to instant: Date) {
        guard limit != nil, let newest = charges.last, instant > newest else { return }
        refundNewestCharge()
        charge(at: instant)
    }

    /// Takes back the newest charge: the reload it paid for started when reloads were free.
    public mutating func refundNewestCharge() {
        guard !charges.isEmpty else { return }
        charges.removeLast()
        head = min(head, charges.count)
    }

    /// Charges that may still be spent at `now`; `nil` when the budget is unlimited.
    public mutating func remaining(at now: Date) -> Int? {
        limit.map { max(0, $0 - used(at: now)) }
    }

    /// The first instant after `now` at which a reload may be charged again; `now` when one may be
    /// charged already.
    public mutating func nextAvailable(after now: Date) -> Date {
        guard let limit, used(at: now) >= limit else { return now }
        if limit == 0 { return Instant.afterAll }
        guard resets.isEmpty else { return nextReset < resets.count ? resets[nextReset] : Instant.afterAll }
        // The reload that must leave the window for one slot to free up.
        let blocking = charges[charges.count - limit]
        return blocking.addingTimeInterval(window)
    }

    private mutating func expire(before now: Date) {
        if resets.isEmpty {
            let cutoff = now.addingTimeInterval(-window)
            while head < charges.count, charges[head] <= cutoff { head += 1 }
        } else {
            while nextReset < resets.count, resets[nextReset] <= now { nextReset += 1 }
            if nextReset > 0 {
                let reset = resets[nextReset - 1]
                while head < charges.count, charges[head] < reset { head += 1 }
            }
        }
        if head > 64, head * 2 > charges.count {
            charges.removeFirst(head)
            head = 0
        }
    }
}
