import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

@Suite("Day boundaries from the calendar, never from 86,400 s")
struct DayBoundariesTests {
    struct ReferenceCase: Decodable, CustomTestStringConvertible {
        var timeZone: String
        var from: String
        var dayStart: String?
        var starts: [String]

        var testDescription: String { "\(timeZone) from \(from), day start \(dayStart ?? "00:00")" }
    }

    struct ReferenceFile: Decodable {
        var cases: [ReferenceCase]
    }

    /// Written by `Scripts/reference-boundaries.py` with Python's zoneinfo and the system tz
    /// database: an implementation independent of Foundation's ICU data.
    static let reference: [ReferenceCase] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/day-boundaries-reference.json")
        guard let data = try? Data(contentsOf: url),
            let file = try? JSONDecoder().decode(ReferenceFile.self, from: data)
        else { return [] }
        return file.cases
    }()

    @Test("the reference file is present and covers every zone of the issue")
    func referenceCoversZones() {
        let zones = Set(Self.reference.map(\.timeZone))
        for zone in [
            "America/Havana", "America/Santiago", "Australia/Lord_Howe", "Pacific/Apia", "Europe/Berlin",
        ] {
            #expect(zones.contains(zone), "missing \(zone)")
        }
        #expect(Set(Self.reference.map(\.dayStart)) == [nil, "00:30", "02:30", "04:00"])
    }

    @Test("agrees with an independent tz implementation", arguments: reference)
    func agreesWithReference(_ reference: ReferenceCase) throws {
        let zone = try #require(TimeZone(identifier: reference.timeZone))
        let dayStart = try reference.dayStart.map { try #require(DayStart(parsing: $0)) } ?? .midnight
        let boundaries = DayBoundaries(timeZone: zone, dayStart: dayStart)
        var cursor = Date.at(reference.from)
        var computed: [String] = []
        for _ in reference.starts {
            cursor = boundaries.nextDayStart(after: cursor)
            computed.append(Instant.format(cursor, in: zone))
        }
        #expect(computed == reference.starts)
    }

    @Test(
        "the day after a midnight DST gap starts at 00:00, where startOfDay + 1 day says 01:00",
        arguments: [
            ("America/Havana", "2026-03-08T12:00:00-04:00", "2026-03-09T00:00:00-04:00"),
            ("America/Santiago", "2026-09-06T12:00:00-03:00", "2026-09-07T00:00:00-03:00"),
        ]
    )
    func dayAfterGap(zone: String, noon: String, expected: String) {
        let calendar = Calendar.gregorian(in: zone)
        let naive = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: .at(noon)))!
        let correct = DayBoundaries(calendar: calendar).nextDayStart(after: .at(noon))
        #expect(Instant.format(correct, in: calendar.timeZone) == expected)
        #expect(naive != correct, "the seed's formula is expected to be off by an hour here")
    }

    @Test("a day with no midnight starts at the end of the gap")
    func gapDayStartsAfterGap() {
        let boundaries = DayBoundaries(calendar: .gregorian(in: "America/Havana"))
        let start = boundaries.nextDayStart(after: .at("2026-03-07T12:00:00-05:00"))
        #expect(start == .at("2026-03-08T01:00:00-04:00"))
    }

    @Test("a repeated midnight takes its first occurrence")
    func repeatedMidnight() {
        // Havana falls back from 01:00 to 00:00 on 2026-11-01: midnight happens twice.
        let boundaries = DayBoundaries(calendar: .gregorian(in: "America/Havana"))
        let start = boundaries.nextDayStart(after: .at("2026-10-31T12:00:00-04:00"))
        #expect(start == .at("2026-11-01T00:00:00-04:00"))
        let next = boundaries.nextDayStart(after: start)
        #expect(next == .at("2026-11-02T00:00:00-05:00"))
    }

    @Test("a skipped calendar day has no start: Apia 2011-12-30")
    func skippedDay() {
        let boundaries = DayBoundaries(calendar: .gregorian(in: "Pacific/Apia"))
        #expect(
            boundaries.nextDayStart(after: .at("2011-12-29T12:00:00-10:00"))
                == .at("2011-12-31T00:00:00+14:00"))
        let withDayStart = DayBoundaries(
            calendar: .gregorian(in: "Pacific/Apia"), dayStart: DayStart(hour: 4)!)
        #expect(
            withDayStart.nextDayStart(after: .at("2011-12-29T12:00:00-10:00"))
                == .at("2011-12-31T04:00:00+14:00"))
    }

    @Test(
        "days are 23, 24 and 25 hours long around DST",
        arguments: [
            ("Europe/Berlin", "2026-03-29T00:00:00+01:00", 23.0),
            ("Europe/Berlin", "2026-10-25T00:00:00+02:00", 25.0),
            ("Asia/Seoul", "2026-10-25T00:00:00+09:00", 24.0),
            ("Australia/Lord_Howe", "2026-10-04T00:00:00+10:30", 23.5),
            ("Australia/Lord_Howe", "2026-04-05T00:00:00+11:00", 24.5),
        ]
    )
    func dayLengths(zone: String, dayStart: String, hours: Double) {
        let boundaries = DayBoundaries(calendar: .gregorian(in: zone))
        let start = Date.at(dayStart)
        let end = boundaries.nextDayStart(after: start)
        #expect(end.timeIntervalSince(start) == hours * 3600)
        #expect(boundaries.dayStart(containing: end.addingTimeInterval(-1)) == start)
    }

    @Test(
        "month ends and leap days roll over to the right date",
        arguments: [
            ("2028-02-28T15:00:00+09:00", "2028-02-29T00:00:00+09:00"),
            ("2028-02-29T15:00:00+09:00", "2028-03-01T00:00:00+09:00"),
            ("2027-02-28T15:00:00+09:00", "2027-03-01T00:00:00+09:00"),
            ("2026-04-30T23:59:59+09:00", "2026-05-01T00:00:00+09:00"),
            ("2026-12-31T23:59:59.999+09:00", "2027-01-01T00:00:00+09:00"),
        ]
    )
    func monthEnds(from: String, expected: String) {
        #expect(
            DayBoundaries(calendar: .gregorian(in: "Asia/Seoul")).nextDayStart(after: .at(from))
                == .at(expected))
    }

    @Test("an instant exactly at a day start belongs to that day and the next start is a day later")
    func exactlyAtStart() {
        let boundaries = DayBoundaries(calendar: .gregorian(in: "Asia/Seoul"), dayStart: DayStart(hour: 4)!)
        let start = Date.at("2026-11-29T04:00:00+09:00")
        #expect(boundaries.dayStart(containing: start) == start)
        #expect(boundaries.nextDayStart(after: start) == .at("2026-11-30T04:00:00+09:00"))
        #expect(
            boundaries.dayStart(containing: .at("2026-11-29T03:59:59+09:00"))
                == .at("2026-11-28T04:00:00+09:00"))
    }

    @Test("dayStarts(after:through:) lists every start in the half-open window")
    func dayStartsWindow() {
        let boundaries = DayBoundaries(calendar: .gregorian(in: "Europe/Berlin"))
        let starts = boundaries.dayStarts(
            after: .at("2026-03-28T00:00:00+01:00"), through: .at("2026-03-31T00:00:00+02:00"))
        #expect(
            starts == [
                .at("2026-03-29T00:00:00+01:00"), .at("2026-03-30T00:00:00+02:00"),
                .at("2026-03-31T00:00:00+02:00"),
            ])
    }

    @Test(
        "DayStart parses HH:MM and nothing else",
        arguments: ["", "4:00", "04:0", "24:00", "04:60", "0400", "+4:00", "04:00:00", "٠٤:٠٠"])
    func dayStartRefuses(text: String) {
        #expect(DayStart(parsing: text) == nil)
    }
}
