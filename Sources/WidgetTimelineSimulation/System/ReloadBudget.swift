public import Foundation

/// One widget instance's reload budget: at most ``limit`` charged reloads in any rolling
/// ``window`` (row a.1: per instance, 24 h rolling, not reset at midnight).
///
/// A reload is charged when it happens; it stops counting exactly ``window`` later, which is when
/// "new budget is available" again (row a.1, WWDC21).
public struct ReloadBudget: Sendable, Hashable {
    /// Charged reloads allowed per window; `nil` is unlimited.
    public let limit: Int?
    public let window: TimeInterval
    /// Instants of the charged reloads still inside the window, oldest first (a ring would do; a
    /// head index keeps removal O(1) without one).
    private var charges: [Date] = []
    private var head = 0

    public init(limit: Int?, window: TimeInterval) {
        self.limit = limit
        self.window = window
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

    /// The first instant after `now` at which a reload may be charged again; `now` when one may be
    /// charged already.
    public mutating func nextAvailable(after now: Date) -> Date {
        guard let limit, used(at: now) >= limit else { return now }
        if limit == 0 { return .distantFuture }
        // The reload that must leave the window for one slot to free up.
        let blocking = charges[charges.count - limit]
        return blocking.addingTimeInterval(window)
    }

    private mutating func expire(before now: Date) {
        let cutoff = now.addingTimeInterval(-window)
        while head < charges.count, charges[head] <= cutoff { head += 1 }
        if head > 64, head * 2 > charges.count {
            charges.removeFirst(head)
            head = 0
        }
    }
}
