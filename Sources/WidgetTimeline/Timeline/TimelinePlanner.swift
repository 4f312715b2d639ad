#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// Turns what the extension knows into a timeline: a pure function of (load result, now, calendar,
/// options) — no clock, no I/O, no global state; the same input always gives the same timeline.
///
/// A widget's display is a piecewise-constant function of time, given one snapshot. The planner
/// samples the widget's state at `now` and at every instant where it can change inside the
/// horizon — the kind's change points (scheduled events, day starts) and the data's freshness
/// thresholds — and keeps every entry's claims inside the interval where they are true
/// (docs/planning.md, "Claims"):
///
/// - a claim of currency (`fresh`) is withdrawn ``PlanningOptions/latenessMargin`` before its
///   threshold, because the system may show an entry late;
/// - an event (``ChangeClaim/event``) closer than the minimum spacing to the entry before appears
///   late, never early; a withdrawal may appear early; where neither helps, the entry shows the
///   state that claims less;
/// - the last entry, cut at the entry limit or not, shows only what stays true until the data
///   changes (``WidgetKind/lastingContent(of:from:in:)``).
///
/// Then it chooses the reload policy:
///
/// - after a failure: `.after(now + back-off)`, growing with consecutive failures, never `.never`
///   or `.atEnd`;
/// - data only the host writes (``LoadResult/extensionCanFetch`` is `false`): no budgeted
///   re-read — the host's reloads bring new data and the entries carry every predictable change —
///   but a reload where the timeline was cut, and the safety net of
///   ``PlanningOptions/hostDataRecheck``;
/// - otherwise `.after` the snapshot's refresh date (with optional jitter), or earlier if the
///   entries had to be cut short; `.atEnd` when the last entry is exactly that date. The refresh
///   date is never later than `now` plus the refresh interval, whatever `generatedAt` claims.
///
/// Entries continue past the reload date, because the system may honour it hours late: the screen
/// then still changes to stale, expired or overdue on time, and never keeps a claim that has become
/// false.
public struct TimelinePlanner<Kind: WidgetKind>: Sendable {
    public var kind: Kind
    public var options: PlanningOptions

    public init(kind: Kind, options: PlanningOptions = .default) {
        self.kind = kind
        self.options = options
    }

    @usableFromInline typealias State = WidgetState<Kind.Content>

    /// Plans the timeline for `input` at `now` in `calendar`'s time zone.
    // Inlinable so a client that knows its widget kind gets the planner specialised for it: the
    // generic version spends most of its time looking up type metadata.
    @inlinable
    public func plan(_ input: LoadResult<Kind.Payload>, at now: Date, in calendar: Calendar)
        -> PlanningResult<
            Kind.Content
        >
    {
        guard let snapshot = input.snapshot else {
            let state: State = input.failure.map { .unavailable($0.reason) } ?? .noData
            let entry = PlannedEntry(date: now, state: state, relevance: kind.relevance(of: state))
            let wait =
                input.failure.map { retryDelay(after: $0, now: now) }
                ?? (input.extensionCanFetch
                    ? options.firstInstallRecheck : max(options.firstInstallRecheck, options.hostDataRecheck))
            return PlanningResult(
                timeline: PlannedTimeline(
                    entries: [entry], policy: .after(Self.after(now, now.addingTimeInterval(wait)))))
        }

        let horizonEnd = now.addingTimeInterval(options.horizon)
        let claims = TimelineClaims(kind: kind, snapshot: snapshot, calendar: calendar, options: options)
        let freshnessChanges = claims.freshnessChanges(after: now, through: horizonEnd)
        let changePoints = kind.changePoints(of: snapshot, after: now, through: horizonEnd, in: calendar)
        var instants: [Date] = []
        instants.reserveCapacity(1 + freshnessChanges.count + changePoints.count)
        instants.append(now)
        instants += freshnessChanges
        for point in changePoints where point > now && point <= horizonEnd { instants.append(point) }
        instants.sort()
        var unique: [Date] = []
        unique.reserveCapacity(instants.count)
        for instant in instants where unique.last != instant { unique.append(instant) }
        // Past the sample limit the timeline is cut at the first instant not sampled.
        let sampleCut = unique.count > options.maximumSamples ? unique[options.maximumSamples] : nil
        let sampled = sampleCut == nil ? unique : Array(unique.prefix(options.maximumSamples))
        let samples = claims.states(at: sampled)

        var corrections: [TimelineCorrection] = []
        // The cut, if any, already counts the sample cut.
        var (entries, cutShortAt) = claims.timeline(
            samples, cutAt: sampleCut, horizonEnd: horizonEnd, corrections: &corrections)
        if let sampleCut {
            corrections.append(.truncated(count: unique.count - sampled.count, from: sampleCut))
        }

        // The reload is wanted where the timeline was cut, but never sooner than the spacing. A
        // timeline cut at `now` (what lasts takes every entry) is planned the same again until
        // its screen first changes, so its reload is wanted there, or not at all.
        if let cut = cutShortAt {
            cutShortAt = (cut > now ? cut : entries.first { $0.date > now }?.date).map {
                max($0, now.addingTimeInterval(options.minimumSpacing))
            }
        }
        let policy: ReloadPolicy
        if let failure = input.failure {
            var retryAt = now.addingTimeInterval(retryDelay(after: failure, now: now))
            if let cutShortAt { retryAt = min(retryAt, cutShortAt) }
            policy = .after(Self.after(now, retryAt))
        } else {
            // An infinite refresh interval (data that never wants refreshing) would ask for no
            // reload at all, `.never` in all but name: it waits for the safety net instead.
            let interval = claims.freshness.refreshAfter
            let refreshAfter = interval.isFinite ? interval : options.hostDataRecheck
            var refreshAt: Date
            if input.extensionCanFetch {
                refreshAt = snapshot.generatedAt.addingTimeInterval(refreshAfter)
                // A snapshot from the past is due at once (after the spacing below); one "from the
                // future" (a host clock ahead, or a corrupt date) counts as made now, so a
                // year-9999 `generatedAt` cannot postpone every refresh.
                if refreshAt <= now || refreshAt > now.addingTimeInterval(refreshAfter) {
                    refreshAt = now.addingTimeInterval(refreshAfter)
                }
                refreshAt = max(refreshAt, now.addingTimeInterval(options.minimumSpacing))
                if let jitter = options.refreshJitter { refreshAt += jitter.delay(for: refreshAt) }
            } else {
                // Only the host writes this data: its reloads bring every change, so the reload
                // asked for here is only the safety net for one that never came.
                refreshAt = now.addingTimeInterval(max(refreshAfter, options.hostDataRecheck))
            }
            if let cutShortAt { refreshAt = min(refreshAt, cutShortAt) }
            refreshAt = Self.after(now, refreshAt)
            policy =
                !entries.isEmpty && refreshAt == entries[entries.count - 1].date ? .atEnd : .after(refreshAt)
        }
        for index in 0..<entries.count { entries[index].relevance = kind.relevance(of: entries[index].state) }
        return PlanningResult(
            timeline: PlannedTimeline(entries: entries, policy: policy), corrections: corrections)
    }

    /// The timeline alone; see ``plan(_:at:in:)``.
    public func timeline(for input: LoadResult<Kind.Payload>, at now: Date, in calendar: Calendar)
        -> PlannedTimeline<WidgetState<Kind.Content>>
    {
        plan(input, at: now, in: calendar).timeline
    }

    /// `date`, or the first instant after `now` when it is not later: a reload asked for at `now`
    /// (a wait of zero, or one too short to move the date) would plan the same timeline again.
    @usableFromInline
    static func after(_ now: Date, _ date: Date) -> Date {
        date > now ? date : Date(timeIntervalSinceReferenceDate: now.timeIntervalSinceReferenceDate.nextUp)
    }

    @usableFromInline
    func retryDelay(after failure: LoadFailure, now: Date) -> TimeInterval {
        let seed = options.jitterSeed ^ UInt64(bitPattern: Instant.millisecondsSince1970(now))
        return max(
            options.minimumSpacing,
            options.retry.delay(afterFailures: failure.consecutiveFailures, seed: seed))
    }
}

/// A planned timeline together with what the planner had to correct to make it valid.
public struct PlanningResult<Content: Sendable & Equatable>: Sendable, Equatable {
    public var timeline: PlannedTimeline<WidgetState<Content>>
    public var corrections: [TimelineCorrection]

    public init(timeline: PlannedTimeline<WidgetState<Content>>, corrections: [TimelineCorrection] = []) {
        self.timeline = timeline
        self.corrections = corrections
    }
}
