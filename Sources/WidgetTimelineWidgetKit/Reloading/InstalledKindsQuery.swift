import Foundation
import WidgetTimeline

/// Asks the system which kinds are installed — widgets or controls — with a timeout, and keeps
/// every answer in an ``WidgetTimeline/InstalledKindsHistory`` for the reload coordinator.
///
/// A query that fails, or that the system never answers within the timeout, forgets what was
/// known: every kind then counts as installed. A reload too many costs budget; a reload skipped
/// wrongly leaves a widget stale. Time is an input: "now" comes from `clock`, the timeout sleeps on
/// `sleeper`.
final class InstalledKindsQuery: @unchecked Sendable {
    // @unchecked: `answers` is read and written under `lock`; everything else is immutable.
    private let clock: any WidgetClock
    private let timeout: Duration
    private let sleeper: any Clock<Duration>
    private let lock = NSLock()
    private var answers: InstalledKindsHistory

    init(clock: any WidgetClock, timeout: Duration, sleeper: any Clock<Duration>, settlingTime: TimeInterval)
    {
        self.clock = clock
        self.timeout = timeout
        self.sleeper = sleeper
        answers = InstalledKindsHistory(settlingTime: settlingTime)
    }

    var history: InstalledKindsHistory { lock.withLock { answers } }

    /// `kinds` without repeats and without those settled as not installed, in order.
    func kindsToReload(_ kinds: [String]) -> [String] {
        let history = self.history
        var seen: Set<String> = []
        return kinds.filter { seen.insert($0).inserted && !history.isSettledNotInstalled($0) }
    }

    /// Runs `ask` against the timeout and records its answer, or forgets on failure or timeout.
    ///
    /// - Returns: the answer, or `nil` when there was none in time.
    func refresh(_ ask: @escaping @Sendable () async throws -> Set<String>) async -> Set<String>? {
        let answer = await Self.answer(of: ask, within: timeout, on: sleeper)
        let now = clock.now
        lock.withLock {
            if let answer { answers.record(answer, at: now) } else { answers.forget() }
        }
        return answer
    }

    /// The answer of `ask`, or `nil` if it fails or `timeout` passes first. Returns as soon as one
    /// of the two happens, even when `ask` never returns (a completion handler never called): the
    /// abandoned query is cancelled, and a bridge that ignores cancellation stays suspended until
    /// the system calls back, its late answer discarded.
    private static func answer(
        of ask: @escaping @Sendable () async throws -> Set<String>, within timeout: Duration,
        on sleeper: any Clock<Duration>
    ) async -> Set<String>? {
        await withCheckedContinuation { continuation in
            let once = ResumeOnce(continuation)
            let query = Task { once.resume(with: try? await ask()) }
            let timer = Task {
                guard (try? await sleeper.sleep(for: timeout)) != nil, !Task.isCancelled else { return }
                once.resume(with: nil)
            }
            once.whenResumed {
                query.cancel()
                timer.cancel()
            }
        }
    }
}

/// Resumes a continuation with the first value offered, exactly once, and then runs the cleanup.
private final class ResumeOnce: @unchecked Sendable {
    // @unchecked: every stored property is read and written under `lock`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Set<String>?, Never>?
    private var cleanup: (@Sendable () -> Void)?

    init(_ continuation: CheckedContinuation<Set<String>?, Never>) { self.continuation = continuation }

    func resume(with value: Set<String>?) {
        let (waiting, cleanup) = lock.withLock {
            defer {
                continuation = nil
                self.cleanup = nil
            }
            return (continuation, continuation == nil ? nil : self.cleanup)
        }
        waiting?.resume(returning: value)
        cleanup?()
    }

    /// Runs `cleanup` once resumed: at once if that already happened.
    func whenResumed(_ cleanup: @escaping @Sendable () -> Void) {
        let resumed = lock.withLock {
            if continuation == nil { return true }
            self.cleanup = cleanup
            return false
        }
        if resumed { cleanup() }
    }
}
