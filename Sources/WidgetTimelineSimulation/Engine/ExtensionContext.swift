import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// What a widget extension's `getTimeline` sees in a simulation: the instant it was called, the
/// user's calendar, the network source (if the widget has one), and a stopwatch.
///
/// Work that takes simulated time (a network request) advances ``elapsed``, and the rest of the
/// device goes on meanwhile: while a request is open, the app may commit, other widgets' entries
/// appear, reload requests arrive. The engine installs the timeline when the run ends, or kills it
/// when ``elapsed`` passes the watchdog.
public final class ExtensionContext<Payload: Codable & Sendable & Equatable> {
    /// When the provider was called.
    public let now: Date
    /// The user's calendar and time zone at ``now``.
    public let calendar: Calendar
    /// Why the provider runs.
    public let cause: WidgetReloadScheduler.Cause
    /// Whether the engine throws away what this call returns: every call of a run but the last,
    /// whose timeline the next call's replaces (or the run is killed). A strategy may then skip
    /// work that only builds the timeline; loading, fetching and saving still happen.
    let returnsDiscardedTimeline: Bool
    /// Simulated time spent so far: reading the store and planning (a fixed small cost), plus
    /// every request.
    public private(set) var elapsed: TimeInterval = ExtensionContext.baseCost
    /// Requests sent to the backend during this run.
    public var backendRequests: Int { requestStarts.count }
    /// When each request was sent: ``elapsed`` into the call, not the call's start, so a fleet
    /// counts it in the second (and minute) the trace's fetch starts in.
    private(set) var requestStarts: [Date] = []
    private let source: SimulatedSource<Payload>?
    /// Lets the rest of the device run up to an instant: the engine's events while a request is open.
    private let advance: (Date) -> Void
    /// Told of every request, for the trace.
    private let fetched: ((FetchRecord) -> Void)?

    /// The cost of a run without network: a store read and a plan. Milliseconds on a device; the
    /// number only orders events and never approaches the watchdog.
    public static var baseCost: TimeInterval { 0.05 }

    init(
        now: Date, calendar: Calendar, cause: WidgetReloadScheduler.Cause, source: SimulatedSource<Payload>?,
        advance: @escaping (Date) -> Void = { _ in }, fetched: ((FetchRecord) -> Void)? = nil,
        returnsDiscardedTimeline: Bool = false
    ) {
        self.now = now
        self.calendar = calendar
        self.cause = cause
        self.returnsDiscardedTimeline = returnsDiscardedTimeline
        self.source = source
        self.advance = advance
        self.fetched = fetched
    }

    /// Whether the widget has a network source.
    public var hasSource: Bool { source != nil }

    /// Asks the network source for the current value, giving up after `timeout` seconds (`nil`:
    /// `URLSession`'s default of 60 s, which is what a provider without its own timeout waits).
    /// The device goes on while the request is open, so the app may commit before it returns.
    ///
    /// - Returns: the value and when it was observed (the request's instant), or why it failed.
    public func fetch(timeout: TimeInterval?) -> Result<FetchAnswer<Payload>, FetchFailure> {
        guard let source else { return .failure(FetchFailure(reason: .sourceFailed, duration: 0)) }
        // Whole milliseconds, as every instant of a run.
        let start = Instant.rounded(now.addingTimeInterval(elapsed))
        requestStarts.append(start)
        let outcome = source.fetch(at: start, timeout: timeout ?? 60)
        let duration: TimeInterval
        switch outcome {
        case .success(let answer): duration = answer.duration
        case .failure(let failure): duration = failure.duration
        }
        elapsed += duration
        fetched?(FetchRecord(start: start, end: start.addingTimeInterval(duration), outcome: outcome))
        advance(start.addingTimeInterval(duration))
        return outcome
    }
}

/// One request to a widget's source, for the trace.
struct FetchRecord {
    var start: Date
    var end: Date
    /// `answered`, `failed` or `timed-out`.
    var outcome: String
    var reason: String?
    var observedAt: Date?
    /// Who asked: `extension` (a provider run) or `app` (the app, open, fetching for its widget).
    var by = "extension"

    init<Payload>(start: Date, end: Date, outcome: Result<FetchAnswer<Payload>, FetchFailure>) {
        self.start = start
        self.end = end
        switch outcome {
        case .success(let answer):
            self.outcome = "answered"
            observedAt = answer.observedAt
        case .failure(let failure):
            self.outcome = failure.reason == .sourceTimedOut ? "timed-out" : "failed"
            reason = failure.reason.rawValue
        }
    }
}
