import Foundation
import WidgetTimeline

/// One widget on one simulated device under one strategy, with its kind erased for the engine.
protocol WidgetRunning: AnyObject {
    var id: String { get }
    var kindName: String { get }
    var scheduler: WidgetReloadScheduler { get set }
    /// Instants of the extension's backend requests, for fleet reports.
    var backendRequestTimes: [Date] { get }

    func appEmitted(change: Int, host: HostContext)
    func hostTimerFired(host: HostContext)
    func appWillLeaveForeground(host: HostContext)
    func noteReloadRequest(at instant: Date)
    func noteRefusal(at instant: Date)
    /// Runs `getTimeline` and returns how long it takes.
    func startProvider(at now: Date, calendar: Calendar, run: WidgetReloadScheduler.Run) -> TimeInterval
    /// Ends the run started last: installs its timeline, or reports why the system dropped it.
    func finishProvider(at now: Date) -> ProviderOutcome
    func result(until end: Date, scenario: CompiledScenario) -> WidgetResult
}

/// How a provider run ended.
enum ProviderOutcome {
    /// Its timeline is on screen; the system may ask again from `earliestReload` on.
    case installed(earliestReload: Date?)
    /// It ran past the watchdog and was killed (row a.5).
    case killed
    /// It returned an empty timeline, which the system discards.
    case discarded
}

/// A widget instance in a run: the strategy's code, the system's scheduler for the instance, and
/// a recorder of what the screen shows.
final class WidgetRun<Kind: WidgetKind>: WidgetRunning {
    typealias State = WidgetState<Kind.Content>

    let script: WidgetScript<Kind>
    let strategy: any WidgetStrategy<Kind>
    var scheduler: WidgetReloadScheduler
    private let model: SystemModel
    private let truth: [(at: Date, payload: Kind.Payload)]

    /// The timeline on screen, since when, and the index of its next entry to appear.
    private var installed: PlannedTimeline<State>?
    private var nextEntry = 0
    /// The screen, as (start, state) for each change; a stretch ends where the next starts.
    private var screens: [(start: Date, state: State)]
    /// The run in progress: its timeline and duration.
    private var pending: (timeline: PlannedTimeline<State>, duration: TimeInterval)?

    private var metrics = WidgetMetrics()
    private var reloadRequests: [Date] = []
    private var runs: [WidgetTrace.Run] = []
    private var refusals: [Date] = []
    private(set) var backendRequestTimes: [Date] = []

    var id: String { script.id }
    var kindName: String { script.kind.kind }

    init(
        script: WidgetScript<Kind>, strategy: StrategyName, deviceSeed: UInt64, model: SystemModel,
        start: Date
    ) {
        self.script = script
        self.model = model
        let container = SimulatedContainer<Kind>(kind: script.kind, key: script.key)
        self.strategy = strategy.make(
            StrategyInputs(kind: script.kind, key: script.key, deviceSeed: deviceSeed),
            container: container,
            hasSource: script.source != nil)
        let visibleAtStart = script.glances.map { glances in glances.contains { $0.contains(start) } } ?? true
        scheduler = WidgetReloadScheduler(model: model, isVisible: visibleAtStart)
        truth = script.truth
        screens = [(start, .noData)]
    }

    func appEmitted(change: Int, host: HostContext) {
        let commit = script.hostCommits[change]
        strategy.appEmitted(commit.payload, observedAt: commit.at, host: host)
    }

    func hostTimerFired(host: HostContext) { strategy.hostTimerFired(host: host) }

    func appWillLeaveForeground(host: HostContext) { strategy.appWillLeaveForeground(host: host) }

    func noteReloadRequest(at instant: Date) {
        metrics.reloadsRequested += 1
        reloadRequests.append(instant)
    }

    func noteRefusal(at instant: Date) {
        metrics.budgetRefused += 1
        refusals.append(instant)
    }

    func startProvider(at now: Date, calendar: Calendar, run: WidgetReloadScheduler.Run) -> TimeInterval {
        let context = ExtensionContext<Kind.Payload>(
            now: now, calendar: calendar, cause: run.cause, source: script.source)
        let timeline = strategy.timeline(in: context)
        pending = (timeline, context.elapsed)
        metrics.providerRuns += 1
        if run.isCharged { metrics.budgetUsed += 1 }
        metrics.backendRequests += context.backendRequests
        for _ in 0..<context.backendRequests { backendRequestTimes.append(now) }
        runs.append(
            WidgetTrace.Run(at: now, cause: run.cause, isCharged: run.isCharged, outcome: "installed"))
        return context.elapsed
    }

    func finishProvider(at now: Date) -> ProviderOutcome {
        guard let (timeline, duration) = pending else {
            preconditionFailure("a provider run finished that never started")
        }
        pending = nil
        if duration > model.providerWatchdog {
            metrics.watchdogKills += 1
            runs[runs.count - 1].outcome = "killed"
            return .killed
        }
        if timeline.entries.isEmpty {
            metrics.discardedTimelines += 1
            runs[runs.count - 1].outcome = "discarded"
            return .discarded
        }
        install(timeline, at: now)
        return .installed(earliestReload: timeline.earliestReload)
    }

    // MARK: - The screen

    private func effectiveDate(_ entry: PlannedEntry<State>) -> Date {
        entry.date.addingTimeInterval(model.entryLateness)
    }

    private func install(_ timeline: PlannedTimeline<State>, at now: Date) {
        advanceScreen(to: now)
        installed = timeline
        // The entry for `now` is the last one dated at or before it; later ones wait their turn.
        var index = 0
        while index < timeline.entries.count, effectiveDate(timeline.entries[index]) <= now { index += 1 }
        if index > 0 { show(timeline.entries[index - 1].state, from: now) }
        nextEntry = index
    }

    /// Shows the installed timeline's entries dated before `instant`.
    private func advanceScreen(to instant: Date) {
        guard let timeline = installed else { return }
        while nextEntry < timeline.entries.count {
            let entry = timeline.entries[nextEntry]
            let date = effectiveDate(entry)
            guard date < instant else { break }
            show(entry.state, from: date)
            nextEntry += 1
        }
    }

    private func show(_ state: State, from instant: Date) {
        guard let last = screens.last else {
            screens.append((instant, state))
            return
        }
        if last.state == state { return }
        if last.start == instant {
            screens.removeLast()
            if let previous = screens.last, previous.state == state { return }
        }
        screens.append((instant, state))
    }

    // MARK: - Results

    func result(until end: Date, scenario: CompiledScenario) -> WidgetResult {
        advanceScreen(to: end)
        let measured = WidgetMeasurement(
            kind: script.kind, truth: truth, screens: screens, end: end, scenario: scenario)
        metrics.staleShownAsFreshMinutes = measured.staleShownAsFreshMinutes
        metrics.wrongValueMinutes = measured.wrongValueMinutes
        metrics.noValueMinutes = measured.noValueMinutes
        metrics.commitToDisplay = measured.delays
        var trace = measured.trace
        trace.commits = truth.map(\.at)
        trace.reloadRequests = reloadRequests
        trace.runs = runs
        trace.refusals = refusals
        trace.hidden = hiddenSpans(start: scenario.start, end: end)
        return WidgetResult(widget: script.id, kind: script.kind.kind, metrics: metrics, trace: trace)
    }

    private func hiddenSpans(start: Date, end: Date) -> [WidgetTrace.Span] {
        guard let glances = script.glances else { return [] }
        var spans: [WidgetTrace.Span] = []
        var cursor = start
        for glance in glances where glance.to > cursor {
            if glance.from > cursor {
                spans.append(WidgetTrace.Span(start: cursor, end: min(glance.from, end)))
            }
            cursor = max(cursor, glance.to)
        }
        if cursor < end { spans.append(WidgetTrace.Span(start: cursor, end: end)) }
        return spans
    }
}
