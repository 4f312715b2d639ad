public import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// What happened to one widget, instant by instant: what the screen showed, the truth it is
/// measured against, and the system's and the extension's actions. The HTML report draws it, and
/// `simulate --trace` writes it (``TraceReport``; schema in docs/simulator.md, "The trace").
///
/// Contents (`content`), installed timelines and fetches are kept only when the run records a
/// trace (``DeviceSimulation/recordsTrace``).
public struct WidgetTrace: Sendable, Hashable {
    /// One stretch of unchanged screen.
    public struct Screen: Sendable, Hashable {
        public var start: Date
        public var end: Date
        /// `noData`, `unavailable`, `fresh`, `stale` or `expired`: the claim the screen makes.
        public var display: String
        /// The screen in words, e.g. `fresh r3 · 12 open tasks`.
        public var text: String
        /// The revision and observation time of the value shown, if one is.
        public var revision: Int?
        public var observedAt: Date?
        /// The index in ``data`` of the data the value shown carries — the change whose payload
        /// the shown revision was committed with — if a value is shown.
        public var data: Int?
        /// The value shown, as JSON, when recorded.
        public var content: JSONValue?
    }

    /// A stretch of time.
    public struct Span: Sendable, Hashable, Codable {
        public var start: Date
        public var end: Date
    }

    /// One reload: the provider runs, `getTimeline` called ``calls`` times one after another.
    public struct Run: Sendable, Hashable {
        public var at: Date
        /// When the last call returned (or the watchdog killed it).
        public var end: Date
        public var cause: WidgetReloadScheduler.Cause
        public var isCharged: Bool
        /// `installed`, `killed` (watchdog) or `discarded` (empty timeline).
        public var outcome: String
        public var calls: Int
        /// Charged reloads left in the budget once this one was charged; `nil` when unlimited.
        public var budgetLeft: Int?
    }

    /// One request to the widget's source.
    public struct Fetch: Sendable, Hashable {
        public var start: Date
        public var end: Date
        /// `answered`, `failed` or `timed-out`.
        public var outcome: String
        public var reason: String?
        /// When the answer's data was observed at the source.
        public var observedAt: Date?
        /// Who asked: `extension`, or `app` (the app, open, fetching for its widget).
        public var by: String
    }

    /// A timeline the system installed: when, from which run, and what it holds.
    public struct Timeline: Sendable, Hashable {
        public var installedAt: Date
        /// The index of the run in ``runs``.
        public var run: Int
        public var policy: ReloadPolicy
        public var entries: [Entry]
    }

    /// One entry of an installed timeline.
    public struct Entry: Sendable, Hashable {
        public var date: Date
        public var display: String
        public var text: String
        public var revision: Int?
        public var observedAt: Date?
        /// The index in ``data`` of the data change the entry's value carries.
        public var data: Int?
        public var content: JSONValue?
    }

    /// One change of the data (host commit or server update): from ``at`` on it is the newest.
    public struct DataChange: Sendable, Hashable {
        public var at: Date
        /// `host` (the app commits), `server` (the source's value changes), `intent` (a tap's intent
        /// saved it) or `control` (a control's intent did).
        public var origin: String
        /// The widget's stale threshold for this data.
        public var staleAfter: TimeInterval
    }

    /// One stretch of the truth: what an omniscient widget shows.
    public struct TruthStretch: Sendable, Hashable {
        public var start: Date
        public var end: Date
        /// The index in ``data`` of the data it comes from.
        public var data: Int
        /// What began it: `data` (a data change), `zone` (a time-zone change), `event` or
        /// `withdrawal` (a change point of the widget kind, as `WidgetKind.changeClaim(from:to:)`
        /// calls it).
        public var boundary: String
        public var content: JSONValue?
        public var text: String
    }

    public var screens: [Screen] = []
    /// Where the screen claimed current while the data was stale.
    public var staleShownAsFresh: [Span] = []
    /// Where the screen showed a value other than the true one.
    public var wrongValue: [Span] = []
    /// Where the screen showed an event before it happened.
    public var earlyEvent: [Span] = []
    /// Where the widget was not visible.
    public var hidden: [Span] = []
    public var data: [DataChange] = []
    public var truth: [TruthStretch] = []
    public var reloadRequests: [Date] = []
    public var runs: [Run] = []
    public var refusals: [Date] = []
    /// Taps on the widget's button or toggle.
    public var taps: [Date] = []
    public var fetches: [Fetch] = []
    public var timelines: [Timeline] = []

    /// The instants of the data changes.
    public var commits: [Date] { data.map(\.at) }
}
