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
