import Foundation
import Testing
import WidgetTimelineTesting

@testable import WidgetTimeline

@Suite("Instant: the one ISO-8601 form")
struct InstantTests {
    @Test(
        "formats with the zone's offset at that instant",
        arguments: [
            ("2026-03-08T06:59:59Z", "America/New_York", "2026-03-08T01:59:59-05:00"),
            ("2026-03-08T07:00:00Z", "America/New_York", "2026-03-08T03:00:00-04:00"),
            ("2026-11-29T00:00:00Z", "Asia/Seoul", "2026-11-29T09:00:00+09:00"),
            ("2026-01-01T00:00:00Z", "Asia/Kolkata", "2026-01-01T05:30:00+05:30"),
            ("2026-10-03T15:30:00Z", "Australia/Lord_Howe", "2026-10-04T02:30:00+11:00"),
            ("2026-07-01T12:00:00.250Z", "UTC", "2026-07-01T12:00:00.250Z"),
        ]
    )
    func formatsInZone(utc: String, zone: String, expected: String) throws {
        let date = try #require(Instant.parse(utc))
        #expect(Instant.format(date, in: try #require(TimeZone(identifier: zone))) == expected)
    }

    @Test(
        "parses offsets to the same instant",
        arguments: [
            "2026-11-29T09:00:00+09:00", "2026-11-29T00:00:00Z", "2026-11-28T19:00:00-05:00",
            "2026-11-29t00:00:00z",
        ]
    )
    func parsesOffsets(text: String) throws {
        #expect(try #require(Instant.parse(text)) == Date(timeIntervalSince1970: 1_795_910_400))
    }

    @Test(
        "refuses what is not an instant with an offset",
        arguments: [
            "", "2026-11-29", "2026-11-29T09:00:00", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z",
            "2026-04-31T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T00:60:00Z", "2026-01-01T00:00:60Z",
            "2026-01-01T00:00:00+2400", "2026-01-01T00:00:00+24:00", "2026-01-01T00:00:00.Z",
            "2026-01-01T00:00:00Zjunk", " 2026-01-01T00:00:00Z", "2026-1-01T00:00:00Z",
            "２０２６-01-01T00:00:00Z",
        ]
    )
    func refusesInvalid(text: String) {
        #expect(Instant.parse(text) == nil)
    }

    @Test("leap days exist only in leap years")
    func leapDays() {
        #expect(Instant.parse("2028-02-29T12:00:00Z") != nil)
        #expect(Instant.parse("2000-02-29T12:00:00Z") != nil)
        #expect(Instant.parse("2100-02-29T12:00:00Z") == nil)
    }

    @Test("round-trips every millisecond instant over centuries (seeded)")
    func roundTrips() throws {
        var random = SplitMix64(seed: 0x1A57)
        let zones = [
            "UTC", "Asia/Seoul", "America/Havana", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kathmandu",
        ]
        .compactMap(TimeZone.init(identifier:))
        for _ in 0..<2_000 {
            let milliseconds = Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &random)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let zone = zones.randomElement(using: &random)!
            let text = Instant.format(date, in: zone)
            let parsed = try #require(Instant.parse(text), "\(text)")
            #expect(Instant.millisecondsSince1970Equal(parsed, date), "\(text)")
        }
    }

    // A payload's instants, stored exactly (see HostilePayloadTests for them in payloads).
    @Test(
        "an instant at a whole millisecond keeps its text; a finer one is read back exactly, and only by a record's reader"
    )
    func storedInstantText() throws {
        let whole = Date(timeIntervalSince1970: 1_796_000_000.123)
        #expect(try Instant.storedText(whole, at: []) == "2026-11-30T00:53:20.123Z")
        #expect(
            try Instant.storedText(Date(timeIntervalSince1970: 1_796_000_000), at: [])
                == "2026-11-30T00:53:20Z")
        let fine = Date(timeIntervalSince1970: 1_796_000_000.123456)
        let text = try Instant.storedText(fine, at: [])
        #expect(text == "2026-11-30T00:53:20.123456Z")
        #expect(Instant.parseStored(text) == fine)
        // Everything else reads instants at the millisecond, as before.
        #expect(Instant.parse(text) == Instant.rounded(fine))
        #expect(Instant.parseStored("2026-11-30T00:53:20.1234567891Z") != nil)
        #expect(Instant.parse("2026-11-30T00:53:20.1234567891Z") == nil)
        // At most 400 fractional digits: more than the longest shortest decimal a `Double` needs.
        #expect(Instant.parseStored("2026-11-30T00:53:20." + String(repeating: "1", count: 400) + "Z") != nil)
        #expect(Instant.parseStored("2026-11-30T00:53:20." + String(repeating: "1", count: 401) + "Z") == nil)
        // Before 2001 the fraction counts up from the second below.
        let before = Date(timeIntervalSinceReferenceDate: -0.1)
        #expect(try Instant.storedText(before, at: []) == "2000-12-31T23:59:59.9000Z")
        #expect(Instant.parseStored("2000-12-31T23:59:59.9000Z") == before)
    }

    @Test("seeded: every finite instant in years 0000–9999 reads back exactly from its stored text")
    func storedInstantsRoundTrip() throws {
        var generator = ValueGenerator(seed: 0x1A57_A47)
        let range = -63_113_904_000.0...252_423_993_599.0  // seconds since 2001 for years 0000–9999
        var instants: [Date] = []
        for _ in 0..<20_000 {
            let seconds: Double
            switch generator.next() % 4 {
            case 0: seconds = Double.random(in: range, using: &generator)
            case 1: seconds = Double.random(in: -2...2, using: &generator)
            case 2: seconds = Double.random(in: -1e-6...1e-6, using: &generator)
            default: seconds = (Double.random(in: range, using: &generator) * 1000).rounded() / 1000
            }
            instants.append(Date(timeIntervalSinceReferenceDate: seconds))
        }
        for instant in instants {
            let text = try Instant.storedText(instant, at: [])
            #expect(
                Instant.parseStored(text) == instant, "\(instant.timeIntervalSinceReferenceDate) → \(text)")
            if Instant.parse(Instant.format(instant)) == instant { #expect(text == Instant.format(instant)) }
        }
    }
}

extension Instant {
    fileprivate static func millisecondsSince1970Equal(_ a: Date, _ b: Date) -> Bool {
        (a.timeIntervalSince1970 * 1000).rounded() == (b.timeIntervalSince1970 * 1000).rounded()
    }
}
