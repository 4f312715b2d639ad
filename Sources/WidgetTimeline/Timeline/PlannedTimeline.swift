#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// Entries plus a reload policy: what WidgetKit's `Timeline` carries, in a platform-neutral value.
///
/// Named `PlannedTimeline` rather than `Timeline` so an extension that imports both WidgetKit and
/// this package never has to qualify either name.
public struct PlannedTimeline<State: Sendable & Equatable>: Sendable, Equatable {
    public var entries: [PlannedEntry<State>]
    public var policy: ReloadPolicy

    public init(entries: [PlannedEntry<State>], policy: ReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }

    /// The entry on screen at `instant` if the timeline was installed before it: the last entry
    /// whose date is not after `instant`, or `nil` before the first.
    public func entry(at instant: Date) -> PlannedEntry<State>? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].date <= instant { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : entries[low - 1]
    }

    /// The earliest instant the system may ask for a new timeline (`nil` for `.never`).
    public var earliestReload: Date? {
        guard !entries.isEmpty else {
            if case .after(let date) = policy { return date }
            return nil
        }
        return policy.earliestReload(lastEntryDate: entries[entries.count - 1].date)
    }
}

extension PlannedTimeline: Codable where State: Codable {}
