public import Foundation

/// Coalesces reload requests: saves happen at once, reloads wait until requests stop for
/// a quiet period, at most a maximum delay after the first one, and go out at once on a flush.
///
/// A value-type state machine: feed it events, perform the actions it returns. It never reads a
/// clock; every event carries its instant.
public struct ReloadDebouncer: Sendable, Hashable {
    /// The quiet period after the last request before reloading. Zero reloads at once.
    public var window: TimeInterval
    /// The longest a request waits, however many follow it.
    public var maximumDelay: TimeInterval

    private var state = State.idle

    private enum State: Hashable {
        case idle
        case pending(kinds: [String], first: Date, deadline: Date)
    }

    public enum Event: Sendable, Hashable {
        /// Reloads of `kinds` were asked for at the instant.
        case requested(kinds: [String], at: Date)
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
        /// Reload these kinds now, and stop the timer.
        case reload([String])
    }

    public init(window: TimeInterval = 0, maximumDelay: TimeInterval = 10) {
        self.window = max(0, window)
        self.maximumDelay = max(self.window, maximumDelay)
    }

    /// Kinds waiting for a reload, in the order first asked for.
    public var pendingKinds: [String] {
        if case .pending(let kinds, _, _) = state { return kinds }
        return []
    }

    /// When the pending reloads go out, if any are pending.
    public var deadline: Date? {
        if case .pending(_, _, let deadline) = state { return deadline }
        return nil
    }

    public mutating func handle(_ event: Event) -> Action {
        switch (state, event) {
        case (.idle, .requested(let kinds, let at)):
            guard window > 0 else { return kinds.isEmpty ? .none : .reload(Self.unique(kinds)) }
            guard !kinds.isEmpty else { return .none }
            let deadline = at.addingTimeInterval(window)
            state = .pending(kinds: Self.unique(kinds), first: at, deadline: deadline)
            return .startTimer(deadline)
        case (.pending(let pending, let first, _), .requested(let kinds, let at)):
            let deadline = min(at.addingTimeInterval(window), first.addingTimeInterval(maximumDelay))
            state = .pending(kinds: Self.unique(pending + kinds), first: first, deadline: deadline)
            return .startTimer(deadline)
        case (.pending(let kinds, _, let deadline), .timerFired(let at)):
            // A timer that fired early (it was moved) restarts for the current deadline.
            guard at >= deadline else { return .startTimer(deadline) }
            state = .idle
            return .reload(kinds)
        case (.pending(let kinds, _, _), .flush):
            state = .idle
            return .reload(kinds)
        case (.idle, .timerFired), (.idle, .flush):
            return .none
        }
    }

    private static func unique(_ kinds: [String]) -> [String] {
        var seen: Set<String> = []
        return kinds.filter { seen.insert($0).inserted }
    }
}

/// Whether ``WidgetSync`` coalesces reload requests, and with which timer.
public enum ReloadDebounce: Sendable {
    /// Every save asks for its reload at once.
    case immediate
    /// Reloads wait until saves stop for `window` seconds, at most `maximumDelay` after the first;
    /// `timer` wakes the sync at the deadline.
    case window(TimeInterval, maximumDelay: TimeInterval, timer: any WidgetTimer)
}
