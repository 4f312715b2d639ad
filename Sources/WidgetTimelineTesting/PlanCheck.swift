public import Foundation
public import WidgetTimeline

/// The rules every planned timeline keeps, as a checker for property tests of any widget kind —
/// the package's examples, a scripted widget, or an app's own:
///
/// - the invariants: entries, the first at `now`, increasing, spaced, bounded;
/// - the policy (P4): never `.never`; `.atEnd` neither after a failure nor for a lone entry at
///   `now`; a reload no sooner than the minimum spacing unless the timeline was cut short, and
///   no later than the longest wait the options allow;
/// - honest claims (M1, F1–F3): every shown value carries the stamp of the snapshot it came from,
///   nothing is shown without a snapshot, a fresh claim holds until the next entry, and a stale
///   one never outlives the data where the domain hides expired values.
///
/// ```swift
/// let plan = planner.plan(input, at: now, in: calendar)
/// #expect(PlanCheck.problems(in: plan, of: planner, for: input, at: now).isEmpty)
/// ```
public enum PlanCheck {
    /// Every rule `plan` breaks, in words; empty when it keeps them all.
    public static func problems<Kind: WidgetKind>(
        in plan: PlanningResult<Kind.Content>,
        of planner: TimelinePlanner<Kind>,
        for input: LoadResult<Kind.Payload>,
        at now: Date
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
            let truth = freshness.classify(
                dataObservedAt: snapshot.dataObservedAt, at: end.addingTimeInterval(-0.001))
            switch entry.state {
            case .fresh where truth != .fresh:
                problems.append(
                    "entry \(index) claims fresh data until \(Instant.format(end)); it is \(truth)")
            case .stale where truth == .expired && freshness.expiredValue == .hidden:
                problems.append("entry \(index) shows a value past its expiry, which the domain hides")
            default:
                break
            }
        }
        return problems
    }
}
