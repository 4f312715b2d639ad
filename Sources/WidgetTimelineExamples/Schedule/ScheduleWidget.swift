public import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// A dose or check-in schedule: the next item moves from upcoming to due at its time and
/// to overdue an hour later, and today's count starts again at each day start.
///
/// "Due at 11:00, now 09:00" plans entries at 09:00 (upcoming), 11:00 (due) and 12:00 (overdue);
/// the view shows "in 2 hours" with a relative date, so no hourly entries are needed.
///
/// Every change it names is an event (the default ``WidgetKind/changeClaim(from:to:)``): a dose
/// due, an item overdue, a new day's count must never show before its instant. Where a timeline
/// ends before the phases do, its last entry shows ``SchedulePhase/pending``: how many items are
/// pending and the first one's time, which stays true until the app writes again.
public struct ScheduleWidget: WidgetKind {
    public typealias Payload = SchedulePayload
    public typealias Content = ScheduleContent

    public let kind = "schedule"
    /// The schedule is the app's own data, pushed on every change; it is worth a refresh after 6 h,
    /// shown as last known after 12 h, and expired (still shown, with its time) after 36 h.
    public var freshness = FreshnessPolicy(
        staleAfter: 12 * 3600, expiresAfter: 36 * 3600, refreshAfter: 6 * 3600)
    /// How long after its due time an item counts as overdue.
    public var overdueAfter: TimeInterval = 3600
    /// When the widget's day begins; today's count resets there.
    public var dayStart: DayStart = .midnight

    public init() {}

    public func content(of snapshot: Snapshot<SchedulePayload>, at instant: Date, in calendar: Calendar)
        -> ScheduleContent
    {
        var countedDay = CountedDay(
            snapshot: snapshot, boundaries: DayBoundaries(calendar: calendar, dayStart: dayStart))
        return content(of: snapshot.payload, at: instant, countIsToday: countedDay.contains(instant))
    }

    /// The screens at `instants`, finding the day the count belongs to once for all of them.
    public func contents(of snapshot: Snapshot<SchedulePayload>, at instants: [Date], in calendar: Calendar)
        -> [ScheduleContent]
    {
        var countedDay = CountedDay(
            snapshot: snapshot, boundaries: DayBoundaries(calendar: calendar, dayStart: dayStart))
        return instants.map { content(of: snapshot.payload, at: $0, countIsToday: countedDay.contains($0)) }
    }

    private func content(of payload: SchedulePayload, at instant: Date, countIsToday: Bool) -> ScheduleContent
    {
        let doneToday = countIsToday ? payload.completedToday : 0
        // The latest item already due wins (an overdue dose must not hide behind the next one);
        // before any is due, the earliest upcoming one. One pass, no sorting: this runs per entry.
        var latestDue: Date?
        var earliest: Date?
        for due in payload.pending {
            if due <= instant, latestDue.map({ due > $0 }) ?? true { latestDue = due }
            if earliest.map({ due < $0 }) ?? true { earliest = due }
        }
        guard let focus = latestDue ?? earliest else {
            return ScheduleContent(phase: .clear, dueAt: nil, completedToday: doneToday, remaining: 0)
        }
        let phase: SchedulePhase
        if instant < focus {
            phase = .upcoming
        } else if instant < focus.addingTimeInterval(overdueAfter) {
            phase = .due
        } else {
            phase = .overdue
        }
        let remaining = payload.pending.reduce(0) { $1 >= focus ? $0 + 1 : $0 }
        return ScheduleContent(phase: phase, dueAt: focus, completedToday: doneToday, remaining: remaining)
    }

    /// The local day the snapshot's count was taken on: from the day start containing the instant
    /// its data was observed (``Snapshot/dataObservedAt``, not when the snapshot was written: a save
    /// that finishes after midnight still holds the day before's count) to the next one. Each end
    /// is found when first needed, then remembered.
    private struct CountedDay {
        let observed: Date
        let boundaries: DayBoundaries
        private var start: Date?
        private var knownEnd: Date?

        init(snapshot: Snapshot<SchedulePayload>, boundaries: DayBoundaries) {
            self.observed = snapshot.dataObservedAt
            self.boundaries = boundaries
        }

        /// Whether `instant` falls on that day: the count was taken on the day its data was
        /// observed, and a later day has none yet.
        mutating func contains(_ instant: Date) -> Bool {
            if instant >= observed { return instant < end }
            let start = self.start ?? boundaries.dayStart(containing: observed)
            self.start = start
            return instant >= start
        }

        /// The next day start after the data was observed: where the count reads 0 from then on.
        var end: Date {
            mutating get {
                let end = knownEnd ?? boundaries.nextDayStart(after: observed)
                knownEnd = end
                return end
            }
        }
    }

    /// What stays true from `instant` on until the app writes again: the screen at `instant` if no
    /// due time, overdue time or reset of today's count lies ahead; otherwise the pending count and
    /// the first due time without a phase, and today's count only once it has been reset for good.
    public func lastingContent(
        of snapshot: Snapshot<SchedulePayload>, from instant: Date, in calendar: Calendar
    )
        -> ScheduleContent?
    {
        var countedDay = CountedDay(
            snapshot: snapshot, boundaries: DayBoundaries(calendar: calendar, dayStart: dayStart))
        // The count reads 0 for good once its day is over (or if it is 0); before that it changes.
        let countLasts = instant >= countedDay.end || snapshot.payload.completedToday == 0
        let settled = snapshot.payload.pending.allSatisfy { $0.addingTimeInterval(overdueAfter) <= instant }
        if settled {
            var screen = content(
                of: snapshot.payload, at: instant, countIsToday: countedDay.contains(instant))
            if !countLasts { screen.completedToday = nil }
            return screen
        }
        return ScheduleContent(
            phase: .pending, dueAt: snapshot.payload.pending.min(), completedToday: countLasts ? 0 : nil,
            remaining: snapshot.payload.pending.count)
    }

    /// A change to the lasting ``SchedulePhase/pending`` screen claims less than any phase (unless
    /// it also shows a new day's count); every other change is an event.
    public func changeClaim(from old: ScheduleContent, to new: ScheduleContent) -> ChangeClaim {
        let sameCount = new.completedToday == nil || new.completedToday == old.completedToday
        return new.phase == .pending && sameCount ? .withdrawal : .event
    }

    /// The payload with its observation when today's count is not 0: the count belongs to the
    /// day it was observed on, so the same payload observed on another day is another screen (0
    /// done until then, not yesterday's count) and must be saved.
    public func fingerprintedContent(of payload: SchedulePayload, observedAt: Date?) -> (any Encodable)? {
        guard payload.completedToday != 0, let observedAt else { return nil }
        return ObservedSchedule(payload: payload, observedAt: observedAt)
    }

    public func changePoints(
        of snapshot: Snapshot<SchedulePayload>,
        after now: Date,
        through end: Date,
        in calendar: Calendar
    ) -> [Date] {
        // Only the window's points: a snapshot at the size cap holds some 45,000 due times, and
        // the planner keeps what lies in `(now, end]` anyway.
        var points: [Date] = []
        for due in snapshot.payload.pending {
            if due > now, due <= end { points.append(due) }
            let overdue = due.addingTimeInterval(overdueAfter)
            if overdue > now, overdue <= end { points.append(overdue) }
        }
        points += DayBoundaries(calendar: calendar, dayStart: dayStart).dayStarts(after: now, through: end)
        return points
    }

    public func relevance(of state: WidgetState<ScheduleContent>) -> EntryRelevance? {
        switch state.content?.phase {
        case .due?: EntryRelevance(score: 1, duration: overdueAfter)
        case .overdue?: EntryRelevance(score: 0.5)
        default: nil
        }
    }

    public func summary(of content: ScheduleContent, in calendar: Calendar) -> String {
        let time = ExampleFormatting.clock(content.dueAt, in: calendar.timeZone)
        let focus =
            switch content.phase {
            case .upcoming: "next at \(time)"
            case .due: "due since \(time)"
            case .overdue: "overdue since \(time), check needed"
            case .clear: "all done"
            case .pending: "\(content.remaining) pending, the first at \(time)"
            }
        let left = content.phase == .pending ? "" : " · \(content.remaining) left"
        return focus + left + (content.completedToday.map { " · \($0) done today" } ?? "")
    }

    public var preview: SchedulePayload { .preview }

    public func deepLink(for payload: SchedulePayload?) -> URL? { ExampleDeepLink.url("schedule") }
}

/// What a schedule's fingerprint is taken of when its count depends on the day: the payload and
/// when it was observed.
private struct ObservedSchedule: Encodable {
    var payload: SchedulePayload
    var observedAt: Date
}

/// What the host app writes for the schedule widget: pending due times and today's count. No
/// titles or medication names: the widget does not need them to be useful on a lock screen.
public struct SchedulePayload: Codable, Sendable, Equatable {
    /// Due times of items not yet done, in any order.
    public var pending: [Date]
    /// Items done on the day the data was observed (`observedAt`, or `generatedAt` without it).
    public var completedToday: Int

    public init(pending: [Date], completedToday: Int) {
        self.pending = pending
        self.completedToday = completedToday
    }

    private enum CodingKeys: String, CodingKey {
        case pending
        case completedToday
    }

    /// Refuses a negative count: "-2 done today" is not something the host can have meant.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pending = try container.decode([Date].self, forKey: .pending)
        completedToday = try container.decode(Int.self, forKey: .completedToday)
        guard completedToday >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .completedToday, in: container,
                debugDescription: "expected a count of 0 or more, found \(completedToday)")
        }
    }

    /// Gallery data: two items later in a fixed sample day, one done.
    public static let preview = SchedulePayload(
        pending: [Date(timeIntervalSince1970: 1_798_534_800), Date(timeIntervalSince1970: 1_798_556_400)],
        completedToday: 1
    )
}

/// Where the focused item stands.
public enum SchedulePhase: String, Codable, Sendable, Equatable, CaseIterable, JSONChoice {
    /// Its time has not come.
    case upcoming
    /// Its time has come, within the grace period.
    case due
    /// Past the grace period and not done: "check needed".
    case overdue
    /// Nothing pending.
    case clear
    /// Items are pending, and the timeline does not say which phase each is in: what the last entry
    /// of a timeline that ends before the phases do shows, because it stays true until the app
    /// writes again. The view shows the count and the first due time as a relative date
    /// ("3 pending, the first 2 hours ago").
    case pending
}

/// One screen of the schedule widget.
public struct ScheduleContent: Codable, Sendable, Equatable {
    public var phase: SchedulePhase
    /// The focused item's due time (the view renders "in 2 hours" from it with a relative date).
    public var dueAt: Date?
    /// Items done today; `nil` where a lasting screen cannot say (the day's count will reset).
    public var completedToday: Int?
    /// Pending items from the focused one on (all of them for ``SchedulePhase/pending``).
    public var remaining: Int

    public init(phase: SchedulePhase, dueAt: Date?, completedToday: Int?, remaining: Int) {
        self.phase = phase
        self.dueAt = dueAt
        self.completedToday = completedToday
        self.remaining = remaining
    }

}
