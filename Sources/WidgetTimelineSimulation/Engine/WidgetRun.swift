import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// One widget on one simulated device under one strategy, with its kind erased for the engine.
protocol WidgetRunning: AnyObject {
    var id: String { get }
    var kindName: String { get }
    var scheduler: WidgetReloadScheduler { get set }
    /// Instants of the extension's backend requests, for fleet reports.
    var backendRequestTimes: [Date] { get }

    func appEmitted(change: Int, host: HostContext)
    /// The app, open, fetches the server's value and hands it to its state layer (``StrategyName/appReadsServerWhenOpen``).
    func appFetchedServerValue(host: HostContext)
    /// An app intent's `perform()` in the extension saves intent write `write` through
    /// `WidgetSync.commitFromIntent`, asking for `alsoReloading` on the intent path.
    func performIntent(write: Int, host: HostContext, alsoReloading: [ReloadTarget])
    /// What a control showing this widget's data reads from the store now.
    func controlReading() -> ControlReading
    /// The instants of the widget's data changes, oldest first: what a control is measured against.
    var dataChangeTimes: [Date] { get }
    func hostTimerFired(host: HostContext)
    func appWillLeaveForeground(host: HostContext)
    func noteReloadRequest(at instant: Date)
    func noteRefusal(at instant: Date)
    /// Runs the reload's `getTimeline` calls and returns how long they take; `advance` lets the
    /// rest of the device run while a request is open. Each call plans in `calendar` at its own
    /// start: the device's zone then, so a call that begins at or after a time-zone change plans in
    /// the new zone, whatever else happened in that instant.
    func startProvider(
        at now: Date, calendar: (Date) -> Calendar, run: WidgetReloadScheduler.Run, budgetLeft: Int?,
        advance: @escaping (Date) -> Void
    ) -> TimeInterval
    /// Ends the run started last: installs its timeline, or reports why the system dropped it.
    func finishProvider(at now: Date) -> ProviderOutcome
    func result(until end: Date, scenario: CompiledScenario) -> WidgetResult
}

/// What a control read from its widget's store: the revision and observation time of the value,
/// and the data change it comes from.
struct ControlReading: Equatable {
    var revision: Int?
    var observedAt: Date?
    /// The index of the data change the value comes from (the last one not after `observedAt`).
    var version: Int?
}

/// How a provider run ended.
enum ProviderOutcome {
    /// Its timeline is on screen; the system may ask again from `earliestReload` on.
    case installed(earliestReload: Date?)
    /// A call ran past the watchdog and was killed.
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
    private let container: SimulatedContainer<Kind>
    /// The extension's sync for app intents, made on the first intent.
    private var intentSync: WidgetSync?
    private let truth: [(at: Date, payload: Kind.Payload)]
    private let origins: [String]
    private let recordsTrace: Bool
    /// Whether installed timelines are followed onto the screen (``WidgetRunSetup/measuresScreens``).
    private let measuresScreens: Bool

    /// The timeline on screen, since when, and the index of its next entry to appear.
    private var installed: PlannedTimeline<State>?
    private var nextEntry = 0
    /// The screen, as the start and state of each change; a stretch ends where the next starts.
    /// Two arrays rather than one of pairs: unspecialised code would look up the pair's tuple type
    /// on every access.
    private var screenStarts: [Date]
    private var screenStates: [State]
    /// The run in progress: the last call's timeline, and whether a call was killed (`nil` when no
    /// run is in progress). Two properties, not an optional pair: unspecialised code would look up
    /// the pair's tuple type on every run.
    private var pendingTimeline: PlannedTimeline<State>?
    private var pendingKilled: Bool?

    private var metrics = WidgetMetrics()
    private var reloadRequests: [Date] = []
    private var runs: [WidgetTrace.Run] = []
    private var refusals: [Date] = []
    private var taps: [Date] = []
    private var fetches: [FetchRecord] = []
    private var timelines: [(installedAt: Date, run: Int, timeline: PlannedTimeline<State>)] = []
    private(set) var backendRequestTimes: [Date] = []
    /// The data change each revision of the store carries, worked out once per revision.
    private var revisionData: [Int: Int?] = [:]

    var id: String { script.id }
    var kindName: String { script.kind.kind }

    init(script: WidgetScript<Kind>, setup: WidgetRunSetup) {
        self.script = script
        model = setup.model
        recordsTrace = setup.recordsTrace
        measuresScreens = setup.measuresScreens
        let container = SimulatedContainer<Kind>(
            kind: script.kind, key: script.key, readBacks: setup.readBacks)
        self.container = container
        strategy = setup.strategy.make(
            StrategyInputs(
                kind: script.kind, key: script.key, deviceSeed: setup.deviceSeed,
                controlKinds: setup.controlKinds,
                pushRefreshAfter: setup.pushRefreshAfter),
            container: container,
            hasSource: script.source != nil)
        let start = setup.start
        let visibleAtStart = script.glances.map { glances in glances.contains { $0.contains(start) } } ?? true
        scheduler = WidgetReloadScheduler(
            model: setup.model, isVisible: visibleAtStart, budgetResets: setup.budgetResets)
        truth = script.truth
        origins = script.truthOrigins
        screenStarts = [start]
        screenStates = [.noData]
    }

    func appEmitted(change: Int, host: HostContext) {
        let commit = script.hostCommits[change]
        strategy.appEmitted(commit.payload, observedAt: commit.at, host: host)
    }

    func hostTimerFired(host: HostContext) { strategy.hostTimerFired(host: host) }

    func appFetchedServerValue(host: HostContext) {
        guard let source = script.source else { return }
        let outcome = source.fetch(at: host.now, timeout: 60)
        metrics.backendRequests += 1
        backendRequestTimes.append(host.now)
        if recordsTrace {
            let duration: TimeInterval
            switch outcome {
            case .success(let answer): duration = answer.duration
            case .failure(let failure): duration = failure.duration
            }
            var record = FetchRecord(
                start: host.now, end: host.now.addingTimeInterval(duration), outcome: outcome)
            record.by = "app"
            fetches.append(record)
        }
        if case .success(let answer) = outcome {
            strategy.appEmitted(answer.payload, observedAt: answer.observedAt, host: host)
        }
    }

    func performIntent(write: Int, host: HostContext, alsoReloading: [ReloadTarget]) {
        let intent = script.intentWrites[write]
        if intent.control == nil {
            metrics.taps += 1
            taps.append(host.now)
        }
        let sync =
            intentSync
            ?? WidgetSync(
                store: container.store, reloader: host.intentCenter, clock: SimulatedClock(host: host),
                controls: host.intentControlCenter, side: .widgetExtension)
        intentSync = sync
        // A failed save asks for nothing: `perform()` throws and the widget keeps its data.
        _ = try? sync.commitFromIntent(
            intent.payload, for: script.kind, key: script.key, alsoReloading: alsoReloading)
    }

    func controlReading() -> ControlReading {
        guard let snapshot = container.read().snapshot else { return ControlReading() }
        return ControlReading(
            revision: snapshot.revision, observedAt: snapshot.dataObservedAt,
            version: data(ofRevision: snapshot.revision, observedAt: snapshot.dataObservedAt))
    }

    /// The data change (index in the truth) that revision `revision` of the widget's store carries:
    /// the newest change not after the commit's observation time whose payload it was committed
    /// with. Matching the payload, not the time, is what keeps a server answer observed after a
    /// host commit attributed to the server's (older) data, and a tap's count to the tap. A
    /// revision whose payload is no change's (none is known) falls back to the newest change not
    /// after `observedAt`.
    private func data(ofRevision revision: Int, observedAt: Date) -> Int? {
        if let known = revisionData[revision] { return known }
        let resolved: Int?
        if let commit = container.store.committed(container.key, revision: revision) {
            let newest = VersionSearch.lastIndex(in: truth, atOrBefore: commit.observedAt)
            var index = newest
            while let candidate = index, truth[candidate].payload != commit.payload {
                index = candidate > 0 ? candidate - 1 : nil
            }
            resolved = index ?? newest
        } else {
            resolved = VersionSearch.lastIndex(in: truth, atOrBefore: observedAt)
        }
        revisionData[revision] = resolved
        return resolved
    }

    private func data(of state: State) -> Int? {
        guard state.content != nil, let stamp = state.stamp else { return nil }
        return data(ofRevision: stamp.revision, observedAt: stamp.observedAt)
    }

    var dataChangeTimes: [Date] { truth.map(\.at) }

    func appWillLeaveForeground(host: HostContext) { strategy.appWillLeaveForeground(host: host) }

    func noteReloadRequest(at instant: Date) {
        metrics.reloadsRequested += 1
        reloadRequests.append(instant)
    }

    func noteRefusal(at instant: Date) {
        metrics.budgetRefused += 1
        refusals.append(instant)
    }

    func startProvider(
        at now: Date, calendar: (Date) -> Calendar, run: WidgetReloadScheduler.Run, budgetLeft: Int?,
        advance: @escaping (Date) -> Void
    ) -> TimeInterval {
        if run.isCharged { metrics.budgetUsed += 1 }
        if run.cause == .push { metrics.pushReloads += 1 }
        if run.cause == .intent { metrics.intentReloads += 1 }
        var elapsed: TimeInterval = 0
        var timeline: PlannedTimeline<State>?
        var killed = false
        var calls = 0
        let record: ((FetchRecord) -> Void)? =
            recordsTrace ? { [unowned self] in self.fetches.append($0) } : nil
        for call in 0..<model.getTimelineCalls {
            let callStart = now.addingTimeInterval(elapsed)
            if call > 0 { advance(callStart) }
            let context = ExtensionContext<Kind.Payload>(
                now: callStart, calendar: calendar(callStart), cause: run.cause, source: script.source,
                advance: advance,
                fetched: record, returnsDiscardedTimeline: call < model.getTimelineCalls - 1)
            let built = strategy.timeline(in: context)
            calls += 1
            metrics.providerRuns += 1
            metrics.backendRequests += context.backendRequests
            backendRequestTimes.append(contentsOf: context.requestStarts)
            // Whole milliseconds, as every instant of a run.
            let duration = (context.elapsed * 1000).rounded(.up) / 1000
            if duration > model.providerWatchdog {
                elapsed += model.providerWatchdog
                killed = true
                break
            }
            elapsed += duration
            timeline = built
        }
        pendingTimeline = timeline
        pendingKilled = killed
        runs.append(
            WidgetTrace.Run(
                at: now, end: now.addingTimeInterval(elapsed), cause: run.cause, isCharged: run.isCharged,
                outcome: "installed", calls: calls, budgetLeft: budgetLeft))
        return elapsed
    }

    func finishProvider(at now: Date) -> ProviderOutcome {
        guard let killed = pendingKilled else {
            preconditionFailure("a provider run finished that never started")
        }
        let timeline = pendingTimeline
        pendingTimeline = nil
        pendingKilled = nil
        if killed {
            metrics.watchdogKills += 1
            runs[runs.count - 1].outcome = "killed"
            return .killed
        }
        guard let timeline, !timeline.entries.isEmpty else {
            metrics.discardedTimelines += 1
            runs[runs.count - 1].outcome = "discarded"
            return .discarded
        }
        if measuresScreens { install(timeline, at: now) }
        if recordsTrace { timelines.append((now, runs.count - 1, timeline)) }
        return .installed(earliestReload: timeline.earliestReload)
    }

    // MARK: - The screen

    /// The screen follows the timelines in force, ``SystemModel/entryLateness`` behind: what an
    /// entry (or a newly installed timeline's entry for now) would show at instant t appears at
    /// t + lateness, so a timeline replaced meanwhile still shows the entries it had reached.
    private func install(_ timeline: PlannedTimeline<State>, at now: Date) {
        advanceScreen(before: now)
        installed = timeline
        // The entry for `now` is the last one dated at or before it; later ones wait their turn.
        var index = 0
        while index < timeline.entries.count, timeline.entries[index].date <= now { index += 1 }
        if index > 0 {
            show(timeline.entries[index - 1].state, from: now.addingTimeInterval(model.entryLateness))
        }
        nextEntry = index
    }

    /// Shows the installed timeline's entries dated before `instant`, each the lateness after its
    /// date.
    private func advanceScreen(before instant: Date) {
        guard let timeline = installed else { return }
        while nextEntry < timeline.entries.count {
            let entry = timeline.entries[nextEntry]
            guard entry.date < instant else { break }
            show(entry.state, from: entry.date.addingTimeInterval(model.entryLateness))
            nextEntry += 1
        }
    }

    private func show(_ state: State, from instant: Date) {
        let count = screenStates.count
        if count > 0 {
            if screenStates[count - 1] == state { return }
            if screenStarts[count - 1] == instant {
                screenStarts.removeLast()
                screenStates.removeLast()
                if count > 1, screenStates[count - 2] == state { return }
            }
        }
        screenStarts.append(instant)
        screenStates.append(state)
    }

    // MARK: - Results

    func result(until end: Date, scenario: CompiledScenario) -> WidgetResult {
        advanceScreen(before: end.addingTimeInterval(-model.entryLateness))
        let kind = script.kind
        let measured = WidgetMeasurement(
            kind: kind, truth: truth,
            screens: screenStates.indices.map {
                (screenStarts[$0], screenStates[$0], data(of: screenStates[$0]))
            },
            end: end, scenario: scenario, recordsContent: recordsTrace)
        metrics.staleShownAsFreshMinutes = measured.staleShownAsFreshMinutes
        metrics.wrongValueMinutes = measured.wrongValueMinutes
        metrics.earlyEventMinutes = measured.earlyEventMinutes
        metrics.noValueMinutes = measured.noValueMinutes
        metrics.commitToDisplay = measured.delays
        var trace = measured.trace
        trace.data = truth.indices.map { index in
            let snapshot = WidgetMeasurement.snapshot(kind: kind, truth: truth, index: index)
            return WidgetTrace.DataChange(
                at: truth[index].at, origin: origins[index],
                staleAfter: kind.freshness(of: snapshot).staleAfter)
        }
        trace.reloadRequests = reloadRequests
        trace.runs = runs
        trace.refusals = refusals
        trace.taps = taps
        trace.hidden = hiddenSpans(start: scenario.start, end: end)
        if recordsTrace { record(into: &trace, measured: measured, scenario: scenario) }
        return WidgetResult(
            widget: script.id, kind: kind.kind, key: script.key, metrics: metrics, trace: trace)
    }

    /// What only a recorded trace holds: contents, the truth, fetches and installed timelines.
    private func record(
        into trace: inout WidgetTrace, measured: WidgetMeasurement<Kind>, scenario: CompiledScenario
    ) {
        let kind = script.kind
        trace.truth = measured.truthStretches.map { stretch in
            WidgetTrace.TruthStretch(
                start: stretch.start, end: stretch.end, data: stretch.data, boundary: stretch.boundary,
                content: try? JSONValue(encoding: stretch.content),
                text: kind.summary(of: stretch.content, in: scenario.calendar(at: stretch.start)))
        }
        trace.fetches = fetches.map {
            WidgetTrace.Fetch(
                start: $0.start, end: $0.end, outcome: $0.outcome, reason: $0.reason,
                observedAt: $0.observedAt, by: $0.by)
        }
        trace.timelines = timelines.map { installed in
            WidgetTrace.Timeline(
                installedAt: installed.installedAt, run: installed.run, policy: installed.timeline.policy,
                entries: installed.timeline.entries.map { entry in
                    WidgetTrace.Entry(
                        date: entry.date, display: entry.state.situation,
                        text: kind.summary(of: entry.state, in: scenario.calendar(at: entry.date)),
                        revision: entry.state.stamp?.revision, observedAt: entry.state.stamp?.observedAt,
                        data: data(of: entry.state),
                        content: entry.state.content.flatMap { try? JSONValue(encoding: $0) })
                })
        }
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
