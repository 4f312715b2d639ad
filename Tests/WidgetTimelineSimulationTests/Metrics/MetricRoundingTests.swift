import Foundation
import Testing

@testable import WidgetTimelineSimulation

/// A reported length of time is its whole milliseconds rounded, half up, as anyone recomputing it
/// from the trace rounds it; not whatever side of the half a `Date` difference happens to land on.
@Suite("Reported lengths of time round from whole milliseconds")
struct MetricRoundingTests {
    /// Whole-millisecond instants a day apart over a year, each the start of one length.
    static let starts = (0..<366).map {
        Date(timeIntervalSince1970: 1_767_225_600 + Double($0) * 86_400.123)
    }

    static func instant(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    @Test("a delay of 65.05 s is 65.1 s, wherever it starts")
    func delayHalfATenth() {
        for start in Self.starts {
            let ms = Int64((start.timeIntervalSince1970 * 1000).rounded())
            let delay = Self.instant(ms + 65_050).timeIntervalSince(Self.instant(ms))
            let statistics = DelayStatistics(delays: [delay], undelivered: 0)
            #expect(statistics.maxSeconds == 65.1, "from \(ms) ms: \(delay) s")
            #expect(statistics.medianSeconds == 65.1)
        }
    }

    @Test("a length of 1411.755 minutes is 1411.76, wherever it starts")
    func minutesHalfAHundredth() {
        let length: Int64 = 84_705_300  // 1411.755 minutes
        for start in Self.starts {
            let ms = Int64((start.timeIntervalSince1970 * 1000).rounded())
            let seconds = Self.instant(ms + length).timeIntervalSince(Self.instant(ms))
            #expect(MetricRounding.minutes(seconds) == 1411.76, "from \(ms) ms: \(seconds) s")
        }
    }
}
