// Fuzz target: `DayStart(parsing:)` (`--day-start`) and the day boundaries it drives.
//
// Checked on every input:
// - parsing never traps; an accepted day start is in range and formats back as the input;
// - in every awkward zone, from an instant derived from the input, the next day start is after
//   it and at most 48 hours later, the day containing that instant starts at or before it, and
//   the next day start after the day's start is the same next day start.
import Foundation
import FuzzSupport

@testable import WidgetTimeline

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDayStart(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    let text = String(decoding: bytes, as: UTF8.self)
    guard let dayStart = DayStart(parsing: text) else { return 0 }
    fuzzCheck(
        (0...23).contains(dayStart.hour) && (0...59).contains(dayStart.minute), "out of range: \(dayStart)")
    fuzzCheck(dayStart.description == text, "\(text.debugDescription) formats back as \(dayStart)")
    var choices = FuzzChoices(bytes)
    // An instant from 1900 to 2100, to the second.
    let instant = Date(timeIntervalSince1970: Double(choices.next(6_311_390_400)) - 2_208_988_800)
    for calendar in FuzzZones.calendars {
        let boundaries = DayBoundaries(calendar: calendar, dayStart: dayStart)
        let next = boundaries.nextDayStart(after: instant)
        fuzzCheck(next > instant, "\(calendar.timeZone.identifier): next day start not after \(instant)")
        fuzzCheck(
            next.timeIntervalSince(instant) <= 48 * 3600,
            "\(calendar.timeZone.identifier): next day start \(next) is more than 48 h after \(instant)")
        let current = boundaries.dayStart(containing: instant)
        fuzzCheck(
            current <= instant,
            "\(calendar.timeZone.identifier): the day containing \(instant) starts after it")
        fuzzCheck(
            boundaries.nextDayStart(after: current) == next,
            "\(calendar.timeZone.identifier): a day between \(current) and \(next)")
    }
    return 0
}
