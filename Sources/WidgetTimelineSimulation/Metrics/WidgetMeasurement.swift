import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// Compares what a widget's screen showed with the truth, stretch by stretch (no minute sampling:
/// both are piecewise constant, so the sums are exact to the millisecond).
///
/// The truth at an instant is what an omniscient widget would show: the widget's content for the
/// latest data change so far (host commit or server update), at that instant, in the user's time
/// zone then. Each data version is split at every time-zone change, and each piece's change points
/// are the kind's in that piece's own calendar, so a new zone's midnights are change points. It
/// uses the widget kind's own description (`content(of:at:in:)` and its change points), never the
/// planner, so the library is not graded by itself.
struct WidgetMeasurement<Kind: WidgetKind> {
    typealias State = WidgetState<Kind.Content>

    /// One stretch of the truth.
    struct Stretch {
        var start: Date
        var end: Date
        var data: Int
        var boundary: String
        var content: Kind.Content
    }

    private(set) var staleShownAsFreshMinutes = 0.0
    private(set) var wrongValueMinutes = 0.0
    private(set) var earlyEventMinutes = 0.0
    private(set) var noValueMinutes = 0.0
    private(set) var delays = DelayStatistics(delays: [], undelivered: 0)
    private(set) var trace = WidgetTrace()
    private(set) var truthStretches: [Stretch] = []

    /// One stretch of the screen, inside the scenario and inside one time zone.
    struct ScreenPiece {
        var start: Date
        var end: Date
        var state: State
        /// The index in the truth of the data the value shown carries (`nil`: no value).
        var data: Int?
    }

    /// - Parameters:
    ///   - screens: each change of the screen, with the data its value carries (the index in
    ///     `truth`); a change ends where the next begins. Changes at or after `end` are never
    ///     seen, and nothing is measured past it.
    ///   - recordsContent: whether the trace's screens keep their content as JSON.
    init(
        kind: Kind,
        truth: [(at: Date, payload: Kind.Payload)],
        screens: [(start: Date, state: State, data: Int?)],
        end: Date,
        scenario: CompiledScenario,
        recordsContent: Bool = false
    ) {
        let stretches = Self.truthStretches(kind: kind, truth: truth, end: end, scenario: scenario)
        truthStretches = stretches
        let pieces = Self.pieces(of: screens, end: end, scenario: scenario)
        var staleSeconds = 0.0
        var wrongSeconds = 0.0
        var earlySeconds = 0.0
        var blankSeconds = 0.0
        var truthIndex = 0
        for screen in pieces {
            let stretchEnd = screen.end
            trace.screens.append(
                WidgetTrace.Screen(
                    start: screen.start, end: stretchEnd, display: screen.state.situation,
                    // What the widget's view shows: its dates in the zone the device is in now.
                    text: kind.summary(of: screen.state, in: scenario.calendar(at: screen.start)),
                    revision: screen.state.stamp?.revision, observedAt: screen.state.stamp?.observedAt,
                    data: screen.data,
                    content: recordsContent
                        ? screen.state.content.flatMap { try? JSONValue(encoding: $0) } : nil))
            guard let content = screen.state.content, let stamp = screen.state.stamp else {
                blankSeconds += stretchEnd.timeIntervalSince(screen.start)
                continue
            }
            let version = screen.data
            if case .fresh = screen.state {
                let staleAfter = Self.staleAfter(kind: kind, truth: truth, version: version)
                let staleFrom = max(screen.start, stamp.observedAt.addingTimeInterval(staleAfter))
                if staleFrom < stretchEnd {
                    staleSeconds += stretchEnd.timeIntervalSince(staleFrom)
                    Self.append(&trace.staleShownAsFresh, staleFrom, stretchEnd)
                }
            }
            // Walk the truth stretches overlapping this screen.
            while truthIndex < stretches.count, stretches[truthIndex].end <= screen.start { truthIndex += 1 }
            var cursor = truthIndex
            while cursor < stretches.count, stretches[cursor].start < stretchEnd {
                let stretch = stretches[cursor]
                let from = max(stretch.start, screen.start)
                let to = min(stretch.end, stretchEnd)
                if stretch.content != content, to > from {
                    wrongSeconds += to.timeIntervalSince(from)
                    Self.append(&trace.wrongValue, from, to)
                    if Self.isEarlyEvent(content, data: version, at: cursor, in: stretches) {
                        earlySeconds += to.timeIntervalSince(from)
                        Self.append(&trace.earlyEvent, from, to)
                    }
                }
                cursor += 1
            }
        }
        staleShownAsFreshMinutes = Self.minutes(staleSeconds)
        wrongValueMinutes = Self.minutes(wrongSeconds)
        earlyEventMinutes = Self.minutes(earlySeconds)
        noValueMinutes = Self.minutes(blankSeconds)
        delays = Self.delays(truth: truth, screens: pieces)
    }

    /// The screen as stretches back to back from the first change to `end`: a change at or after
    /// `end` never reached the screen within the scenario, and a stretch is split at every
    /// time-zone change, where the widget's view formats its dates anew.
    static func pieces(
        of screens: [(start: Date, state: State, data: Int?)], end: Date, scenario: CompiledScenario
    ) -> [ScreenPiece] {
        let zoneChanges = scenario.timeZones.dropFirst().map(\.at)
        var pieces: [ScreenPiece] = []
        for (index, screen) in screens.enumerated() where screen.start < end {
            let stretchEnd = index + 1 < screens.count ? min(screens[index + 1].start, end) : end
            guard stretchEnd > screen.start else { continue }
            let cuts =
                [screen.start] + zoneChanges.filter { $0 > screen.start && $0 < stretchEnd } + [stretchEnd]
            for piece in 0..<(cuts.count - 1) {
                pieces.append(
                    ScreenPiece(
                        start: cuts[piece], end: cuts[piece + 1], state: screen.state, data: screen.data))
            }
        }
        return pieces
    }

    /// Whether showing `content` during truth stretch `index` shows an event before it happens: the
    /// screen's data is that stretch's, `content` is not true yet, and it becomes true later from
    /// the same data at an event (and was not true earlier, which would make it late, not early).
    private static func isEarlyEvent(
        _ content: Kind.Content, data: Int?, at index: Int, in stretches: [Stretch]
    )
        -> Bool
    {
        guard let data, stretches[index].data == data else { return false }
        var earlier = index - 1
        while earlier >= 0, stretches[earlier].data == data {
            if stretches[earlier].content == content { return false }
            earlier -= 1
        }
        var later = index + 1
        while later < stretches.count, stretches[later].data == data {
            if stretches[later].content == content { return stretches[later].boundary == "event" }
            later += 1
        }
        return false
    }

    /// The widget's stale threshold for data version `version` (a payload may carry its own, as
    /// the parking widget's does).
    private static func staleAfter(kind: Kind, truth: [(at: Date, payload: Kind.Payload)], version: Int?)
        -> TimeInterval
    {
        guard let index = version else { return kind.freshness.staleAfter }
        return kind.freshness(of: snapshot(kind: kind, truth: truth, index: index)).staleAfter
    }

    /// The snapshot an omniscient widget has for data version `index`.
    static func snapshot(kind: Kind, truth: [(at: Date, payload: Kind.Payload)], index: Int) -> Snapshot<
        Kind.Payload
    > {
        Snapshot(
            kind: kind.kind, key: kind.defaultKey, revision: index + 1, generatedAt: truth[index].at,
            fingerprint: ContentFingerprint(rawValue: ""), payload: truth[index].payload)
    }

    private static func minutes(_ seconds: Double) -> Double { MetricRounding.minutes(seconds) }

    private static func append(_ spans: inout [WidgetTrace.Span], _ start: Date, _ end: Date) {
        if let last = spans.last, last.end == start {
            spans[spans.count - 1].end = end
        } else {
            spans.append(WidgetTrace.Span(start: start, end: end))
        }
    }

    /// The true content over time: for each data version, split at every time-zone change, one
    /// stretch per change point of each piece in the piece's own calendar.
    private static func truthStretches(
        kind: Kind, truth: [(at: Date, payload: Kind.Payload)], end: Date, scenario: CompiledScenario
    ) -> [Stretch] {
        var stretches: [Stretch] = []
        let zoneChanges = scenario.timeZones.dropFirst().map(\.at)
        for (index, version) in truth.enumerated() {
            let from = version.at
            let to = index + 1 < truth.count ? min(truth[index + 1].at, end) : end
            guard to > from else { continue }
            let snapshot = Self.snapshot(kind: kind, truth: truth, index: index)
            let cuts = [from] + zoneChanges.filter { $0 > from && $0 < to } + [to]
            for piece in 0..<(cuts.count - 1) {
                let pieceStart = cuts[piece]
                let pieceEnd = cuts[piece + 1]
                let calendar = scenario.calendar(at: pieceStart)
                var points = kind.changePoints(
                    of: snapshot, after: pieceStart, through: pieceEnd, in: calendar
                )
                .filter { $0 > pieceStart && $0 < pieceEnd }
                points.sort()
                points.insert(pieceStart, at: 0)
                let contents = kind.contents(of: snapshot, at: points, in: calendar)
                for (pointIndex, point) in points.enumerated()
                where pointIndex == 0 || point != points[pointIndex - 1] {
                    let next = points[(pointIndex + 1)...].first { $0 > point } ?? pieceEnd
                    let content = contents[pointIndex]
                    // A time-zone change always begins a stretch: its text is the new zone's.
                    if pointIndex > 0, let last = stretches.last, last.end == point, last.data == index,
                        last.content == content
                    {
                        stretches[stretches.count - 1].end = next
                        continue
                    }
                    let boundary: String
                    if pointIndex > 0 {
                        boundary =
                            stretches.last.map { kind.changeClaim(from: $0.content, to: content) }
                                == .withdrawal
                            ? "withdrawal" : "event"
                    } else {
                        boundary = piece == 0 ? "data" : "zone"
                    }
                    stretches.append(
                        Stretch(start: point, end: next, data: index, boundary: boundary, content: content))
                }
            }
        }
        return stretches
    }

    /// Commit-to-display delays: for each data change, the first screen at or after it whose data
    /// is that change or a newer one — the data the screen really carries, not the newest data
    /// observed by then. A screen after the scenario's end is no screen.
    private static func delays(truth: [(at: Date, payload: Kind.Payload)], screens: [ScreenPiece])
        -> DelayStatistics
    {
        var delays: [TimeInterval] = []
        var waiting = 0
        for screen in screens {
            guard screen.state.content != nil, let shown = screen.data else { continue }
            while waiting <= shown, waiting < truth.count {
                delays.append(max(0, screen.start.timeIntervalSince(truth[waiting].at)))
                waiting += 1
            }
        }
        return DelayStatistics(delays: delays, undelivered: truth.count - waiting)
    }
}
