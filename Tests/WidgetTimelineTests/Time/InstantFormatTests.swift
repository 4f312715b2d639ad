import Foundation
import Testing
import WidgetTimelineTesting

@testable import WidgetTimeline

/// The byte-writing formatter against the plain string-building one it replaced, over every kind
/// of instant and offset: negative and five-digit years, milliseconds, offsets east and west.
@Suite("Instant text, written as bytes")
struct InstantFormatTests {
    /// The formatter as it was: the reference.
    static func reference(milliseconds: Int64, offsetSeconds: Int) -> String {
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(abs(value))
            let sign = value < 0 ? "-" : ""
            return sign + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let local = milliseconds + Int64(offsetSeconds) * 1000
        let (seconds, millis) = local.floorDivided(by: 1000)
        let (days, secondOfDay) = seconds.floorDivided(by: 86_400)
        let (year, month, day) = CivilDate.fromDays(days)
        var out = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
        out +=
            "T" + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":"
            + pad(secondOfDay % 60, 2)
        if millis != 0 { out += "." + pad(millis, 3) }
        if offsetSeconds == 0 { return out + "Z" }
        let magnitude = abs(offsetSeconds)
        return out + (offsetSeconds < 0 ? "-" : "+") + pad(Int64(magnitude / 3600), 2) + ":"
            + pad(Int64(magnitude / 60 % 60), 2)
    }

    @Test("writes what the string-building formatter wrote")
    func matchesTheReference() {
        let edges: [Int64] = [
            0, -1, 1, 999, -999, 1_000, -62_167_219_200_000, -62_167_219_200_001, 253_402_300_799_999,
            253_402_300_800_000, Int64(9.2e18) / 2, -Int64(9.2e18) / 2,
        ]
        for milliseconds in edges {
            for offset in [0, 60, -60, 3600 * 14, -3600 * 12, 5 * 3600 + 45 * 60, -(9 * 3600 + 30 * 60)] {
                #expect(
                    Instant.format(milliseconds: milliseconds, offsetSeconds: offset)
                        == Self.reference(milliseconds: milliseconds, offsetSeconds: offset))
            }
        }
        PropertyCheck.forAll("instant text", count: 5_000, firstSeed: 75_000) { values in
            let milliseconds = Int64(values.int(in: -4_000_000_000_000_000...4_000_000_000_000_000))
            let offset = values.int(in: -18 * 60...18 * 60) * 60
            let text = Instant.format(milliseconds: milliseconds, offsetSeconds: offset)
            let expected = Self.reference(milliseconds: milliseconds, offsetSeconds: offset)
            return text == expected ? nil : "\(text) is not \(expected)"
        }
    }
}
