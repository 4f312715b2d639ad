#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// The planner's claim rules for one snapshot (docs/planning.md, "Claims"): which state the
/// widget may show at an instant, where an entry may go when the minimum spacing keeps it from
/// its instant, and what the last entry shows.
///
/// - Currency is claimed for ``PlanningOptions/latenessMargin`` less than the data's freshness
///   allows: an entry shown late must not still say `fresh`.
/// - An entry closer than the spacing to the one before comes early only if it claims less
///   (freshness withdrawn, ``ChangeClaim/withdrawal``); an event comes late, and the entry before
///   it withdraws whatever currency lapses in the meantime.
/// - From a cut on — the entry limit, the sample limit, or the horizon — the timeline shows the
///   kind's lasting content (``WidgetKind/lastingContent(of:from:in:)``), so its last entry stays
///   true however late the next reload comes.
@usableFromInline
struct TimelineClaims<Kind: WidgetKind> {
    @usableFromInline typealias State = WidgetState<Kind.Content>
    @usableFromInline typealias Entry = PlannedEntry<State>

    // The fixed-size properties come first and the snapshot's stamp is kept apart: unspecialised
    // code then reads them at known offsets, without looking up this type's or the snapshot's
    // generic metadata on every claim.
    @usableFromInline let calendar: Calendar
    @usableFromInline let options: PlanningOptions
    @usableFromInline let freshness: FreshnessPolicy
    /// The snapshot's ``Snapshot/stamp``: what every shown value carries.
    @usableFromInline let stamp: DataStamp
    @usableFromInline let snapshot: Snapshot<Kind.Payload>
    @usableFromInline let kind: Kind
    /// Where the claimed freshness changes: the instant data from a clock ahead becomes known,
    /// and the stale and expiry thresholds ``PlanningOptions/latenessMargin`` early (`nil`: a
    /// threshold that never comes).
    @usableFromInline let claimInstants: (known: Date, staleFrom: Date?, expiredFrom: Date?)

    @inlinable
    init(kind: Kind, snapshot: Snapshot<Kind.Payload>, calendar: Calendar, options: PlanningOptions) {
        self.calendar = calendar
        self.options = options
        freshness = kind.freshness(of: snapshot)
        stamp = snapshot.stamp
        self.snapshot = snapshot
        self.kind = kind
        let observed = stamp.observedAt
        func withdrawal(_ threshold: TimeInterval) -> Date? {
            guard threshold.isFinite || observed.timeIntervalSinceReferenceDate.isNaN else { return nil }
            return observed.addingTimeInterval(threshold).addingTimeInterval(-options.latenessMargin)
        }
        claimInstants = (
            observed.addingTimeInterval(-SnapshotLimits.futureInstantTolerance),
            withdrawal(freshness.staleAfter), withdrawal(freshness.expiresAfter)
        )
    }

    // MARK: - Freshness, withdrawn early

    /// The freshness an entry shown from `instant` may claim: the least current of what holds at
    /// `instant` and ``PlanningOptions/latenessMargin`` later. Currency is withdrawn early and
    /// granted late: data from a clock ahead turns fresh only once it is (``FreshnessPolicy``).
    ///
    /// Decided by comparing `instant` with the very instants the planner samples
    /// (``freshnessChanges(after:through:)``), not by classifying `instant + margin`: a threshold
    /// that is not a whole number of seconds (a server's max-age of 600.1 s) rounds when added to
    /// a date, and the sample at a withdrawal then still read "fresh", which no later sample
    /// corrected until the next change point or the horizon.
    @inlinable @inline(__always)
    func claimedFreshness(at instant: Date) -> Freshness {
        let (known, staleFrom, expiredFrom) = claimInstants
        // `!(a < b)`, not `a >= b`: data observed at no instant (not a number, made in code) has
        // thresholds at no instant, and is expired, never fresh.
        if let expiredFrom, !(instant < expiredFrom) { return .expired }
        if let staleFrom, !(instant < staleFrom) { return .stale }
        return instant < known ? .stale : .fresh
    }

    /// The instants in `(now, end]` where the claimed freshness drops: the stale and expiry
    /// thresholds, ``PlanningOptions/latenessMargin`` early.
    @inlinable @inline(__always)
    func withdrawals(after now: Date, through end: Date) -> [Date] {
        let (_, staleFrom, expiredFrom) = claimInstants
        var instants: [Date] = []
        for instant in [staleFrom, expiredFrom].compactMap({ $0 }) where instant > now && instant <= end {
            instants.append(instant)
        }
        return instants
    }

    /// Every instant in `(now, end]` where the claimed freshness changes: the withdrawals, and the
    /// instant data from a clock ahead comes within the tolerance and may be called fresh (a claim
    /// granted on time, never early). A timeline's lasting tail uses the withdrawals alone: it
    /// claims less there.
    @inlinable @inline(__always)
    func freshnessChanges(after now: Date, through end: Date) -> [Date] {
        let known = claimInstants.known
        let grant: [Date] = known > now && known <= end ? [known] : []
        return (grant + withdrawals(after: now, through: end)).sorted()
    }

    /// `content` with the freshness claimed at `instant`; "unavailable" where the domain hides an
    /// expired value, and where there is no content to show.
    @inlinable @inline(__always)
    func state(_ content: Kind.Content?, at instant: Date) -> State {
        let claimed = claimedFreshness(at: instant)
        if claimed == .expired && freshness.expiredValue == .hidden { return .unavailable(.expired) }
        guard let content else { return .unavailable(.timelineEnded) }
        switch claimed {
        case .fresh: return .fresh(content, stamp)
        case .stale: return .stale(content, stamp)
        case .expired: return .expired(content, stamp)
        }
    }

    /// The state at each of `instants`, with every content shown asked for in one call, so the kind
    /// does its per-snapshot work once.
    @inlinable @inline(__always)
    func states(at instants: [Date]) -> [Entry] {
        let hidesExpired = freshness.expiredValue == .hidden
        let shown = hidesExpired ? instants.filter { claimedFreshness(at: $0) != .expired } : instants
        let contents = kind.contents(of: snapshot, at: shown, in: calendar)
        precondition(
            contents.count == shown.count,
            "\(Kind.self).contents(of:at:in:) must return one content per instant")
        // A loop, not `map`: unspecialised, a closure over generic entries costs more than the work.
        var next = contents.startIndex
        var entries: [Entry] = []
        entries.reserveCapacity(instants.count)
        for instant in instants {
            if hidesExpired && claimedFreshness(at: instant) == .expired {
                entries.append(Entry(date: instant, state: .unavailable(.expired)))
                continue
            }
            entries.append(Entry(date: instant, state: state(contents[next], at: instant)))
            next += 1
        }
        return entries
    }

    // MARK: - The timeline

    /// The entries for `samples` (the state at each sampled instant, `now` first, strictly
    /// increasing), spaced, bounded and ending in what lasts; with the instant where the timeline
    /// was cut short, if it was. A timeline whose horizon, or a last event too close to it, made
    /// its last entry show what lasts in place of what then holds counts as cut there: a reload
    /// at that instant shows more, so the reload policy must not wait past it.
    ///
    /// - Parameter sampleCut: the first instant the planner did not sample, if it left some out:
    ///   the timeline shows what lasts from there.
    @inlinable @inline(__always)
    func timeline(
        _ samples: [Entry], cutAt sampleCut: Date?, horizonEnd: Date, corrections: inout [TimelineCorrection]
    ) -> (entries: [Entry], cutShortAt: Date?) {
        let withdrawals = self.withdrawals(after: samples[0].date, through: horizonEnd)
        var found: [TimelineCorrection] = []
        var standsIn: Date?
        let full = spaced(
            ending(
                samples, from: sampleCut, horizonEnd: horizonEnd, withdrawals: withdrawals,
                standsIn: &standsIn),
            horizonEnd: horizonEnd, corrections: &found, standsIn: &standsIn)
        guard full.count > options.maximumEntries else {
            corrections += found
            let cut = [standsIn, sampleCut].compactMap { $0 }.min()
            return (full, cut.flatMap { tailStart(of: full, cut: $0) })
        }
        // Too many: keep the first entries and show what lasts from the first one left out. The
        // lasting part is at most three entries (the cut and two freshness withdrawals).
        var keep = options.maximumEntries - 1
        while true {
            let cut = min(full[keep].date, sampleCut ?? Instant.afterAll)
            var attempt: [TimelineCorrection] = []
            var ignored: Date?
            let head = samples.prefix { $0.date < cut }
            let entries = spaced(
                ending(
                    Array(head), from: cut, horizonEnd: horizonEnd, withdrawals: withdrawals,
                    standsIn: &ignored),
                horizonEnd: horizonEnd, corrections: &attempt, standsIn: &ignored)
            if entries.count <= options.maximumEntries || keep == 0 {
                corrections += attempt
                corrections.append(.truncated(count: full.count - keep, from: cut))
                return (entries, tailStart(of: entries, cut: cut))
            }
            keep -= 1
        }
    }

    /// Where the screen shown at `cut` begins: what lasts claims less, so it may have come early
    /// and replaced the entry before the cut; the reload is wanted from there. `nil` when the
    /// domain hides the value by then: every plan shows "unavailable" from there, so a reload
    /// there would show nothing new.
    @inlinable @inline(__always)
    func tailStart(of entries: [Entry], cut: Date) -> Date? {
        if freshness.expiredValue == .hidden && claimedFreshness(at: cut) == .expired { return nil }
        return entries.last { $0.date <= cut }?.date ?? cut
    }

    /// `head` followed by what lasts from `cut` (or, when nothing was cut, the lasting state at
    /// the horizon if the head's last state does not last).
    ///
    /// - Parameter standsIn: set to the horizon when the lasting state stands in there for a
    ///   state that does not last.
    @inlinable @inline(__always)
    func ending(
        _ head: [Entry], from cut: Date?, horizonEnd: Date, withdrawals: [Date], standsIn: inout Date?
    ) -> [Entry] {
        guard let cut else {
            let last = head[head.count - 1]
            let lasting = lastingState(from: horizonEnd)
            if last.state == lasting { return head }
            // Standing in at the first entry is no cut: a plan made later ends the same way.
            if horizonEnd > head[0].date { standsIn = horizonEnd }
            var list = head
            if last.date < horizonEnd {
                list.append(Entry(date: horizonEnd, state: lasting))
            } else {
                list[list.count - 1].state = lasting
            }
            return list
        }
        let content = kind.lastingContent(of: snapshot, from: cut, in: calendar)
        var list = head
        list.append(Entry(date: cut, state: state(content, at: cut)))
        for instant in withdrawals where instant > cut {
            list.append(Entry(date: instant, state: state(content, at: instant)))
        }
        let final = lasting(content, from: max(horizonEnd, list[list.count - 1].date))
        if list[list.count - 1].state != final {
            if horizonEnd > list[list.count - 1].date {
                list.append(Entry(date: horizonEnd, state: final))
            } else {
                list[list.count - 1].state = final
            }
        }
        return list
    }

    /// What the widget can show from `instant` on with no further entry: the lasting content with
    /// the freshness it will end with.
    @inlinable @inline(__always)
    func lastingState(from instant: Date) -> State {
        lasting(kind.lastingContent(of: snapshot, from: instant, in: calendar), from: instant)
    }

    /// `content` with what it can claim from `instant` for ever after: no more than holds at
    /// `instant` and at the end of time. Data from a clock ahead is not fresh at first and may be
    /// fresh later; data that only ages is least current at the end.
    @inlinable @inline(__always)
    func lasting(_ content: Kind.Content?, from instant: Date) -> State {
        state(content, at: instant).claimingNoMoreThan(state(content, at: endOfTime))
    }

    /// An instant past every threshold of this data, where it has the freshness it ends with: the
    /// end of year 9999, or later for data observed so late, or kept fresh so long, that a
    /// threshold falls after it.
    @inlinable @inline(__always)
    var endOfTime: Date {
        let last = max(freshness.staleAfter, freshness.expiresAfter) + options.latenessMargin + 1
        return max(Instant.afterAll, stamp.observedAt.addingTimeInterval(last))
    }

    /// `samples` spaced at least the minimum spacing apart under the claim rules, equal neighbours
    /// merged.
    ///
    /// - Parameter standsIn: set to where the lasting state begins when an event too close to
    ///   the horizon makes the entry before it show what lasts.
    @inlinable @inline(__always)
    func spaced(
        _ samples: [Entry], horizonEnd: Date, corrections: inout [TimelineCorrection], standsIn: inout Date?
    ) -> [Entry] {
        let spacing = options.minimumSpacing
        var kept: [Entry] = []
        kept.reserveCapacity(samples.count)
        kept.append(samples[0])
        var index = 1
        while index < samples.count {
            let sample = samples[index]
            let last = kept[kept.count - 1]
            if sample.state == last.state {
                corrections.append(.mergedEqual(sample.date))
                index += 1
                continue
            }
            if sample.date.timeIntervalSince(last.date) >= spacing {
                kept.append(sample)
                index += 1
                continue
            }
            if mayComeEarly(from: last.state, to: sample.state) {
                // It claims less: it replaces the entry before it.
                corrections.append(.mergedWithinSpacing(dropped: sample.date, into: last.date))
                kept[kept.count - 1].state = sample.state
                if kept.count >= 2, kept[kept.count - 2].state == sample.state {
                    corrections.append(.mergedEqual(last.date))
                    kept.removeLast()
                }
                index += 1
                continue
            }
            // An event too close to the entry before: it appears at the first instant the spacing
            // allows, with whatever holds by then.
            let date = last.date.addingTimeInterval(spacing)
            guard date <= horizonEnd else {
                // It cannot appear in this timeline: the entry before becomes what lasts.
                kept[kept.count - 1].state = lastingState(from: last.date)
                if last.date > samples[0].date { standsIn = min(standsIn ?? last.date, last.date) }
                if kept.count >= 2, kept[kept.count - 2].state == kept[kept.count - 1].state {
                    kept.removeLast()
                }
                corrections.append(.truncated(count: samples.count - index, from: sample.date))
                return kept
            }
            var latest = index
            while latest + 1 < samples.count, samples[latest + 1].date <= date { latest += 1 }
            let shown = samples[latest].state
            // The screen before it stays until then, claiming no more currency than holds then.
            let held = last.state.claimingNoMoreThan(shown)
            kept[kept.count - 1].state = held
            if kept.count >= 2, kept[kept.count - 2].state == held {
                corrections.append(.mergedEqual(last.date))
                kept.removeLast()
            }
            corrections.append(.delayedWithinSpacing(from: sample.date, to: date))
            if kept[kept.count - 1].state != shown { kept.append(Entry(date: date, state: shown)) }
            index = latest + 1
        }
        return kept
    }

    /// Whether the change from `old` to `new` may appear before its instant: it removes the value,
    /// or claims no more currency and keeps the value or changes it by a withdrawal. A grant of
    /// currency (data from a clock ahead turning fresh once known) comes on time or late, never
    /// early.
    @inlinable @inline(__always)
    func mayComeEarly(from old: State, to new: State) -> Bool {
        guard let newContent = new.content else { return true }
        guard let oldContent = old.content, let oldFreshness = old.freshness,
            let newFreshness = new.freshness,
            newFreshness >= oldFreshness
        else { return false }
        return oldContent == newContent || kind.changeClaim(from: oldContent, to: newContent) == .withdrawal
    }
}

extension WidgetState {
    /// This state's value, claiming no more currency than `later`: its freshness lowered to
    /// `later`'s, or `later` itself when that shows no value.
    @inlinable @inline(__always)
    func claimingNoMoreThan(_ later: WidgetState) -> WidgetState {
        guard let laterFreshness = later.freshness else { return later }
        guard let content, let stamp, let freshness else { return self }
        switch max(freshness, laterFreshness) {
        case .fresh: return .fresh(content, stamp)
        case .stale: return .stale(content, stamp)
        case .expired: return .expired(content, stamp)
        }
    }
}
