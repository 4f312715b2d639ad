public import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// A widget that shows a schedule of items — meetings, departures, classes: the item under way,
/// the next one and how many are still to begin.
///
/// Each item begins at its `at` and is under way for ``itemDuration`` (0: items are never under
/// way, only next). Its beginning and its end are the kind's change points, and both are events:
/// the next item never shows before the one before it has begun, and an item never shows as
/// over before it ends. Once every item is over, the screen stays as it is; before that a
/// timeline that ends early ends with "unavailable (timeline-ended)". Declared in a scenario as
/// `"type": "schedule"` (``GenericKind``).
public struct GenericScheduleWidget: WidgetKind {
    public typealias Payload = GenericSchedule
    public typealias Content = GenericScheduleContent

    public let kind: String
    public let freshness: FreshnessPolicy
    /// How long an item is under way after it begins.
    public var itemDuration: TimeInterval

    /// - Parameters:
    ///   - kind: the widget's kind string, also its snapshot key.
    ///   - freshness: when the schedule turns stale, when it expires, and whether it is then hidden.
    ///   - itemDuration: how long an item is under way after it begins, in seconds.
    public init(kind: String, freshness: FreshnessPolicy, itemDuration: TimeInterval = 0) {
        self.kind = kind
        self.freshness = freshness
        self.itemDuration = max(0, itemDuration)
    }

    public func content(of snapshot: Snapshot<GenericSchedule>, at instant: Date, in calendar: Calendar)
        -> GenericScheduleContent
    {
        var current: GenericScheduleItem?
        var next: GenericScheduleItem?
        var upcoming = 0
        // One pass, no sorting: the latest item begun and not over, the earliest not begun (the
        // first written among equals).
        for item in snapshot.payload.items {
            if item.at > instant {
                upcoming += 1
                if next.map({ item.at < $0.at }) ?? true { next = item }
            } else if instant < item.at.addingTimeInterval(itemDuration) {
                if current.map({ item.at >= $0.at }) ?? true { current = item }
            }
        }
        return GenericScheduleContent(current: current, next: next, upcoming: upcoming)
    }

    public func changePoints(
        of snapshot: Snapshot<GenericSchedule>, after now: Date, through end: Date, in calendar: Calendar
    ) -> [Date] {
        var points: [Date] = []
        for item in snapshot.payload.items {
            for point in [item.at, item.at.addingTimeInterval(itemDuration)] where point > now && point <= end
            {
                points.append(point)
            }
        }
        return points
    }

    /// `now Standup · next 14:00 Review · 3 upcoming`; times in `calendar`'s zone.
    public func summary(of content: GenericScheduleContent, in calendar: Calendar) -> String {
        var parts: [String] = []
        if let current = content.current { parts.append("now \(current.title ?? "an item")") }
        if let next = content.next {
            let time =
                Instant.format(next.at, in: calendar.timeZone).split(separator: "T").last?.prefix(5) ?? ""
            parts.append("next \(time)" + (next.title.map { " \($0)" } ?? ""))
        }
        parts.append(
            content.upcoming == 0 && content.current == nil ? "nothing left" : "\(content.upcoming) upcoming")
        return parts.joined(separator: " · ")
    }

    public var preview: GenericSchedule { GenericSchedule(items: []) }
}

/// A generic schedule's payload: `{ "items": [ { "at": "2026-11-30T09:00:00+09:00", "title": "Standup" } ] }`.
public struct GenericSchedule: Codable, Sendable, Equatable {
    /// The items, in any order.
    public var items: [GenericScheduleItem]

    public init(items: [GenericScheduleItem]) { self.items = items }
}

/// One item of a schedule: when it begins, and optionally what it is called.
public struct GenericScheduleItem: Codable, Sendable, Equatable {
    public var at: Date
    public var title: String?

    public init(at: Date, title: String? = nil) {
        self.at = at
        self.title = title
    }
}

/// One screen of a generic schedule.
public struct GenericScheduleContent: Codable, Sendable, Equatable {
    /// The item under way, if one is (the latest begun of several).
    public var current: GenericScheduleItem?
    /// The next item to begin.
    public var next: GenericScheduleItem?
    /// How many items are still to begin, the next one included.
    public var upcoming: Int

    public init(current: GenericScheduleItem?, next: GenericScheduleItem?, upcoming: Int) {
        self.current = current
        self.next = next
        self.upcoming = upcoming
    }
}
