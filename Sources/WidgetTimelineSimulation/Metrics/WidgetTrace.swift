public import Foundation

/// What happened to one widget, instant by instant: what the screen showed and the marks a report
/// draws (commits, reload requests, provider runs, refusals).
public struct WidgetTrace: Sendable, Hashable, Codable {
    /// One stretch of unchanged screen.
    public struct Screen: Sendable, Hashable, Codable {
        public var start: Date
        public var end: Date
        /// `noData`, `unavailable`, `fresh`, `stale` or `expired`: the claim the screen makes.
        public var display: String
        /// The screen in words, e.g. `fresh r3 · 12 open tasks`.
        public var text: String
    }

    /// A stretch of time.
    public struct Span: Sendable, Hashable, Codable {
        public var start: Date
        public var end: Date
    }

    /// One provider run.
    public struct Run: Sendable, Hashable, Codable {
        public var at: Date
        public var cause: WidgetReloadScheduler.Cause
        public var isCharged: Bool
        /// `installed`, `killed` (watchdog) or `discarded` (empty timeline).
        public var outcome: String
    }

    public var screens: [Screen] = []
    /// Where the screen claimed current while the data was stale.
    public var staleShownAsFresh: [Span] = []
    /// Where the screen showed a value other than the true one.
    public var wrongValue: [Span] = []
    /// Where the widget was not visible.
    public var hidden: [Span] = []
    public var commits: [Date] = []
    public var reloadRequests: [Date] = []
    public var runs: [Run] = []
    public var refusals: [Date] = []
}
