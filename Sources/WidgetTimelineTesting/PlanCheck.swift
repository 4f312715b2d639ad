public import Foundation
public import WidgetTimeline

/// The rules every planned timeline keeps, as a checker for property tests of any widget kind —
/// the package's examples, a scripted widget, or an app's own:
///
/// - the invariants: entries, the first at `now`, increasing, spaced, bounded;
/// - the policy (P4): never `.never`; `.atEnd` neither after a failure nor for a lone entry at
///   `now`; a reload no sooner than the minimum spacing unless the timeline was cut short, and
///   no later than the longest wait the options allow;
/// - honest claims: every shown value carries the stamp of the snapshot it came from, nothing is
///   shown without a snapshot, a fresh claim holds until the next entry plus the lateness margin,
///   and a stale one never outlives the data where the domain hides expired values;
/// - with the calendar: no entry shows an event before it happens (a value the snapshot makes
///   true only later, at an event), and the last entry shows only what lasts
///   (``WidgetKind/lastingContent(of:from:in:)``, with the freshness the data will end with).
///
/// ```swift
/// let plan = planner.plan(input, at: now, in: calendar)
/// #expect(PlanCheck.problems(in: plan, of: planner, for: input, at: now, in: calendar).isEmpty)
/// ```
public enum PlanCheck {
    /// Every rule `plan` breaks, in words; empty when it keeps them all. Without `calendar`, the
    /// rules about contents (events, the last entry) are not checked.
    public static func problems<Kind: WidgetKind>(
        in plan: PlanningResult<Kind.Content>,
        of planner: TimelinePlanner<Kind>,
        for input: LoadResult<Kind.Payload>,
        at now: Date,
        in calendar: Calendar? = nil
    ) -> [String] {
        var problems: [String] = []
        let entries = plan.timeline.entries
        let violations = TimelineInvariants(planner.options).violations(of: entries, now: now)
        if !violations.isEmpty { problems.append("invariants broken: \(violations)") }
        if entries.first?.date != now { problems.append("the first entry is not at now") }
        let wasCutShort = plan.corrections.contains { if case .truncated = $0 { true } else { false } }
        switch plan.timeline.policy {
        case .never:
            problems.append(".never is never chosen")
        case .atEnd:
            if input.failure != nil { problems.append(".atEnd after a failure") }
            if (entries.last?.date ?? now) <= now { problems.append(".atEnd on a single entry at now") }
        case .after(let date):
            if date < now.addingTimeInterval(planner.options.minimumSpacing) && !wasCutShort {
                problems.append("a reload sooner than the minimum spacing")
            }
            // Never later than the longest wait the options allow: a date from a file (a
            // `generatedAt` in year 9999) must not postpone every refresh.
            let options = planner.options
            let refreshAfter = input.snapshot.map { planner.kind.freshness(of: $0).refreshAfter } ?? 0
            let longest = [
                refreshAfter, options.minimumSpacing, options.retry.maximum, options.firstInstallRecheck,
                options.hostDataRecheck,
            ].max()!
            if date > now.addingTimeInterval(longest + (options.refreshJitter?.maximum ?? 0)) {
                problems.append("a reload at \(Instant.format(date)), later than any wait the options allow")
            }
        }
        guard let snapshot = input.snapshot else {
            if entries.contains(where: { $0.state.content != nil }) {
                problems.append("a value is shown without any snapshot")
            }
            return problems
        }
        let freshness = planner.kind.freshness(of: snapshot)
        let horizonEnd = now.addingTimeInterval(planner.options.horizon)
        for (index, entry) in entries.enumerated() {
            if let stamp = entry.state.stamp, stamp != snapshot.stamp {
                problems.append("entry \(index) shows stamp \(stamp), not the snapshot's \(snapshot.stamp)")
            }
            let end = index + 1 < entries.count ? entries[index + 1].date : horizonEnd
            guard end > entry.date else { continue }
            // The system may show the next entry up to the lateness margin late.
            let latest = end.addingTimeInterval(planner.options.latenessMargin - 0.001)
            let truth = freshness.classify(dataObservedAt: snapshot.dataObservedAt, at: latest)
            switch entry.state {
            case .fresh where truth != .fresh:
                problems.append(
                    "entry \(index) claims fresh data until \(Instant.format(latest)); it is \(truth)")
            case .stale where truth == .expired && freshness.expiredValue == .hidden:
                problems.append("entry \(index) shows a value past its expiry, which the domain hides")
            default:
                break
            }
        }
        if let calendar {
            problems += claimProblems(entries, of: planner, snapshot: snapshot, at: now, in: calendar)
        }
        return problems
    }

    /// Events shown before they happen, and a last entry that does not last.
    private static func claimProblems<Kind: WidgetKind>(
        _ entries: [PlannedEntry<WidgetState<Kind.Content>>], of planner: TimelinePlanner<Kind>,
        snapshot: Snapshot<Kind.Payload>, at now: Date, in calendar: Calendar
    ) -> [String] {
        let kind = planner.kind
        let horizonEnd = now.addingTimeInterval(planner.options.horizon)
        var points = kind.changePoints(of: snapshot, after: now, through: horizonEnd, in: calendar)
            .filter { $0 > now && $0 <= horizonEnd }
        points = Array(Set(points)).sorted()
        let contents = kind.contents(of: snapshot, at: [now] + points, in: calendar)
        var problems: [String] = []
        for (index, entry) in entries.enumerated() {
            guard let shown = entry.state.content else { continue }
            // Where the snapshot's content first becomes `shown`, counting from `now`.
            guard let first = contents.firstIndex(of: shown) else { continue }
            let becomesTrue = first == 0 ? now : points[first - 1]
            if becomesTrue > entry.date, first > 0,
                kind.changeClaim(from: contents[first - 1], to: shown) == .event
            {
                problems.append(
                    "entry \(index) at \(Instant.format(entry.date)) shows an event of "
                        + "\(Instant.format(becomesTrue)) early")
            }
        }
        if let last = entries.last, let shown = last.state.content {
            // The run of entries that ends the timeline with this value must show what lasts from
            // some instant in it (where it begins, the last entry, or the horizon).
            var from = entries.count - 1
            while from > 0, entries[from - 1].state.content == shown { from -= 1 }
            let lasts = [entries[from].date, last.date, max(last.date, horizonEnd)].contains {
                kind.lastingContent(of: snapshot, from: $0, in: calendar) == shown
            }
            if !lasts {
                problems.append("the last entry shows a value that does not last until the data changes")
            }
            let freshness = kind.freshness(of: snapshot)
            if last.state.freshness
                != freshness.classify(dataObservedAt: snapshot.dataObservedAt, at: .distantFuture)
            {
                problems.append(
                    "the last entry claims \(last.state.situation), which lapses without new data")
            }
        }
        return problems
    }
}
