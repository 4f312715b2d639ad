#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// What one widget did under one strategy. Definitions, precisely, in
/// `docs/simulator.md`; in short:
public struct WidgetMetrics: Sendable, Hashable, Codable {
    /// Minutes the screen claimed a value was current (a `fresh` screen, or a value shown without
    /// any mark) while the value's data was older than the widget's `staleAfter`. The cardinal sin.
    public var staleShownAsFreshMinutes: Double
    /// Minutes the screen showed a value other than the one an omniscient widget would show then
    /// (a wrong phase, count or revision), whatever its mark.
    public var wrongValueMinutes: Double
    /// Minutes the screen showed an event before it happened: a value the same data makes true
    /// only later, at an event (a dose due, a new day's count). Part of the wrong-value minutes.
    public var earlyEventMinutes: Double
    /// Minutes with no value on screen (no data yet, or unavailable).
    public var noValueMinutes: Double
    /// From each data change to the first screen showing it or something newer.
    public var commitToDisplay: DelayStatistics
    /// `getTimeline` calls (a reload may make several).
    public var providerRuns: Int
    /// Reloads charged to the budget.
    public var budgetUsed: Int
    /// Due reloads the system refused for lack of budget (once per wait).
    public var budgetRefused: Int
    /// `reloadTimelines` calls from the app that named this widget's kind (or all).
    public var reloadsRequested: Int
    /// Requests the extension sent to the network source.
    public var backendRequests: Int
    /// Reloads killed by the watchdog.
    public var watchdogKills: Int
    /// Empty timelines the system discarded.
    public var discardedTimelines: Int
    /// Reloads a delivered WidgetKit push caused.
    public var pushReloads: Int
    /// Taps on the widget's button or toggle (each an intent that saved in the extension).
    public var taps: Int
    /// The immediate reloads the system gave the widget after an intent.
    public var intentReloads: Int

    public init() {
        staleShownAsFreshMinutes = 0
        wrongValueMinutes = 0
        earlyEventMinutes = 0
        noValueMinutes = 0
        commitToDisplay = DelayStatistics(delays: [], undelivered: 0)
        providerRuns = 0
        budgetUsed = 0
        budgetRefused = 0
        reloadsRequested = 0
        backendRequests = 0
        watchdogKills = 0
        discardedTimelines = 0
        pushReloads = 0
        taps = 0
        intentReloads = 0
    }
}

/// Delays from data changes to the screen: how many, how many never made it, and the median,
/// 95th percentile and maximum in seconds (nearest-rank percentiles; `nil` when none made it).
public struct DelayStatistics: Sendable, Hashable, Codable {
    public var delivered: Int
    /// Changes never shown (neither they nor anything newer) before the scenario ended.
    public var undelivered: Int
    public var medianSeconds: Double?
    public var p95Seconds: Double?
    public var maxSeconds: Double?

    public init(delays: [TimeInterval], undelivered: Int) {
        let sorted = delays.sorted()
        delivered = sorted.count
        self.undelivered = undelivered
        func rank(_ percent: Double) -> Double? {
            guard !sorted.isEmpty else { return nil }
            let index = Int((percent / 100 * Double(sorted.count)).rounded(.up)) - 1
            return Self.rounded(sorted[min(max(index, 0), sorted.count - 1)])
        }
        medianSeconds = rank(50)
        p95Seconds = rank(95)
        maxSeconds = sorted.last.map(Self.rounded)
    }

    /// Counts and a maximum without the delays behind them: what a sum over widgets can say.
    init(delivered: Int, undelivered: Int, maxSeconds: Double?) {
        self.delivered = delivered
        self.undelivered = undelivered
        medianSeconds = nil
        p95Seconds = nil
        self.maxSeconds = maxSeconds
    }

    static func rounded(_ seconds: Double) -> Double {
        (MetricRounding.milliseconds(seconds) / 100).rounded() / 10
    }
}

/// How a length of time becomes a reported number. Every instant is a whole millisecond, but a
/// difference of two `Date`s is not exactly one, so a length a half-unit long would round either
/// way by accident; rounding from its whole milliseconds rounds it up, as the trace does.
enum MetricRounding {
    static func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() }

    /// Minutes to two decimals.
    static func minutes(_ seconds: Double) -> Double { (milliseconds(seconds) / 600).rounded() / 100 }
}
