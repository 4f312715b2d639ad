import Foundation
import Testing
import WidgetTimeline

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
}

extension Instant {
    fileprivate static func millisecondsSince1970Equal(_ a: Date, _ b: Date) -> Bool {
        (a.timeIntervalSince1970 * 1000).rounded() == (b.timeIntervalSince1970 * 1000).rounded()
    }
}
