import Foundation
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting

/// Seeded payloads of the example widgets: everything their decoders accept, edges included
/// (zero and full lots, the temperature bounds, empty schedules, events at the same instant).
extension ValueGenerator {
    mutating func schedulePayload(around now: Date) -> SchedulePayload {
        SchedulePayload(
            pending: array(count: 0...12) { values in
                values.bool()
                    ? now.addingTimeInterval(Double(values.int(in: -72 * 60...72 * 60)) * 60)
                    : values.instant()
            },
            completedToday: int(in: 0...Int.max))
    }

    mutating func taskCountPayload() -> TaskCountPayload { TaskCountPayload(count: int(in: 0...Int.max)) }

    mutating func parkingLot() -> ParkingLot {
        let total = int(in: 0...ParkingLot.maximumSpaces)
        return ParkingLot(name: text(), free: int(in: 0...total), total: total)
    }

    mutating func parkingPayload() -> ParkingPayload {
        ParkingPayload(
            parkID: text(maximumLength: 12), parkName: text(), lots: array(count: 0...6) { $0.parkingLot() },
            staleAfterSeconds: optional { $0.int() },
            directionsURL: optional { values in
                URL(
                    string: values.element(of: [
                        "https://maps.example.com/?q=Riverside", "geo:37.52,126.93",
                        "exampleapp://park/p/parking",
                        "https://maps.example.com/?q=%ED%95%9C%EA%B0%95", "http://[::1]:8080/a%20b",
                    ]))!
            })
    }

    mutating func parkConditionsPayload(around now: Date) -> ParkConditionsPayload {
        ParkConditionsPayload(
            parkID: text(maximumLength: 12), parkName: text(), congestion: congestion(),
            weather: Weather(
                condition: text(), temperatureCelsius: double(in: Weather.plausibleTemperatures)),
            fineDust: element(of: [.good, .moderate, .bad, .veryBad]), signals: array { $0.text() },
            forecast: array(count: 0...8) { values in
                CongestionForecast(
                    at: now.addingTimeInterval(Double(values.int(in: -24 * 60...72 * 60)) * 60),
                    congestion: values.congestion())
            })
    }

    mutating func congestion() -> Congestion { element(of: [.quiet, .moderate, .busy, .crowded]) }

    /// A snapshot of `payload` generated within three days before `now` (sometimes after it: a
    /// host clock ahead), observed up to six hours before it was generated.
    mutating func snapshot<Payload>(_ payload: Payload, kind: String, around now: Date) -> Snapshot<Payload> {
        let generatedAt = now.addingTimeInterval(
            Double(int(in: -3 * 24 * 60...30)) * 60 + Double(int(in: 0...999)) / 1000)
        return Snapshot.fixture(
            payload, kind: kind, revision: int(in: 1...Int.max), generatedAt: generatedAt,
            observedAt: optional {
                $0.bool() ? generatedAt : generatedAt.addingTimeInterval(-Double($0.int(in: 0...6 * 3600)))
            })
    }

    /// Around 2026, at millisecond precision.
    mutating func recentInstant() -> Date {
        Date(
            timeIntervalSince1970: Double(
                Int64.random(in: 1_700_000_000_000...1_900_000_000_000, using: &self)) / 1000)
    }
}
