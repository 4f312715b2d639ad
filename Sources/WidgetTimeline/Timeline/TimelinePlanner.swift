public import Foundation

/// Turns what the extension knows into a timeline: a pure function of (load result, now, calendar,
/// options) — no clock, no I/O, no global state; the same input always gives the same timeline
///.
///
/// A widget's display is a piecewise-constant function of time, given one snapshot. The planner
/// samples the widget's honest state (``WidgetKind/state(of:at:in:)``) at `now` and at every instant
/// where it can change inside the horizon — the kind's change points (scheduled events, day starts)
/// and the data's freshness thresholds — then enforces the invariants (``TimelineInvariants``) and
/// chooses the reload policy:
///
/// - after a failure: `.after(now + back-off)`, growing with consecutive failures, never `.never`
///   or `.atEnd`;
/// - with no data yet: `.after(now + firstInstallRecheck)`;
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

    /// Plans the timeline for `input` at `now` in `calendar`'s time zone.
    // Inlinable so a client that knows its widget kind gets the planner specialised for it: the
    // generic version spends most of its time looking up type metadata.
    @inlinable
    public func plan(_ input: LoadResult<Kind.Payload>, at now: Date, in calendar: Calendar)
        -> PlanningResult<
            Kind.Content
        >
    {
        let invariants = TimelineInvariants(options)
        guard let snapshot = input.snapshot else {
            let state: WidgetState<Kind.Content> = input.failure.map { .unavailable($0.reason) } ?? .noData
            let entry = PlannedEntry(date: now, state: state, relevance: kind.relevance(of: state))
            let wait = input.failure.map { retryDelay(after: $0, now: now) } ?? options.firstInstallRecheck
            return PlanningResult(
                timeline: PlannedTimeline(entries: [entry], policy: .after(now.addingTimeInterval(wait))))
        }

        let horizonEnd = now.addingTimeInterval(options.horizon)
        let freshness = kind.freshness(of: snapshot)
        var freshnessTransitions = freshness.transitions(dataObservedAt: snapshot.dataObservedAt, after: now)
        freshnessTransitions.removeAll { $0 > horizonEnd }
        let changePoints = kind.changePoints(of: snapshot, after: now, through: horizonEnd, in: calendar)
        var instants: [Date] = []
        instants.reserveCapacity(1 + freshnessTransitions.count + changePoints.count)
        instants.append(now)
        instants += freshnessTransitions
        for point in changePoints where point > now && point <= horizonEnd { instants.append(point) }
        instants.sort()
        var unique: [Date] = []
        unique.reserveCapacity(instants.count)
        for instant in instants where unique.last != instant { unique.append(instant) }
        // Protection matters only where samples or entries are cut, which takes more instants than
        // the entry limit (the sample limit is never below it).
        let protected: Set<Date> = unique.count > options.maximumEntries ? Set(freshnessTransitions) : []
        let (sampledInstants, sampleCut) = Self.boundSamples(
            unique, limit: options.maximumSamples, protecting: protected)

        // The state at each instant, as ``WidgetKind/state(of:at:in:)`` gives it, with every content
        // shown asked for in one call, so the kind does its per-snapshot work once.
        let stamp = snapshot.stamp
        let hidesExpired = freshness.expiredValue == .hidden
        let shown =
            hidesExpired
            ? sampledInstants.filter {
                freshness.classify(dataObservedAt: stamp.observedAt, at: $0) != .expired
            }
            : sampledInstants
        let contents = kind.contents(of: snapshot, at: shown, in: calendar)
        precondition(
            contents.count == shown.count,
            "\(Kind.self).contents(of:at:in:) must return one content per instant")
        var sampled: [PlannedEntry<WidgetState<Kind.Content>>] = []
        sampled.reserveCapacity(sampledInstants.count)
        var nextContent = contents.startIndex
        for instant in sampledInstants {
            let freshnessClass = freshness.classify(dataObservedAt: stamp.observedAt, at: instant)
            let state: WidgetState<Kind.Content>
            if freshnessClass == .expired && hidesExpired {
                state = .unavailable(.expired)
            } else {
                let content = contents[nextContent]
                nextContent += 1
                switch freshnessClass {
                case .fresh: state = .fresh(content, stamp)
                case .stale: state = .stale(content, stamp)
                case .expired: state = .expired(content, stamp)
                }
            }
            sampled.append(PlannedEntry(date: instant, state: state, relevance: kind.relevance(of: state)))
        }
        let (entries, enforced) = invariants.enforce(sampled, now: now, protecting: protected)
        let corrections = enforced + (sampleCut.map { [$0] } ?? [])
        // The earliest cut, by the sample limit or the entry limit, is where the reload is wanted.
        let cutShortAt = corrections.compactMap { correction -> Date? in
            if case .truncated(_, let from) = correction { return from }
            return nil
        }.min()

        let policy: ReloadPolicy
        if let failure = input.failure {
            var retryAt = now.addingTimeInterval(retryDelay(after: failure, now: now))
            if let cutShortAt { retryAt = min(retryAt, cutShortAt) }
            policy = .after(retryAt)
        } else {
            var refreshAt = snapshot.generatedAt.addingTimeInterval(freshness.refreshAfter)
            // A snapshot from the past is due at once (after the spacing below); one "from the
            // future" (a host clock ahead, or a corrupt date) counts as made now, so a year-9999
            // `generatedAt` cannot postpone every refresh.
            if refreshAt <= now || refreshAt > now.addingTimeInterval(freshness.refreshAfter) {
                refreshAt = now.addingTimeInterval(freshness.refreshAfter)
            }
            refreshAt = max(refreshAt, now.addingTimeInterval(options.minimumSpacing))
            if let jitter = options.refreshJitter { refreshAt += jitter.delay(for: refreshAt) }
            if let cutShortAt { refreshAt = min(refreshAt, cutShortAt) }
            policy = refreshAt == entries.last?.date ? .atEnd : .after(refreshAt)
        }
        return PlanningResult(
            timeline: PlannedTimeline(entries: entries, policy: policy), corrections: corrections)
    }

    /// The first `limit` instants, in order, and the protected ones (freshness transitions) after
    /// them, so a cut never leaves a fresh claim without the entry that withdraws it; with the
    /// correction that reports the cut, if instants were left out.
    @usableFromInline
    static func boundSamples(_ instants: [Date], limit: Int, protecting protected: Set<Date>) -> (
        [Date], TimelineCorrection?
    ) {
        guard instants.count > limit else { return (instants, nil) }
        let kept = instants.prefix(limit)
        let rest = instants.dropFirst(limit)
        let cut = TimelineCorrection.truncated(count: rest.count, from: rest[rest.startIndex])
        return (Array(kept) + rest.filter { protected.contains($0) }, cut)
    }

    /// The timeline alone; see ``plan(_:at:in:)``.
    public func timeline(for input: LoadResult<Kind.Payload>, at now: Date, in calendar: Calendar)
        -> PlannedTimeline<WidgetState<Kind.Content>>
    {
        plan(input, at: now, in: calendar).timeline
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
