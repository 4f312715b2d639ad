public import Foundation
import WidgetTimeline

/// One simulated device running a compiled scenario under one strategy: a discrete-event engine
/// with a virtual clock, an agenda ordered by `(time, sequence)`, and one seeded generator. Same scenario, strategy and seed: the same result, byte for byte.
///
/// The engine owns time and chance and nothing else: the system's decisions are the
/// ``WidgetReloadScheduler``s', the app's and the extension's are the strategy's.
public struct DeviceSimulation {
    public let scenario: CompiledScenario
    public let strategy: StrategyName
    /// The device's seed: the scenario's for a single device, one per device in a fleet.
    public let seed: UInt64
    /// When the widgets were added, after the scenario's start (fleets spread it over devices).
    public let firstReloadDelay: TimeInterval

    public init(
        scenario: CompiledScenario, strategy: StrategyName, seed: UInt64? = nil,
        firstReloadDelay: TimeInterval = 0
    ) {
        self.scenario = scenario
        self.strategy = strategy
        self.seed = seed ?? scenario.seed
        self.firstReloadDelay = max(0, firstReloadDelay)
    }

    private enum Event {
        case foreground(Bool)
        case emission(widget: Int, change: Int)
        case hostTimer(widget: Int)
        case reloadArrives(widget: Int)
        case wake(widget: Int)
        case providerFinished(widget: Int)
        case visibility(widget: Int, isVisible: Bool)
        case exemptReload
        case timeZoneChange
    }

    /// Runs the scenario and measures every widget.
    public func run() -> StrategyResult {
        var engine = Engine(simulation: self)
        engine.run()
        let widgets = engine.widgets.map { $0.result(until: scenario.end, scenario: scenario) }
        return StrategyResult(strategy: strategy, widgets: widgets, events: engine.eventCount)
    }

    /// Runs the scenario and returns only the instants of backend requests (for fleets: no
    /// screens are measured).
    public func backendRequestTimes() -> [Date] {
        var engine = Engine(simulation: self)
        engine.run()
        return engine.widgets.flatMap(\.backendRequestTimes)
    }

    private struct Engine {
        let scenario: CompiledScenario
        let model: SystemModel
        let host: HostContext
        var widgets: [any WidgetRunning]
        var queue = EventQueue<Event>()
        var generator: SplitMix64
        var calendar: Calendar
        var deferredReloads: Set<Int> = []
        var eventCount = 0

        init(simulation: DeviceSimulation) {
            scenario = simulation.scenario
            model = scenario.model
            host = HostContext(now: scenario.start, saveDuration: scenario.scenario.app.saveDuration.seconds)
            generator = SplitMix64(seed: simulation.seed)
            calendar = scenario.calendar(at: scenario.start)
            let compiled = simulation.scenario
            widgets = compiled.widgets.map {
                $0.makeRun(
                    strategy: simulation.strategy, deviceSeed: simulation.seed, model: compiled.model,
                    start: compiled.start)
            }
            schedule(firstReloadDelay: simulation.firstReloadDelay)
        }

        private mutating func at(_ date: Date, _ event: Event) {
            // Reference-date seconds are `Date`'s own storage: converting back is exact.
            queue.schedule(event, at: date.timeIntervalSinceReferenceDate)
        }

        /// Puts the scenario's own events on the agenda.
        private mutating func schedule(firstReloadDelay: TimeInterval) {
            let start = scenario.start
            // Adding a widget runs its provider at once, free: the first screen.
            at(start.addingTimeInterval(firstReloadDelay), .exemptReload)
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
        }

        mutating func run() {
            let end = scenario.end.timeIntervalSinceReferenceDate
            while let (time, event) = queue.next() {
                guard time < end else { break }
                eventCount += 1
                let now = Date(timeIntervalSinceReferenceDate: time)
                host.now = now
                handle(event, at: now)
            }
        }

        private mutating func handle(_ event: Event, at now: Date) {
            switch event {
            case .foreground(let isIn):
                host.isAppInForeground = isIn
                for index in widgets.indices {
                    act(
                        on: index,
                        widgets[index].scheduler.handle(.appForegroundChanged(isInForeground: isIn), at: now))
                }
                if !isIn {
                    for index in widgets.indices {
                        widgets[index].appWillLeaveForeground(host: host)
                        drainHost(for: index, at: now)
                    }
                    for index in deferredReloads.sorted() { deliverReload(to: index, at: now) }
                    deferredReloads.removeAll()
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
                    let lateness = model.policyLateness * unit()
                    schedulerEvent = .timelineInstalled(earliestReload: earliest, lateness: lateness)
                case .killed, .discarded:
                    schedulerEvent = .reloadFailed
                }
                act(on: index, widgets[index].scheduler.handle(schedulerEvent, at: now))
            case .visibility(let index, let isVisible):
                act(
                    on: index,
                    widgets[index].scheduler.handle(.visibilityChanged(isVisible: isVisible), at: now))
            case .exemptReload:
                for index in widgets.indices {
                    act(on: index, widgets[index].scheduler.handle(.exemptReloadRequested, at: now))
                }
            case .timeZoneChange:
                calendar = scenario.calendar(at: now)
                // Row a.1 (WWDC21): a significant time change is a free system reload.
                for index in widgets.indices {
                    act(on: index, widgets[index].scheduler.handle(.exemptReloadRequested, at: now))
                }
            }
        }

        /// A uniform draw in `[0, 1)` from the device's generator.
        private mutating func unit() -> Double {
            Double(generator.next() >> 11) * 0x1.0p-53
        }

        /// Carries out what the host code asked for during the last call.
        private mutating func drainHost(for index: Int, at now: Date) {
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
        }

        /// The request reaches the scheduler after the app-reload latency (row a.1, 0–27 s).
        private mutating func deliverReload(to index: Int, at now: Date) {
            let latency = (model.appReloadLatency * unit() * 1000).rounded() / 1000
            at(now.addingTimeInterval(latency), .reloadArrives(widget: index))
        }

        /// Carries out a scheduler's decision.
        private mutating func act(on index: Int, _ action: WidgetReloadScheduler.Action) {
            let now = host.now
            if action.isRefusal { widgets[index].noteRefusal(at: now) }
            if let wake = action.wakeAt { at(wake, .wake(widget: index)) }
            guard let run = action.run else { return }
            let duration = widgets[index].startProvider(at: now, calendar: calendar, run: run)
            at(
                now.addingTimeInterval(min(duration, model.providerWatchdog)),
                .providerFinished(widget: index))
            // Row a.1: the system may coalesce reloads across the device's widgets.
            guard model.coalescesReloads else { return }
            for other in widgets.indices where other != index {
                act(on: other, widgets[other].scheduler.handle(.coalescingOpportunity, at: now))
            }
        }
    }
}
