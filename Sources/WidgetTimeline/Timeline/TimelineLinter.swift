#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// Checks a timeline against the invariants and the review questions of the seed notes:
/// what WidgetKit will do with it, and where it will mislead a user if the refresh comes late.
///
/// Apps can lint the timelines their own providers build, in their own tests:
///
/// ```swift
/// let findings = TimelineLinter().lint(timeline, now: now)
/// #expect(!findings.contains { $0.severity == .error })
/// ```
public struct TimelineLinter: Sendable {
    /// Entries closer than this get a warning; WidgetKit documents about 5 minutes.
    public var minimumSpacing: TimeInterval = 5 * 60
    /// More entries than this get a warning (memory, archive size).
    public var manyEntries = 100
    /// More entries than this are an error: the system was seen to stop updating past about 400.
    public var tooManyEntries = 400

    public init() {}

    /// The findings for `timeline`, in entry order, most severe first within an entry.
    ///
    /// - Parameters:
    ///   - timeline: the timeline to check, as planned or as read from JSON.
    ///   - now: when the timeline was built, if known; enables the checks against `now`.
    ///   - situation: the display situation an entry's state claims (`fresh`, `stale`, …), if the
    ///     state says; enables the checks for claims that outlive a late refresh.
    ///   - claim: what an entry's state claims about its data (situation, content, observation),
    ///     if the state says; enables the checks that a claim is backed and honest over time.
    public func lint<State>(
        _ timeline: PlannedTimeline<State>,
        now: Date? = nil,
        situation: (State) -> String? = { _ in nil },
        claim: (State) -> LintClaim? = { _ in nil }
    ) -> [LintFinding] {
        let entries = timeline.entries
        guard let first = entries.first, let last = entries.last else {
            return [
                LintFinding(
                    .error, "empty-timeline",
                    "the timeline has no entries; WidgetKit discards it and the widget keeps its old screen"
                )
            ]
        }
        let invariants = TimelineInvariants(
            minimumSpacing: minimumSpacing,
            maximumEntries: manyEntries,
            horizon: .infinity
        )
        var findings = invariants.violations(of: entries, now: now).compactMap { finding(for: $0, now: now) }
        if entries.count > tooManyEntries {
            findings.append(
                LintFinding(
                    .error, "too-many-entries",
                    "\(entries.count) entries; WidgetKit was seen to stop updating past about \(tooManyEntries)"
                ))
        }
        switch timeline.policy {
        case .after(let date):
            if date < first.date {
                findings.append(
                    LintFinding(
                        .error, "policy-before-first-entry",
                        "the reload date is before the first entry; the system may reload before anything is shown"
                    ))
            } else if let now, date <= now {
                findings.append(
                    LintFinding(
                        .error, "policy-in-past",
                        "the reload date is not after now; every reload asks for another at once and burns the budget"
                    ))
            } else if date.timeIntervalSince(now ?? first.date) < minimumSpacing {
                findings.append(
                    LintFinding(
                        .warning, "policy-too-soon",
                        "the reload date is less than \(Self.duration(minimumSpacing)) away; "
                            + "this polls the system and spends the daily budget (40–70 reloads)"
                    ))
            }
            if last.date <= date, situation(last.state) == "fresh" {
                findings.append(
                    LintFinding(
                        .warning, "fresh-past-reload",
                        "the last entry claims fresh data and nothing follows the reload date; "
                            + "a reload hours late leaves stale data looking fresh",
                        entry: entries.count - 1
                    ))
            } else if last.date <= date {
                findings.append(
                    LintFinding(
                        .info, "no-entries-after-reload",
                        "no entry follows the reload date; if the reload comes late, "
                            + "make sure the last screen stays true",
                        entry: entries.count - 1
                    ))
            }
        case .atEnd:
            if entries.count == 1 {
                findings.append(
                    LintFinding(
                        .warning, "at-end-single-entry",
                        ".atEnd with a single entry leaves the reload time to the system; use .after(date)"
                    ))
            }
            if situation(last.state) == "fresh" {
                findings.append(
                    LintFinding(
                        .warning, "fresh-past-reload",
                        "the last entry claims fresh data; a reload hours late leaves stale data looking fresh",
                        entry: entries.count - 1
                    ))
            }
        case .never:
            findings.append(
                LintFinding(
                    .warning, "never-policy",
                    ".never: only the app or a push reloads this widget; if that signal is lost "
                        + "it shows this timeline forever"
                ))
        }
        findings += claimFindings(entries.map { claim($0.state) }, dates: entries.map(\.date), now: now)
        if let index = entries.firstIndex(where: {
            ($0.relevance?.score ?? 0) < 0 || ($0.relevance?.duration ?? 0) < 0
        }) {
            findings.append(
                LintFinding(
                    .warning, "negative-relevance", "relevance score and duration cannot be negative",
                    entry: index))
        }
        return findings.sorted { ($0.entry ?? -1, $1.severity) < ($1.entry ?? -1, $0.severity) }
    }

    /// The findings about what the entries claim: a freshness claim with no data behind it, data
    /// observed after the entry (or after now) that shows it, and one observation claimed fresher
    /// later than earlier — the age of one observation only grows, so its freshness only decays.
    private func claimFindings(_ claims: [LintClaim?], dates: [Date], now: Date?) -> [LintFinding] {
        var findings: [LintFinding] = []
        let tolerance = SnapshotLimits.futureInstantTolerance
        // The freshest claim seen so far for each observation, with its entry.
        var earlier: [String: (freshness: Freshness, entry: Int)] = [:]
        let sorted = dates.indices.dropFirst().allSatisfy { dates[$0 - 1] < dates[$0] }
        for (index, claim) in claims.enumerated() {
            guard let claim, let freshness = Freshness(rawValue: claim.situation) else { continue }
            guard claim.hasContent, let observedAt = claim.observedAt, claim.revision != nil else {
                findings.append(
                    LintFinding(
                        .error, "claim-without-data",
                        "the entry claims \(claim.situation) data but has no content, revision or observedAt "
                            + "to show",
                        entry: index))
                continue
            }
            // The instant the entry is on screen from: its date, or now for the one showing now
            // (defined only when the entries are in order).
            let showing =
                sorted
                && (now.map { now in
                    dates[index] <= now && (index + 1 == dates.count || dates[index + 1] > now)
                }
                    ?? false)
            let shownFrom = showing ? now! : dates[index]
            let ahead = observedAt.timeIntervalSince(shownFrom)
            if ahead > tolerance {
                // Claiming fresh for data no clock has seen yet is false. Anything less is how a
                // timeline shows data from a clock ahead of this one (another device, a clock set
                // back): not fresh until its observation comes within the tolerance.
                let fresh = freshness == .fresh
                let rule = showing ? "observed-after-now" : "observed-after-entry"
                let when = showing ? "now" : "the entry's date"
                findings.append(
                    LintFinding(
                        fresh ? .error : .warning, rule,
                        "the data is observed \(Self.duration(ahead)) after \(when); "
                            + (fresh
                                ? "no clock has seen it, so it cannot be called fresh"
                                : "this clock is behind the data's (another device, a clock set back)"),
                        entry: index))
            }
            // Entries out of order are reported as such; what they claim over time is not defined.
            guard sorted else { continue }
            let observation = "\(claim.revision!)@\(observedAt.timeIntervalSinceReferenceDate)"
            // Fresher later is allowed only where the earlier claim was made before the observation
            // came within the tolerance: data from a clock ahead is called fresh once it is known.
            if let previous = earlier[observation], freshness < previous.freshness,
                observedAt.timeIntervalSince(dates[previous.entry]) <= tolerance
            {
                findings.append(
                    LintFinding(
                        .error, "freshness-increases",
                        "the entry claims \(claim.situation) for the observation entry \(previous.entry) claimed "
                            + "\(previous.freshness.rawValue); one observation only ages, so it cannot become fresher",
                        entry: index))
            }
            if freshness >= earlier[observation]?.freshness ?? .fresh {
                earlier[observation] = (freshness, index)
            }
        }
        return findings
    }

    /// The finding for one broken invariant.
    private func finding(for violation: TimelineInvariants.Violation, now: Date?) -> LintFinding? {
        switch violation {
        case .empty, .pastHorizon:
            return nil
        case .firstEntryNotAtNow(let date):
            guard let now, date > now else {
                return LintFinding(
                    .info, "first-entry-in-past", "the first entry is dated before now", entry: 0)
            }
            return LintFinding(
                .error, "first-entry-not-now",
                "the first entry starts \(Self.duration(date.timeIntervalSince(now))) after now; "
                    + "until then the widget shows its previous timeline", entry: 0
            )
        case .entryBeforeNow(let index):
            guard index > 0 else { return nil }
            return LintFinding(
                .warning, "entry-before-now",
                "the entry is dated before now; only the last past entry is ever shown",
                entry: index
            )
        case .notIncreasing(let index):
            return LintFinding(
                .error, "unsorted-entries", "the entry is earlier than entry \(index - 1)", entry: index)
        case .duplicateDate(let index):
            return LintFinding(
                .error, "duplicate-date", "the entry has the same date as entry \(index - 1)", entry: index)
        case .equalToPrevious(let index):
            return LintFinding(
                .info, "repeated-entry", "the entry shows the same as entry \(index - 1)", entry: index)
        case .tooClose(let index, let seconds):
            return LintFinding(
                .warning, "entries-too-close",
                "the entry is \(Self.duration(seconds)) after entry \(index - 1); "
                    + "WidgetKit expects entries at least \(Self.duration(minimumSpacing)) apart",
                entry: index
            )
        case .tooMany(let count):
            guard count <= tooManyEntries else { return nil }
            return LintFinding(
                .warning, "many-entries",
                "\(count) entries; every one is held in the extension's ~30 MB and the timeline archive"
            )
        }
    }

    /// `90 s`, `4 min`, `2 h 5 min`.
    static func duration(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded())
        if whole < 120 { return "\(whole) s" }
        if whole < 7200 { return "\(whole / 60) min" }
        let minutes = whole / 60 % 60
        return "\(whole / 3600) h" + (minutes == 0 ? "" : " \(minutes) min")
    }
}

/// One thing the linter found.
public struct LintFinding: Sendable, Hashable, Codable {
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        case info
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            let order: [Severity] = [.info, .warning, .error]
            return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
        }
    }

    public var severity: Severity
    /// A stable, kebab-case rule name.
    public var rule: String
    public var message: String
    /// The index of the entry concerned, or `nil` for the timeline as a whole.
    public var entry: Int?

    public init(_ severity: Severity, _ rule: String, _ message: String, entry: Int? = nil) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.entry = entry
    }
}

/// What an entry's state claims about the data it shows, for ``TimelineLinter``'s checks of
/// those claims: its situation (`fresh`, `stale`, `expired`, …), whether it has content, and the
/// observation it shows.
public struct LintClaim: Sendable, Hashable {
    public var situation: String
    public var hasContent: Bool
    public var revision: Int?
    public var observedAt: Date?

    public init(situation: String, hasContent: Bool, revision: Int?, observedAt: Date?) {
        self.situation = situation
        self.hasContent = hasContent
        self.revision = revision
        self.observedAt = observedAt
    }
}
