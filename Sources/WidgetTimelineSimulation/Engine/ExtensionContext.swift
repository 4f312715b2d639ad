public import Foundation
import WidgetTimeline

/// What a widget extension's `getTimeline` sees in a simulation: the instant it was called, the
/// user's calendar, the network source (if the widget has one), and a stopwatch.
///
/// Work that takes simulated time (a network request) advances ``elapsed``; the engine installs
/// the timeline when the run ends, or kills it when ``elapsed`` passes the watchdog.
public final class ExtensionContext<Payload: Codable & Sendable & Equatable> {
    /// When the provider was called.
    public let now: Date
    /// The user's calendar and time zone at ``now``.
    public let calendar: Calendar
    /// Why the provider runs.
    public let cause: WidgetReloadScheduler.Cause
    /// Simulated time spent so far: reading the store and planning (a fixed small cost), plus
    /// every request.
    public private(set) var elapsed: TimeInterval = ExtensionContext.baseCost
    /// Requests sent to the backend during this run.
    public private(set) var backendRequests = 0
    private let source: SimulatedSource<Payload>?

    /// The cost of a run without network: a store read and a plan. Milliseconds on a device; the
    /// number only orders events and never approaches the watchdog.
    public static var baseCost: TimeInterval { 0.05 }

    init(now: Date, calendar: Calendar, cause: WidgetReloadScheduler.Cause, source: SimulatedSource<Payload>?)
    {
        self.now = now
        self.calendar = calendar
        self.cause = cause
        self.source = source
    }

    /// Whether the widget has a network source.
    public var hasSource: Bool { source != nil }

    /// Asks the network source for the current value, giving up after `timeout` seconds (`nil`:
    /// `URLSession`'s default of 60 s, which is what a provider without its own timeout waits).
    ///
    /// - Returns: the value and when it was observed (the request's instant), or why it failed.
    public func fetch(timeout: TimeInterval?) -> Result<FetchAnswer<Payload>, FetchFailure> {
        guard let source else { return .failure(FetchFailure(reason: .sourceFailed, duration: 0)) }
        backendRequests += 1
        let outcome = source.fetch(at: now.addingTimeInterval(elapsed), timeout: timeout ?? 60)
        switch outcome {
        case .success(let answer): elapsed += answer.duration
        case .failure(let failure): elapsed += failure.duration
        }
        return outcome
    }
}
