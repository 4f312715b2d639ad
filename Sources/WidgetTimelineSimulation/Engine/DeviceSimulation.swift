import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// One simulated device running a compiled scenario under one strategy: a discrete-event engine
/// with a virtual clock, an agenda ordered by `(time, sequence)`, and seeded draws. Same scenario,
/// strategy and seed: the same result, byte for byte.
///
/// The engine owns time and chance and nothing else: the system's decisions are the
/// ``WidgetReloadScheduler``s', the app's and the extension's are the strategy's. A draw is keyed
/// by what it is for — the n-th reload request of a widget, its n-th installed timeline — so the
/// same request waits the same latency under every strategy, and strategies differ only by what
/// they do.
public struct DeviceSimulation {
    public let scenario: CompiledScenario
    public let strategy: StrategyName
    /// The device's seed: the scenario's for a single device, one per device in a fleet.
    public let seed: UInt64
    /// When the widgets were added, after the scenario's start (fleets spread it over devices).
    public let firstReloadDelay: TimeInterval
    /// Whether to keep everything the trace needs (installed timelines, fetches): only when asked,
    /// so runs that only report totals do not pay for it.
    public let recordsTrace: Bool
    /// Read-back checks of payloads already drafted, which the devices of a fleet's part share:
    /// they save the same few payloads. Results do not depend on it.
    var readBacks: PayloadReadBacks? = nil

    public init(
        scenario: CompiledScenario, strategy: StrategyName, seed: UInt64? = nil,
        firstReloadDelay: TimeInterval = 0, recordsTrace: Bool = false
    ) {
        self.scenario = scenario
        self.strategy = strategy
        self.seed = seed ?? scenario.seed
        self.firstReloadDelay = max(0, firstReloadDelay)
        self.recordsTrace = recordsTrace
    }

    fileprivate enum Event {
        case foreground(Bool)
        case emission(widget: Int, change: Int)
        case hostTimer(widget: Int)
        case reloadArrives(widget: Int)
        case wake(widget: Int)
        case providerFinished(widget: Int)
        case visibility(widget: Int, isVisible: Bool)
        case widgetsAdded
        case exemptReload
        case timeZoneChange
        /// An app intent saves (a tap, or a control's interaction).
        case intentWrite(widget: Int, write: Int)
        /// The server sends the device its `push`-th push; it reaches the device later.
        case pushSent(push: Int)
        case pushArrives(push: Int)
        /// A reload request for a control arrives: the app's, or an intent's from the extension.
        case controlReloadArrives(control: Int, byIntent: Bool)
        /// The server's data of a widget changed (for an app that fetches it while open).
        case serverChanged(widget: Int)
    }

    /// Runs the scenario and measures every widget.
    public func run() -> StrategyResult {
        let engine = Engine(simulation: self, measuresScreens: true)
        engine.run()
        let widgets = engine.widgets.map { $0.result(until: scenario.end, scenario: scenario) }
        let controls = engine.controls.map {
            $0.result(until: scenario.end, widget: engine.widgets[$0.control.widget])
        }
        var result = StrategyResult(
            strategy: strategy, widgets: widgets, events: engine.eventCount, push: engine.pushes.result,
            controls: controls)
        result.pushRecords = engine.pushes.records
        return result
    }

    /// Runs the scenario and returns only what a fleet adds up: the instants of requests to the
    /// backend and of the pushes the server sent (no screens are measured).
    public func backendLoad() -> (requests: [Date], pushes: [Date]) {
        let engine = Engine(simulation: self, measuresScreens: false)
        engine.run()
        return (engine.widgets.flatMap(\.backendRequestTimes), engine.pushes.sends)
    }

    /// Runs the scenario and returns only the instants of backend requests (for fleets: no
    /// screens are measured).
    public func backendRequestTimes() -> [Date] { backendLoad().requests }

    /// What the draws are for; each has its own stream.
    fileprivate enum Draw: UInt64 {
        case appReloadLatency = 0x6170_706c_6174
        case policyLateness = 0x706f_6c6c_6174
        case pushLatency = 0x7075_7368_6c61
        case intentReloadLatency = 0x696e_746c_6174
        case controlReloadLatency = 0x6374_6c6c_6174
    }

    /// A class, so a provider run can let the rest of the device go on while its request is open
    /// (``ExtensionContext/fetch(timeout:)`` calls back into ``advance(to:)``).
    private final class Engine {
        let scenario: CompiledScenario
        let model: SystemModel
        let host: HostContext
        let seed: UInt64
        var widgets: [any WidgetRunning]
        var controls: [ControlRun]
        /// The push channel: the server's sends, their flight and the device's push budget.
        var pushes: PushChannel
        let strategy: StrategyName
        var queue = EventQueue<Event>()
        var deferredReloads: Set<Int> = []
        var eventCount = 0
        let end: TimeInterval
        /// The current instant: the last event's, or the end of the request being waited for.
        var clock: Date
        /// Whether a request is open: runs that start meanwhile begin when it ends (one extension
        /// process runs one `getTimeline` at a time).
        var isWaitingForRequest = false
        var startsAfterRequest: [(widget: Int, run: WidgetReloadScheduler.Run)] = []
        /// Per widget: reload requests delivered and timelines installed, which key the draws.
        var deliveredRequests: [UInt64]
        var installedTimelines: [UInt64]
        /// Per widget, requests an intent made; per control, reload requests delivered.
        var intentRequests: [UInt64]
        var controlRequests: [UInt64]

        /// - Parameter measuresScreens: whether the widgets follow what their screens show, which
        ///   only the measurements read (a fleet adds up backend requests, which do not depend on it).
        init(simulation: DeviceSimulation, measuresScreens: Bool) {
            scenario = simulation.scenario
            model = scenario.model
            seed = simulation.seed
            host = HostContext(now: scenario.start, saveDuration: scenario.scenario.app.saveDuration.seconds)
            clock = scenario.start
            end = scenario.end.timeIntervalSinceReferenceDate
            strategy = simulation.strategy
            let compiled = simulation.scenario
            let resets = compiled.model.budgetRefill == .daily ? compiled.localMidnights() : []
            widgets = compiled.widgets.enumerated().map { index, widget in
                widget.makeRun(
                    WidgetRunSetup(
                        strategy: simulation.strategy, deviceSeed: simulation.seed, model: compiled.model,
                        start: compiled.start, budgetResets: resets, recordsTrace: simulation.recordsTrace,
                        measuresScreens: measuresScreens,
                        controlKinds: compiled.controls.filter { $0.widget == index }.map(\.kind),
                        pushRefreshAfter: compiled.push.refreshAfter.seconds, readBacks: simulation.readBacks)
                )
            }
            controls = compiled.controls.map { ControlRun(control: $0) }
            let added = compiled.start.addingTimeInterval(simulation.firstReloadDelay)
            pushes = PushChannel(
                server: PushServer(
                    strategy: simulation.strategy, scenario: compiled, deviceSeed: simulation.seed,
                    widgetsAddedAt: added),
                model: compiled.model, recordsTrace: simulation.recordsTrace)
            deliveredRequests = Array(repeating: 0, count: widgets.count)
            installedTimelines = Array(repeating: 0, count: widgets.count)
            intentRequests = Array(repeating: 0, count: widgets.count)
            controlRequests = Array(repeating: 0, count: controls.count)
            schedule(firstReloadDelay: simulation.firstReloadDelay)
        }

        private func at(_ date: Date, _ event: Event) {
            // Reference-date seconds are `Date`'s own storage: converting back is exact.
            queue.schedule(event, at: date.timeIntervalSinceReferenceDate)
        }

        /// Puts the scenario's own events on the agenda.
        private func schedule(firstReloadDelay: TimeInterval) {
            let start = scenario.start
            // Adding a widget runs its provider at once: the first screen.
            at(start.addingTimeInterval(firstReloadDelay), .widgetsAdded)
            for session in scenario.foreground {
                at(session.from, .foreground(true))
                at(session.to, .foreground(false))
            }
            let emissions = scenario.scenario.app.emissionsPerChange
            for (index, widget) in scenario.widgets.enumerated() {
                for (change, instant) in widget.hostCommitTimes.enumerated() {
                    for repeat_ in 0..<emissions {
                        at(
                            instant.addingTimeInterval(Double(repeat_) * 0.2),
                            .emission(widget: index, change: change))
                    }
                }
                for glance in widget.glances ?? [] {
                    at(glance.from, .visibility(widget: index, isVisible: true))
                    at(glance.to, .visibility(widget: index, isVisible: false))
                }
            }
            for event in scenario.scenario.events { at(event.at, .exemptReload) }
            for change in scenario.timeZones.dropFirst() { at(change.at, .timeZoneChange) }
            for (index, widget) in scenario.widgets.enumerated() {
                for (write, intent) in widget.intentWriteTimes.enumerated() {
                    at(intent.at, .intentWrite(widget: index, write: write))
                }
                if strategy.appReadsServerWhenOpen {
                    for change in widget.serverChanges { at(change.at, .serverChanged(widget: index)) }
                }
            }
            for (push, instant) in pushes.sends.enumerated() { at(instant, .pushSent(push: push)) }
        }

        func run() {
            while let time = queue.nextTime, time < end {
                step()
            }
        }

        /// Lets the device run up to `instant`: called while a provider waits for its request.
        func advance(to instant: Date) {
            let limit = min(instant.timeIntervalSinceReferenceDate, end)
            let wasWaiting = isWaitingForRequest
            isWaitingForRequest = true
            while let time = queue.nextTime, time <= limit, time < end { step() }
            isWaitingForRequest = wasWaiting
            if instant > clock { clock = instant }
        }

        private func step() {
            guard let (time, event) = queue.next() else { return }
            eventCount += 1
            let now = Date(timeIntervalSinceReferenceDate: time)
            if now > clock { clock = now }
            host.now = now
            handle(event, at: now)
        }

        private func handle(_ event: Event, at now: Date) {
            switch event {
            case .foreground(let isIn):
                host.isAppInForeground = isIn
                // The system knows the app is open before the app does any work (whose reloads are
                // then free); it learns that the app left only after the app's last work, below.
                if isIn { tellSchedulers(.appForegroundChanged(isInForeground: true)) }
                if isIn, strategy.appReadsServerWhenOpen {
                    for index in widgets.indices {
                        widgets[index].appFetchedServerValue(host: host)
                        drainHost(for: index, at: now)
                    }
                }
                // The app's own work first: leaving the foreground flushes its debounced reloads.
                if !isIn {
                    for index in widgets.indices {
                        widgets[index].appWillLeaveForeground(host: host)
                        drainHost(for: index, at: now)
                    }
                    for index in deferredReloads.sorted() { deliverReload(to: index, at: now) }
                    deferredReloads.removeAll()
                    tellSchedulers(.appForegroundChanged(isInForeground: false))
                }
            case .emission(let index, let change):
                widgets[index].appEmitted(change: change, host: host)
                drainHost(for: index, at: now)
            case .hostTimer(let index):
                widgets[index].hostTimerFired(host: host)
                drainHost(for: index, at: now)
            case .reloadArrives(let index):
                act(on: index, widgets[index].scheduler.handle(.appRequestArrived, at: now))
            case .wake(let index):
                act(on: index, widgets[index].scheduler.handle(.wake, at: now))
            case .providerFinished(let index):
                let schedulerEvent: WidgetReloadScheduler.Event
                switch widgets[index].finishProvider(at: now) {
                case .installed(let earliest):
                    installedTimelines[index] += 1
                    let unit = draw(.policyLateness, widget: index, installedTimelines[index])
                    let spread = model.policyEarliness + model.policyLateness
                    let lateness = Self.milliseconds(-model.policyEarliness + spread * unit)
                    schedulerEvent = .timelineInstalled(earliestReload: earliest, lateness: lateness)
                case .killed, .discarded:
                    schedulerEvent = .reloadFailed
                }
                act(on: index, widgets[index].scheduler.handle(schedulerEvent, at: now))
            case .visibility(let index, let isVisible):
                act(
                    on: index,
                    widgets[index].scheduler.handle(.visibilityChanged(isVisible: isVisible), at: now))
            case .widgetsAdded:
                // Controls first: a widget's first run may wait for its source while the device
                // goes on, and a control added now reads the store as it is now.
                for index in controls.indices { reloadControl(index, cause: "added", at: now) }
                for index in widgets.indices {
                    act(on: index, widgets[index].scheduler.handle(.widgetAdded, at: clock))
                }
            case .exemptReload:
                for index in widgets.indices {
                    act(on: index, widgets[index].scheduler.handle(.exemptReloadRequested, at: clock))
                }
            case .timeZoneChange:
                // A significant time change is a free system reload (WWDC21, docs/simulator.md).
                for index in widgets.indices {
                    act(on: index, widgets[index].scheduler.handle(.exemptReloadRequested, at: clock))
                }
            case .intentWrite(let index, let write):
                performIntent(widget: index, write: write, at: now)
            case .pushSent(let push):
                if let arrival = pushes.send(push, at: now, latency: pushLatency(push)) {
                    at(arrival, .pushArrives(push: push))
                }
            case .pushArrives(let push):
                guard pushes.arrive(push, at: now) else { return }
                // "It reloads your timelines, similar to when you call reloadAllTimelines()."
                for index in widgets.indices {
                    act(on: index, widgets[index].scheduler.handle(.pushArrived, at: clock))
                }
            case .controlReloadArrives(let index, let byIntent):
                reloadControl(index, cause: byIntent ? "intent" : "app", at: now)
            case .serverChanged(let index):
                guard host.isAppInForeground else { return }
                widgets[index].appFetchedServerValue(host: host)
                drainHost(for: index, at: now)
            }
        }

        /// An app intent's `perform()`: it saves through the extension's sync, asking on the intent
        /// path for what else shows the data; then the system reloads what performed it — the tapped
        /// widget (free, at once), or the control.
        private func performIntent(widget index: Int, write: Int, at now: Date) {
            let control = scenario.widgets[index].intentWriteTimes[write].control
            let alsoReloading: [ReloadTarget] =
                control == nil
                ? scenario.controls.filter { $0.widget == index }.map { .controls($0.kind) }
                : [.timelines(widgets[index].kindName)]
            widgets[index].performIntent(write: write, host: host, alsoReloading: alsoReloading)
            drainHost(for: index, at: now)
            if let control {
                controls[control].interactions.append(now)
                reloadControl(control, cause: "interaction", at: now)
                return
            }
            let kind = widgets[index].kindName
            for target in widgets.indices
            where target == index || (model.intentReloadsOtherInstances && widgets[target].kindName == kind) {
                act(on: target, widgets[target].scheduler.handle(.intentPerformed, at: clock))
            }
        }

        /// A control's value provider runs: it reads the widget's store now.
        private func reloadControl(_ index: Int, cause: String, at now: Date) {
            controls[index].reload(
                at: now, cause: cause, reading: widgets[controls[index].control.widget].controlReading())
        }

        /// The `push`-th push's flight time, to the millisecond.
        private func pushLatency(_ push: Int) -> TimeInterval {
            Self.milliseconds(model.pushLatency * draw(.pushLatency, widget: 0, UInt64(push)))
        }

        /// A uniform draw in `[0, 1)` for the `count`-th use of `purpose` by `widget`.
        private func draw(_ purpose: Draw, widget: Int, _ count: UInt64) -> Double {
            SplitMix64.unitInterval(seed ^ purpose.rawValue, UInt64(widget), count)
        }

        /// `seconds` to the nearest millisecond: every instant of a run is a whole millisecond, so
        /// the trace, written in milliseconds, holds exactly what happened.
        static func milliseconds(_ seconds: TimeInterval) -> TimeInterval {
            (seconds * 1000).rounded() / 1000
        }

        /// Carries out what the host code asked for during the last call.
        private func drainHost(for index: Int, at now: Date) {
            for timer in host.timerRequests { at(max(timer, now), .hostTimer(widget: index)) }
            host.timerRequests.removeAll()
            let requests = host.reloadRequests
            host.reloadRequests.removeAll()
            for kind in requests {
                for target in widgets.indices where kind == nil || widgets[target].kindName == kind {
                    widgets[target].noteReloadRequest(at: now)
                    if model.appReloadDelivery == .whenAppLeavesForeground, host.isAppInForeground {
                        deferredReloads.insert(target)
                    } else {
                        deliverReload(to: target, at: now)
                    }
                }
            }
            let controlKinds = host.controlReloadRequests
            host.controlReloadRequests.removeAll()
            for kind in controlKinds {
                for target in controls.indices where kind == nil || controls[target].control.kind == kind {
                    controls[target].requests.append(now)
                    controlRequests[target] += 1
                    let unit = draw(.controlReloadLatency, widget: target, controlRequests[target])
                    at(
                        now.addingTimeInterval(Self.milliseconds(model.appReloadLatency * unit)),
                        .controlReloadArrives(control: target, byIntent: false))
                }
            }
            // The intent path: what an intent's perform() asked for from the extension.
            let intentKinds = host.intentReloadRequests
            host.intentReloadRequests.removeAll()
            for kind in intentKinds {
                for target in widgets.indices where kind == nil || widgets[target].kindName == kind {
                    intentRequests[target] += 1
                    let unit = draw(.intentReloadLatency, widget: target, intentRequests[target])
                    at(
                        now.addingTimeInterval(Self.milliseconds(model.intentReloadLatency * unit)),
                        .reloadArrives(widget: target))
                }
            }
            let intentControls = host.intentControlRequests
            host.intentControlRequests.removeAll()
            for kind in intentControls {
                for target in controls.indices where kind == nil || controls[target].control.kind == kind {
                    controlRequests[target] += 1
                    let unit = draw(
                        .intentReloadLatency, widget: widgets.count + target, controlRequests[target])
                    at(
                        now.addingTimeInterval(Self.milliseconds(model.intentReloadLatency * unit)),
                        .controlReloadArrives(control: target, byIntent: true))
                }
            }
        }

        /// Gives every widget's scheduler `event` at this one instant, then carries out what each
        /// decided: a run started for one widget cannot start another's before it was told.
        private func tellSchedulers(_ event: WidgetReloadScheduler.Event) {
            let now = clock
            let actions = widgets.indices.map { widgets[$0].scheduler.handle(event, at: now) }
            for (index, action) in zip(widgets.indices, actions) { act(on: index, action) }
        }

        /// The request reaches the scheduler after the app-reload latency.
        private func deliverReload(to index: Int, at now: Date) {
            deliveredRequests[index] += 1
            let unit = draw(.appReloadLatency, widget: index, deliveredRequests[index])
            at(
                now.addingTimeInterval(Self.milliseconds(model.appReloadLatency * unit)),
                .reloadArrives(widget: index))
        }

        /// Carries out a scheduler's decision.
        private func act(on index: Int, _ action: WidgetReloadScheduler.Action) {
            if action.isRefusal { widgets[index].noteRefusal(at: clock) }
            if let wake = action.wakeAt { at(wake, .wake(widget: index)) }
            guard let run = action.run else { return }
            if isWaitingForRequest {
                startsAfterRequest.append((index, run))
                return
            }
            start(run, of: index)
            while !startsAfterRequest.isEmpty {
                let next = startsAfterRequest.removeFirst()
                start(next.run, of: next.widget)
            }
        }

        private func start(_ decided: WidgetReloadScheduler.Run, of index: Int) {
            let startedAt = clock
            let run = widgets[index].scheduler.started(decided, at: startedAt)
            let remaining = widgets[index].scheduler.budgetRemaining(at: startedAt)
            let duration = widgets[index].startProvider(
                at: startedAt, calendar: scenario.calendar(at:), run: run, budgetLeft: remaining,
                advance: { [unowned self] in self.advance(to: $0) })
            at(startedAt.addingTimeInterval(duration), .providerFinished(widget: index))
            // The system may coalesce reloads across the device's widgets.
            guard model.coalescesReloads else { return }
            for other in widgets.indices where other != index {
                act(on: other, widgets[other].scheduler.handle(.coalescingOpportunity, at: clock))
            }
        }
    }
}
