#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// Where local days begin, computed from the time zone's real offset history.
///
/// Adding 86,400 seconds, or `date(byAdding: .day, value: 1, to: startOfDay(for:))`, goes wrong on
/// the days around a DST change: in America/Havana the day after 2026-03-08 would "start" at 01:00.
/// This type instead asks, for the wall-clock time the day starts at, for the *first instant at
/// which the local clock reads that time or later*. That one rule covers every case:
///
/// - a day start inside a DST gap (Havana and Santiago skip midnight) is the first instant after
///   the gap;
/// - a day start inside a repeated hour takes its first occurrence;
/// - a calendar day that does not exist at all (Pacific/Apia skipped 2011-12-30) has no start of
///   its own, so the next day start after 2011-12-29 is 2011-12-31 00:00 +14:00;
/// - 23- and 25-hour days, 30-minute shifts (Australia/Lord_Howe), month ends and leap days need
///   no special case, because local dates are counted in the proleptic Gregorian calendar and
///   only instants go through the time zone.
public struct DayBoundaries: Sendable, Hashable {
    /// The zone whose local days are counted.
    public var timeZone: TimeZone
    /// The local time at which each day begins.
    public var dayStart: DayStart

    public init(timeZone: TimeZone, dayStart: DayStart = .midnight) {
        self.timeZone = timeZone
        self.dayStart = dayStart
    }

    /// Uses the calendar's time zone. Every calendar Foundation offers has days that change at
    /// local midnight, so only the zone matters.
    public init(calendar: Calendar, dayStart: DayStart = .midnight) {
        self.init(timeZone: calendar.timeZone, dayStart: dayStart)
    }

    /// The first day start strictly after `instant`.
    public func nextDayStart(after instant: Date) -> Date {
        var offsets = ZoneOffsets(timeZone: timeZone)
        return nextDayStart(after: instant, offsets: &offsets)
    }

    /// The day start at or before `instant`: when the local day containing `instant` began.
    public func dayStart(containing instant: Date) -> Date {
        var offsets = ZoneOffsets(timeZone: timeZone)
        let next = nextDayStart(after: instant, offsets: &offsets)
        // The day start before `next`: step back local days until one lands at or before `instant`.
        let nextSeconds = Self.seconds(next)
        let localNext = nextSeconds + offsets.offset(at: next)
        var (localDay, _) = (localNext - dayStart.secondsAfterMidnight).floorDivided(by: 86_400)
        let instantSeconds = Self.seconds(instant)
        while true {
            localDay -= 1
            if let start = start(ofLocalDay: localDay, offsets: &offsets), start <= instantSeconds {
                return Date(timeIntervalSince1970: Double(start))
            }
        }
    }

    /// Every day start in `(start, end]`, in order.
    public func dayStarts(after start: Date, through end: Date) -> [Date] {
        var offsets = ZoneOffsets(timeZone: timeZone)
        var result: [Date] = []
        var cursor = start
        while true {
            let next = nextDayStart(after: cursor, offsets: &offsets)
            guard next <= end else { return result }
            result.append(next)
            cursor = next
        }
    }

    /// ``nextDayStart(after:)``, asking the zone through `offsets`, which remembers its answers for
    /// the next question.
    private func nextDayStart(after instant: Date, offsets: inout ZoneOffsets) -> Date {
        let instantSeconds = Self.seconds(instant)
        let localSeconds = instantSeconds + offsets.offset(at: instant)
        let (today, secondsIntoDay) = localSeconds.floorDivided(by: 86_400)
        // Any day whose start the local clock has already reached began at or before `instant`
        // (the first instant the clock read that time came no later than now), so the search
        // starts with today if its start is still ahead on the clock, else with tomorrow.
        var localDay = secondsIntoDay < dayStart.secondsAfterMidnight ? today : today + 1
        while true {
            if let start = start(ofLocalDay: localDay, offsets: &offsets), start > instantSeconds {
                return Date(timeIntervalSince1970: Double(start))
            }
            localDay += 1
        }
    }

    /// The day start of the local date `localDay` (days since 1970-01-01), or `nil` when the zone
    /// skipped that whole date.
    private func start(ofLocalDay localDay: Int64, offsets: inout ZoneOffsets) -> Int64? {
        let wallClock = localDay * 86_400 + dayStart.secondsAfterMidnight
        let start = firstInstant(atOrAfterWallClock: wallClock, offsets: &offsets)
        // The clock read the day start on that very date: the date exists.
        if start.localWallClock.floorDivided(by: 86_400).quotient == localDay { return start.instant }
        // Otherwise the date may have been skipped entirely (Pacific/Apia 2011-12-30): it exists
        // only if the clock ever read its midnight on it.
        let midnight =
            dayStart == .midnight
            ? start : firstInstant(atOrAfterWallClock: localDay * 86_400, offsets: &offsets)
        guard midnight.localWallClock.floorDivided(by: 86_400).quotient == localDay else { return nil }
        return start.instant
    }

    /// The least instant (whole seconds) at which the local clock reads `wallClock` or later, and
    /// what the clock reads then (`wallClock` itself, or more at the end of a gap).
    ///
    /// Offsets are piecewise constant between the zone's transitions, and within one piece the
    /// local clock runs forward with the instant, so the answer is either the start of a piece
    /// (the clock jumped past `wallClock` there: a gap) or `wallClock - offset` inside one.
    private func firstInstant(atOrAfterWallClock wallClock: Int64, offsets: inout ZoneOffsets) -> (
        instant: Int64, localWallClock: Int64
    ) {
        // No offset on Earth exceeds ±26 h, so the answer lies in this window.
        var pieceStart = wallClock - 26 * 3600
        let windowEnd = wallClock + 26 * 3600
        while pieceStart < windowEnd {
            let (offset, transition) = offsets.piece(at: pieceStart)
            let pieceEnd = transition ?? windowEnd
            if pieceStart + offset >= wallClock { return (pieceStart, pieceStart + offset) }
            let candidate = wallClock - offset
            if candidate < pieceEnd { return (candidate, wallClock) }
            pieceStart = max(pieceEnd, pieceStart + 1)
        }
        let offset = offsets.offset(at: Date(timeIntervalSince1970: Double(wallClock)))
        return (wallClock - offset, wallClock)
    }

    private static func seconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }
}
