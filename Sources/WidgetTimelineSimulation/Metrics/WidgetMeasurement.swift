import Foundation
import WidgetTimeline

/// Compares what a widget's screen showed with the truth, stretch by stretch (no minute sampling:
/// both are piecewise constant, so the sums are exact to the millisecond).
///
/// The truth at an instant is what an omniscient widget would show: the widget's content for the
/// latest data change so far (host commit or server update), at that instant, in the user's time
/// zone then. It uses the widget kind's own description (`content(of:at:in:)` and its change
/// points), never the planner, so the library is not graded by itself.
struct WidgetMeasurement<Kind: WidgetKind> {
    typealias State = WidgetState<Kind.Content>

    private(set) var staleShownAsFreshMinutes = 0.0
    private(set) var wrongValueMinutes = 0.0
    private(set) var noValueMinutes = 0.0
    private(set) var delays = DelayStatistics(delays: [], undelivered: 0)
    private(set) var trace = WidgetTrace()

    init(
        kind: Kind,
        truth: [(at: Date, payload: Kind.Payload)],
        screens: [(start: Date, state: State)],
        end: Date,
        scenario: CompiledScenario
    ) {
        let truthStretches = Self.truthStretches(kind: kind, truth: truth, end: end, scenario: scenario)
        var staleSeconds = 0.0
        var wrongSeconds = 0.0
        var blankSeconds = 0.0
        var truthIndex = 0
        for (index, screen) in screens.enumerated() {
            let stretchEnd = index + 1 < screens.count ? screens[index + 1].start : end
            guard stretchEnd > screen.start else { continue }
            trace.screens.append(
                WidgetTrace.Screen(
                    start: screen.start, end: stretchEnd, display: screen.state.situation,
                    text: kind.summary(of: screen.state, in: scenario.calendar(at: screen.start))))
            guard let content = screen.state.content, let stamp = screen.state.stamp else {
                blankSeconds += stretchEnd.timeIntervalSince(screen.start)
                continue
            }
            if case .fresh = screen.state {
                let staleAfter = Self.staleAfter(kind: kind, truth: truth, observedAt: stamp.observedAt)
                let staleFrom = max(screen.start, stamp.observedAt.addingTimeInterval(staleAfter))
                if staleFrom < stretchEnd {
                    staleSeconds += stretchEnd.timeIntervalSince(staleFrom)
                    Self.append(&trace.staleShownAsFresh, staleFrom, stretchEnd)
                }
            }
            // Walk the truth stretches overlapping this screen.
            while truthIndex < truthStretches.count, truthStretches[truthIndex].end <= screen.start {
                truthIndex += 1
            }
            var cursor = truthIndex
            while cursor < truthStretches.count, truthStretches[cursor].start < stretchEnd {
                let stretch = truthStretches[cursor]
                if stretch.content != content {
                    let from = max(stretch.start, screen.start)
                    let to = min(stretch.end, stretchEnd)
                    if to > from {
                        wrongSeconds += to.timeIntervalSince(from)
                        Self.append(&trace.wrongValue, from, to)
                    }
                }
                cursor += 1
            }
        }
        staleShownAsFreshMinutes = Self.minutes(staleSeconds)
        wrongValueMinutes = Self.minutes(wrongSeconds)
        noValueMinutes = Self.minutes(blankSeconds)
        delays = Self.delays(truth: truth, screens: screens, end: end)
    }

    /// The widget's stale threshold for the data observed at `observedAt` (a payload may carry
    /// its own, as the parking widget's does).
    private static func staleAfter(kind: Kind, truth: [(at: Date, payload: Kind.Payload)], observedAt: Date)
        -> TimeInterval
    {
        guard let index = VersionSearch.lastIndex(in: truth, atOrBefore: observedAt) else {
            return kind.freshness.staleAfter
        }
        let snapshot = Snapshot(
            kind: kind.kind, key: kind.defaultKey, revision: index + 1, generatedAt: truth[index].at,
            fingerprint: ContentFingerprint(rawValue: ""), payload: truth[index].payload)
        return kind.freshness(of: snapshot).staleAfter
    }

    private static func minutes(_ seconds: Double) -> Double { (seconds / 60 * 100).rounded() / 100 }

    private static func append(_ spans: inout [WidgetTrace.Span], _ start: Date, _ end: Date) {
        if let last = spans.last, last.end == start {
            spans[spans.count - 1].end = end
        } else {
            spans.append(WidgetTrace.Span(start: start, end: end))
        }
    }

    /// The true content over time: one stretch per change point of each data version.
    private static func truthStretches(
        kind: Kind, truth: [(at: Date, payload: Kind.Payload)], end: Date, scenario: CompiledScenario
    ) -> [(start: Date, end: Date, content: Kind.Content)] {
        var stretches: [(start: Date, end: Date, content: Kind.Content)] = []
        let zoneChanges = scenario.timeZones.dropFirst().map(\.at)
        for (index, version) in truth.enumerated() {
            let from = version.at
            let to = index + 1 < truth.count ? min(truth[index + 1].at, end) : end
            guard to > from else { continue }
            let snapshot = Snapshot(
                kind: kind.kind, key: kind.defaultKey, revision: index + 1, generatedAt: from,
                fingerprint: ContentFingerprint(rawValue: ""), payload: version.payload)
            var points = [from]
            points += kind.changePoints(
                of: snapshot, after: from, through: to, in: scenario.calendar(at: from)
            )
            .filter { $0 > from && $0 < to }
            points += zoneChanges.filter { $0 > from && $0 < to }
            points.sort()
            var previous: Date?
            for (pointIndex, point) in points.enumerated() where point != previous {
                previous = point
                let next = points[(pointIndex + 1)...].first { $0 > point } ?? to
                let content = kind.content(of: snapshot, at: point, in: scenario.calendar(at: point))
                if let last = stretches.last, last.end == point, last.content == content {
                    stretches[stretches.count - 1].end = next
                } else {
                    stretches.append((point, next, content))
                }
            }
        }
        return stretches
    }

    /// Commit-to-display delays: for each data change, the first screen at or after it whose data
    /// is that change or a newer one.
    private static func delays(
        truth: [(at: Date, payload: Kind.Payload)], screens: [(start: Date, state: State)], end: Date
    ) -> DelayStatistics {
        var delays: [TimeInterval] = []
        var waiting = 0
        for screen in screens {
            guard let stamp = screen.state.stamp,
                let shown = VersionSearch.lastIndex(in: truth, atOrBefore: stamp.observedAt)
            else { continue }
            while waiting <= shown, waiting < truth.count {
                delays.append(max(0, screen.start.timeIntervalSince(truth[waiting].at)))
                waiting += 1
            }
        }
        return DelayStatistics(delays: delays, undelivered: truth.count - waiting)
    }
}
