import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// `DayBoundaries` remembers the zone's offsets within one call; these properties check that it
/// answers exactly as the rule it implements does when every question goes to the zone, for
/// random zones, day starts and instants, many of them within days of a transition.
@Suite("Day boundaries agree with asking the zone every time")
struct DayBoundariesPropertyTests {
    @Test("next day start, the day start containing an instant, and the starts of 40 days (1,000 inputs)")
    func agreesWithDirectRule() {
        PropertyCheck.forAll("day boundaries", firstSeed: 900_000) { values in
            let zone = values.timeZone()
            let dayStart = values.dayStart()
            var instant = values.instant()
            if values.bool(), let transition = zone.nextDaylightSavingTimeTransition(after: instant) {
                // Near a transition: from three days before it to three days after.
                instant = transition.addingTimeInterval(Double(values.int(in: -259_200...259_200)))
            }
            let boundaries = DayBoundaries(timeZone: zone, dayStart: dayStart)
            let direct = DirectDayBoundaries(timeZone: zone, dayStart: dayStart)
            let context = "\(zone.identifier), day start \(dayStart), \(instant.timeIntervalSince1970)"
            if boundaries.nextDayStart(after: instant) != direct.nextDayStart(after: instant) {
                return "nextDayStart differs: \(context)"
            }
            if boundaries.dayStart(containing: instant) != direct.dayStart(containing: instant) {
                return "dayStart(containing:) differs: \(context)"
            }
            let end = instant.addingTimeInterval(40 * 86_400)
            if boundaries.dayStarts(after: instant, through: end)
                != direct.dayStarts(after: instant, through: end)
            {
                return "dayStarts differ: \(context)"
            }
            return nil
        }
    }
}

/// The day-start rule of `DayBoundaries`, asking the zone for every offset and transition: the
/// oracle for the remembered answers.
private struct DirectDayBoundaries {
    var timeZone: TimeZone
    var dayStart: DayStart

    private var dayStartSeconds: Int64 { Int64(dayStart.hour * 3600 + dayStart.minute * 60) }

    func nextDayStart(after instant: Date) -> Date {
        let instantSeconds = Self.seconds(instant)
        let localSeconds = instantSeconds + Int64(timeZone.secondsFromGMT(for: instant))
        let (today, secondsIntoDay) = Self.floorDivide(localSeconds, 86_400)
        var localDay = secondsIntoDay < dayStartSeconds ? today : today + 1
        while true {
            if let start = start(ofLocalDay: localDay), start > instantSeconds {
                return Date(timeIntervalSince1970: Double(start))
            }
            localDay += 1
        }
    }

    func dayStart(containing instant: Date) -> Date {
        let next = nextDayStart(after: instant)
        let localNext = Self.seconds(next) + Int64(timeZone.secondsFromGMT(for: next))
        var (localDay, _) = Self.floorDivide(localNext - dayStartSeconds, 86_400)
        let instantSeconds = Self.seconds(instant)
        while true {
            localDay -= 1
            if let start = start(ofLocalDay: localDay), start <= instantSeconds {
                return Date(timeIntervalSince1970: Double(start))
            }
        }
    }

    func dayStarts(after start: Date, through end: Date) -> [Date] {
        var result: [Date] = []
        var cursor = start
        while true {
            let next = nextDayStart(after: cursor)
            guard next <= end else { return result }
            result.append(next)
            cursor = next
        }
    }

    private func start(ofLocalDay localDay: Int64) -> Int64? {
        let start = firstInstant(atOrAfterWallClock: localDay * 86_400 + dayStartSeconds)
        if Self.floorDivide(start.localWallClock, 86_400).quotient == localDay { return start.instant }
        let midnight = dayStart == .midnight ? start : firstInstant(atOrAfterWallClock: localDay * 86_400)
        guard Self.floorDivide(midnight.localWallClock, 86_400).quotient == localDay else { return nil }
        return start.instant
    }

    private func firstInstant(atOrAfterWallClock wallClock: Int64) -> (instant: Int64, localWallClock: Int64)
    {
        var pieceStart = wallClock - 26 * 3600
        let windowEnd = wallClock + 26 * 3600
        while pieceStart < windowEnd {
            let date = Date(timeIntervalSince1970: Double(pieceStart))
            let offset = Int64(timeZone.secondsFromGMT(for: date))
            let pieceEnd =
                timeZone.nextDaylightSavingTimeTransition(after: date).map(Self.seconds) ?? windowEnd
            if pieceStart + offset >= wallClock { return (pieceStart, pieceStart + offset) }
            let candidate = wallClock - offset
            if candidate < pieceEnd { return (candidate, wallClock) }
            pieceStart = max(pieceEnd, pieceStart + 1)
        }
        let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(wallClock))))
        return (wallClock - offset, wallClock)
    }

    private static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = ((value % divisor) + divisor) % divisor
        return ((value - remainder) / divisor, remainder)
    }
}
