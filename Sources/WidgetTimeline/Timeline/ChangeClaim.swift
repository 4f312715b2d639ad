/// What a change of a widget's screen claims, which decides where the planner may put its entry
/// when the minimum spacing keeps it from its exact instant (docs/planning.md, "Claims").
///
/// The system shows an entry at its date or later, never earlier, and WidgetKit wants entries
/// about five minutes apart. A change closer than that to the entry before it cannot appear on
/// time, so it appears early or late; which is the honest choice depends on what it claims.
public enum ChangeClaim: Sendable, Hashable {
    /// The new screen says something has happened — a dose is due, an item overdue, a new day's
    /// count has begun. It never appears before its instant: where the spacing forbids the
    /// instant, it appears late, and the screen before it stays, with any freshness it had to
    /// withdraw in the meantime withdrawn.
    case event
    /// The new screen claims no more than the one before it (a value marked as a forecast, a
    /// detail dropped). It may appear early, within the spacing, in place of the one before.
    case withdrawal
}

extension UnavailableReason {
    /// The planned timeline ended before the data's changes did, and the widget has no content
    /// that stays true without them (``WidgetKind/lastingContent(of:from:in:)``): the reload the
    /// timeline asks for at that point brings the next plan.
    public static let timelineEnded = UnavailableReason("timeline-ended")
}
