// Fuzz target: `Instant.parse`, the one parser of every instant in every file and option.
//
// Checked on every input:
// - parsing never traps, on any bytes (the raw UTF-8 entry point) or any string;
// - an accepted instant is a finite date at millisecond precision in years 0000–9999;
// - formatting it, in UTC or with any zone's offset, gives text that parses back to the same
//   instant; and UTC text of the canonical form (`YYYY-MM-DDTHH:MM:SSZ`) formats back unchanged.
import Foundation
import FuzzSupport

@testable import WidgetTimeline

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInstant(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    let raw = bytes.withUnsafeBufferPointer { Instant.parse(utf8: $0) }
    let text = String(decoding: bytes, as: UTF8.self)
    let parsed = Instant.parse(text)
    if String(validating: bytes, as: UTF8.self) != nil {
        fuzzCheck(raw == parsed, "the byte and string parsers disagree on \(text.debugDescription)")
    }
    for date in [raw, parsed].compactMap({ $0 }) {
        fuzzCheck(date.timeIntervalSince1970.isFinite, "a non-finite instant")
        fuzzCheck(Instant.rounded(date) == date, "an instant finer than a millisecond")
        fuzzCheck(
            date >= Date(timeIntervalSince1970: -62_167_305_600)
                && date < Date(timeIntervalSince1970: 253_402_387_200),
            "an instant outside years 0000–9999 (with offsets)")
        let utc = Instant.format(date)
        if utc.prefix(4).allSatisfy(\.isNumber), utc.dropFirst(4).first == "-" {
            fuzzCheck(Instant.parse(utc) == date, "\(utc) does not parse back to the same instant")
        }
        for calendar in FuzzZones.calendars {
            let local = Instant.format(date, in: calendar.timeZone)
            guard local.prefix(4).allSatisfy(\.isNumber), local.dropFirst(4).first == "-" else { continue }
            fuzzCheck(Instant.parse(local) == date, "\(local) does not parse back to the same instant")
        }
    }
    if let parsed, bytes.count == 20, text.hasSuffix("Z"), !text.contains("t") {
        fuzzCheck(Instant.format(parsed) == text, "\(text) formats back as \(Instant.format(parsed))")
    }
    return 0
}
