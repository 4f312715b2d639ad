#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// Coalesces reload requests, keyed by channel and kind: saves happen at once, reloads wait until requests stop for
/// a quiet period, at most a maximum delay after the first one, and go out at once on a flush.
///
/// A value-type state machine: feed it events, perform the actions it returns. It never reads a
/// clock; every event carries its instant. A request at or past the maximum delay, or at an instant
/// before the first pending request's (a clock set back past it), sends the pending reloads with it
/// at once, and so does a timer firing at such an instant.
public struct ReloadDebouncer: Sendable, Hashable {
    /// The quiet period after the last request before reloading. Zero reloads at once.
    ///
    /// Set, it keeps the rules of ``init(window:maximumDelay:)``: a negative or NaN window is zero,
    /// and the maximum delay is raised to it.
    public var window: TimeInterval {
        didSet {
            window = max(0, window)
            maximumDelay = max(window, maximumDelay)
        }
    }
    /// The longest a request waits, however many follow it. Never shorter than ``window``; set
    /// shorter, or NaN, it is the window.
    public var maximumDelay: TimeInterval {
        didSet { maximumDelay = max(window, maximumDelay) }
    }

    private var state = State.idle

    private enum State: Hashable {
        case idle
        case pending(targets: [ReloadTarget], first: Date, deadline: Date)
    }

    public enum Event: Sendable, Hashable {
        /// Reloads of `targets` were asked for at the instant.
        case requested([ReloadTarget], at: Date)
        /// The timer started for a deadline fired at the instant.
        case timerFired(at: Date)
        /// The app is leaving the foreground, or is asked to send everything now.
        case flush
    }

    public enum Action: Sendable, Hashable {
        /// Nothing to do.
        case none
        /// Start (or move) the timer to fire at the deadline.
        case startTimer(Date)
        /// Reload these targets now, and stop the timer.
        case reload([ReloadTarget])
    }

    public init(window: TimeInterval = 0, maximumDelay: TimeInterval = 10) {
        self.window = max(0, window)
        self.maximumDelay = max(self.window, maximumDelay)
    }

    /// Targets waiting for a reload, in the order first asked for.
    public var pendingTargets: [ReloadTarget] {
        if case .pending(let targets, _, _) = state { return targets }
        return []
    }

    /// When the pending reloads go out, if any are pending.
    public var deadline: Date? {
        if case .pending(_, _, let deadline) = state { return deadline }
        return nil
    }

    public mutating func handle(_ event: Event) -> Action {
        switch (state, event) {
        case (.idle, .requested(let targets, let at)):
            guard window > 0 else { return targets.isEmpty ? .none : .reload(Self.unique(targets)) }
            guard !targets.isEmpty else { return .none }
            let deadline = at.addingTimeInterval(window)
            state = .pending(targets: Self.unique(targets), first: at, deadline: deadline)
            return .startTimer(deadline)
        case (.pending, .requested(let targets, _)) where targets.isEmpty:
            // Nothing asked for: the pending reloads keep their deadline.
            return .none
        case (.pending(let pending, let first, _), .requested(let targets, let at)) where at < first:
            // The clock was set back past the first request: how long the pending reloads have
            // waited is unknown, and a deadline from the old first would hold them for as long as
            // the clock went back. Everything goes now.
            state = .idle
            return .reload(Self.unique(pending + targets))
        case (.pending(let pending, let first, _), .requested(let targets, let at)):
            let latest = first.addingTimeInterval(maximumDelay)
            // Past the maximum delay already (a timer that did not fire, a clock moved forward):
            // a timer for a deadline gone would only wait for the next wake-up.
            guard at < latest else {
                state = .idle
                return .reload(Self.unique(pending + targets))
            }
            let deadline = min(at.addingTimeInterval(window), latest)
            state = .pending(targets: Self.unique(pending + targets), first: first, deadline: deadline)
            return .startTimer(deadline)
        case (.pending(let targets, let first, let deadline), .timerFired(let at)):
            // A timer that fired early (it was moved) restarts for the current deadline — unless
            // the clock was set back past the first request, when the wait so far is unknown.
            guard at >= deadline || at < first else { return .startTimer(deadline) }
            state = .idle
            return .reload(targets)
        case (.pending(let targets, _, _), .flush):
            state = .idle
            return .reload(targets)
        case (.idle, .timerFired), (.idle, .flush):
            return .none
        }
    }

    /// `targets` without repeats, each where first named.
    static func unique(_ targets: [ReloadTarget]) -> [ReloadTarget] {
        var seen: Set<ReloadTarget> = []
        return targets.filter { seen.insert($0).inserted }
    }
}

/// Whether ``WidgetSync`` and its ``ReloadCoordinator`` coalesce reload requests, and with which timer.
public enum ReloadDebounce: Sendable {
    /// Every save asks for its reload at once.
    case immediate
    /// Reloads wait until saves stop for `window` seconds, at most `maximumDelay` after the first;
    /// `timer` wakes the sync at the deadline.
    case window(TimeInterval, maximumDelay: TimeInterval, timer: any WidgetTimer)
}
