import Foundation
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineSimulation

// MARK: - Simulation

enum SimulationBenchmarks {
    static let start = Instant.parse("2026-01-01T00:00:00+09:00")!

    /// One task-count widget for 365 days, the app committing a new count every 20 minutes.
    static func year() -> CompiledScenario {
        let commits = stride(from: 0.0, to: 365 * 86_400, by: 20 * 60).enumerated().map { index, offset in
            ScenarioCommit(
                at: start.addingTimeInterval(offset), payload: .object(["count": .integer(Int64(index % 7))]))
        }
        let scenario = Scenario(
            name: "a year, a commit every 20 minutes", start: start, duration: 365 * 86_400,
            timeZone: "Asia/Seoul",
            widgets: [ScenarioWidget(id: "tasks", kind: "task-count", commits: commits)])
        return try! scenario.compiled(kinds: ExampleWidgets.all)
    }

    /// One server-backed widget for a day, for fleets.
    static func fleetDay() -> CompiledScenario {
        let scenario = Scenario(
            name: "fleet day", start: start, duration: 86_400, timeZone: "Asia/Seoul",
            widgets: [
                ScenarioWidget(
                    id: "server-count", kind: "task-count",
                    source: ScenarioSource(
                        latency: 1,
                        updates: [ScenarioCommit(at: start, payload: .object(["count": .integer(3)]))],
                        randomUpdates: RandomCommits(
                            meanInterval: 1800,
                            payloads: [.object(["count": .integer(4)]), .object(["count": .integer(5)])])))
            ])
        return try! scenario.compiled(kinds: ExampleWidgets.all)
    }

    /// The fleet's throughput before this round's changes: `simulation.fleet-10k-devices-day` on the
    /// engine of 2026-12-01 (every draft's payload read back), on a quiet machine (docs/performance.md).
    /// A figure of that run, not of this one: the ratio to it carries both runs' machine load.
    static let fleetDevicesPerSecondBefore = 1_768.0
    static let fleetReferenceSource = "the engine of 2026-12-01 (10k case, quiet)"

    /// `count` provider runs of `kind` over an in-memory store, each fetching a task count, saving it
    /// and planning the timeline, as a fleet's extension does. Specialised only for a caller that
    /// names the kind.
    @inline(never)
    static func providerRuns<Kind: WidgetKind>(_ kind: Kind, count: Int) {
        let payloads = (0..<3).map {
            try! JSONDecoder().decode(Kind.Payload.self, from: Data("{\"count\":\($0)}".utf8))
        }
        let core = WidgetProviderCore(
            loader: EntryLoader(kind: kind, store: InMemorySnapshotStore(), sleeper: ContinuousClock()))
        for run in 0..<count {
            let now = start.addingTimeInterval(Double(run) * 1_800)
            let payload = payloads[run % payloads.count]
            let timeline = core.timeline(
                at: now, in: PipelineBenchmarks.calendar, forceRefresh: true,
                fetchingWith: { _ in .success(SourceAnswer(payload: payload, observedAt: now)) })
            precondition(!timeline.entries.isEmpty)
        }
    }

    /// The same runs with the kind opened from an existential, as the simulator opens a scenario's.
    @inline(never)
    static func providerRuns(opening kind: any WidgetKind, count: Int) {
        providerRuns(kind, count: count)
    }

    /// Whether specialising the simulator's engine for a scenario's kind would pay: the provider
    /// runs a fleet's extension makes, with the kind opened from `any WidgetKind` as the simulator
    /// opens it, against the same runs specialised for the kind (docs/performance.md, "would a
    /// specialised engine meet the bar?").
    static var ratioCases: [RatioCase] {
        [
            RatioCase(
                name: "simulation.provider-runs-opened",
                summary: "100 task-count provider runs (fetch, save, plan), kind opened from any WidgetKind",
                floorSummary: "the same runs specialised for TaskCountWidget",
                target: 1.3, repetitions: 1,
                prepare: {
                    let opened: any WidgetKind = TaskCountWidget()
                    return (
                        subject: { providerRuns(opening: opened, count: 100) },
                        floor: { providerRuns(TaskCountWidget(), count: 100) }
                    )
                })
        ]
    }

    static var cases: [BenchmarkCase] {
        [
            BenchmarkCase(
                name: "simulation.year-one-widget",
                summary: "365 days × 1 widget (library), a commit every 20 minutes",
                target: 1.0,
                prepare: {
                    let scenario = year()
                    return {
                        let result = DeviceSimulation(scenario: scenario, strategy: .library).run()
                        return (result.events, "events")
                    }
                }),
            BenchmarkCase(
                name: "simulation.fleet-10k-devices-day",
                summary: "10,000 devices × 1 day (library, jittered), all cores",
                target: 20.0,
                prepare: {
                    let scenario = fleetDay()
                    return {
                        let result = FleetSimulation(
                            scenario: scenario, devices: 10_000, strategies: [.library]
                        ).run()
                        return (result[0].devices, "devices")
                    }
                },
                reference: (fleetDevicesPerSecondBefore, fleetReferenceSource)),
            BenchmarkCase(
                name: "simulation.fleet-1m-devices-day",
                summary: "1,000,000 devices × 1 day (library, jittered), all cores; run by its full name",
                target: 300.0,
                prepare: {
                    let scenario = fleetDay()
                    return {
                        FileHandle.standardError.write(
                            Data("simulation.fleet-1m-devices-day: running 1,000,000 devices…\n".utf8))
                        let result = FleetSimulation(
                            scenario: scenario, devices: 1_000_000, strategies: [.library]
                        ).run()
                        return (result[0].devices, "devices")
                    }
                },
                isLong: true,
                reference: (fleetDevicesPerSecondBefore, fleetReferenceSource)),
            BenchmarkCase(
                name: "simulation.demo-day",
                summary: "the demo: the default day under every strategy",
                target: nil,
                prepare: {
                    let scenario = try! BuiltInScenarios.defaultDay.compiled(kinds: ExampleWidgets.all)
                    return {
                        let report = Simulation(scenario: scenario).run()
                        return (report.results.reduce(0) { $0 + $1.events }, "events")
                    }
                }),
        ]
    }
}
