public import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// A widget that shows a count — unread messages, steps today, open tasks — where 0 is a value.
///
/// A count that ``resetsDaily`` belongs to the local day its data was observed on: from the next
/// ``dayStart`` on it reads 0 until the app writes again. That reset is the kind's one change
/// point, and an event: a new day's 0 never shows before the day begins. Declared in a scenario as
/// `"type": "count"` (``GenericKind``).
public struct GenericCountWidget: WidgetKind {
    public typealias Payload = GenericCount
    public typealias Content = GenericCount

    public let kind: String
    public let freshness: FreshnessPolicy
    /// What is counted, for summaries: `"steps"` gives `8412 steps`.
    public var label: String?
    /// Whether the count is the day's and reads 0 from the next day start.
    public var resetsDaily: Bool
    /// When the count's day begins, local time.
    public var dayStart: DayStart

    /// - Parameters:
    ///   - kind: the widget's kind string, also its snapshot key.
    ///   - freshness: when the count turns stale, when it expires, and whether it is then hidden.
    ///   - label: what is counted, for summaries.
    ///   - resetsDaily: whether the count reads 0 from the day start after its data was observed.
    ///   - dayStart: when that day begins.
    public init(
        kind: String, freshness: FreshnessPolicy, label: String? = nil, resetsDaily: Bool = false,
        dayStart: DayStart = .midnight
    ) {
        self.kind = kind
        self.freshness = freshness
        self.label = label
        self.resetsDaily = resetsDaily
        self.dayStart = dayStart
    }

    public func content(of snapshot: Snapshot<GenericCount>, at instant: Date, in calendar: Calendar)
        -> GenericCount
    {
        guard let reset = reset(of: snapshot, in: calendar), instant >= reset else { return snapshot.payload }
        return GenericCount(count: 0)
    }

    public func changePoints(
        of snapshot: Snapshot<GenericCount>, after now: Date, through end: Date, in calendar: Calendar
    ) -> [Date] {
        guard let reset = reset(of: snapshot, in: calendar), reset > now, reset <= end else { return [] }
        return [reset]
    }

    /// A non-zero daily count with its observation: its screen depends on the day it was observed
    /// on (the same count observed after the day start is today's, not yesterday's reset to 0), so
    /// committing it again on another day must change the fingerprint and be saved.
    public func fingerprintedContent(of payload: GenericCount, observedAt: Date?) -> (any Encodable)? {
        guard resetsDaily, payload.count != 0, let observedAt else { return nil }
        return ObservedCount(count: payload.count, observedAt: observedAt)
    }

    /// Where a non-zero daily count starts reading 0: the first day start after its observation.
    private func reset(of snapshot: Snapshot<GenericCount>, in calendar: Calendar) -> Date? {
        guard resetsDaily, snapshot.payload.count != 0 else { return nil }
        return DayBoundaries(calendar: calendar, dayStart: dayStart).nextDayStart(
            after: snapshot.dataObservedAt)
    }

    /// `3`, or `3 unread` with a label.
    public func summary(of content: GenericCount, in calendar: Calendar) -> String {
        label.map { "\(content.count) \($0)" } ?? String(content.count)
    }

    public var preview: GenericCount { GenericCount(count: 3) }
}

/// What a daily count's fingerprint is taken of: the count and when it was observed.
private struct ObservedCount: Encodable {
    var count: Int
    var observedAt: Date
}

/// A generic count's payload and screen: `{ "count": 3 }`.
public struct GenericCount: Codable, Sendable, Equatable {
    /// How many; 0 is a value, not "unknown".
    public var count: Int

    public init(count: Int) { self.count = count }

    private enum CodingKeys: String, CodingKey { case count }

    /// Refuses a negative count rather than showing it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        count = try container.decode(Int.self, forKey: .count)
        guard count >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .count, in: container,
                debugDescription: "expected a count of 0 or more, found \(count)")
        }
    }
}
