import Foundation
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineSimulation

// `widget-timeline-bench`: the package's benchmarks, each case with an optional target.
//
//     swift run -c release widget-timeline-bench [--json] [--filter TEXT] [--iterations N]
//
// Each case is warmed up once, then timed `iterations` times; the median and the spread
// (min–max) are printed. A case with a target that the median misses makes the exit status 1 and
// is named on standard error. Speed is measured here, never asserted in a unit test. Add a case by
// appending to `cases` below (one `BenchmarkCase` per measurement; group cases by prefix).

/// One measurement: how to prepare it (not timed) and what to time.
struct BenchmarkCase {
    var name: String
    /// What the case measures, in a sentence.
    var summary: String
    /// The longest acceptable median, in seconds, if the case has a target.
    var target: Double?
    /// Prepares the inputs and returns the work to time; the work returns a count of processed
    /// items (events, devices) and their unit, for a throughput figure.
    var prepare: () -> () -> (count: Int, unit: String)
}

/// One case's timings.
struct Measurement: Encodable {
    var name: String
    var summary: String
    var iterations: Int
    var medianSeconds: Double
    var minimumSeconds: Double
    var maximumSeconds: Double
    var targetSeconds: Double?
    var metTarget: Bool?
    var count: Int
    var unit: String
    var perSecond: Double
}

enum Harness {
    static func run(_ cases: [BenchmarkCase], arguments: [String]) -> Int32 {
        var json = false
        var filter: String?
        var iterations = 5
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--json": json = true
            case "--filter" where index + 1 < arguments.count:
                index += 1
                filter = arguments[index]
            case "--iterations" where index + 1 < arguments.count:
                index += 1
                iterations = max(1, Int(arguments[index]) ?? iterations)
            case "-h", "--help":
                print("USAGE: widget-timeline-bench [--json] [--filter <text>] [--iterations <n>]")
                return 0
            default:
                FileHandle.standardError.write(Data("error: unknown argument '\(arguments[index])'\n".utf8))
                return 64
            }
            index += 1
        }
        let selected = cases.filter { filter == nil || $0.name.contains(filter!) }
        var results: [Measurement] = []
        for benchmark in selected {
            let work = benchmark.prepare()
            _ = work()  // warm-up
            var times: [Double] = []
            var last = (count: 0, unit: "")
            for _ in 0..<iterations {
                let start = DispatchTime.now().uptimeNanoseconds
                last = work()
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            times.sort()
            let median = times[times.count / 2]
            let measurement = Measurement(
                name: benchmark.name, summary: benchmark.summary, iterations: iterations,
                medianSeconds: median,
                minimumSeconds: times.first!, maximumSeconds: times.last!, targetSeconds: benchmark.target,
                metTarget: benchmark.target.map { median < $0 }, count: last.count, unit: last.unit,
                perSecond: median > 0 ? Double(last.count) / median : 0)
            results.append(measurement)
            if !json { print(line(measurement)) }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try! encoder.encode(results), as: UTF8.self))
        }
        let missed = results.filter { $0.metTarget == false }
        for measurement in missed {
            let message =
                "error: \(measurement.name) missed its target: median \(format(measurement.medianSeconds)) "
                + "≥ \(format(measurement.targetSeconds!))\n"
            FileHandle.standardError.write(Data(message.utf8))
        }
        return missed.isEmpty ? 0 : 1
    }

    static func line(_ measurement: Measurement) -> String {
        var text = measurement.name.padding(toLength: 34, withPad: " ", startingAt: 0)
        text += " median \(format(measurement.medianSeconds))"
        text += " (\(format(measurement.minimumSeconds))–\(format(measurement.maximumSeconds)))"
        text += "  \(Int(measurement.perSecond.rounded())) \(measurement.unit)/s"
        if let target = measurement.targetSeconds {
            text += "  target < \(format(target)): \(measurement.metTarget == true ? "met" : "MISSED")"
        }
        return text
    }

    static func format(_ seconds: Double) -> String {
        seconds < 1 ? String(format: "%.1f ms", seconds * 1000) : String(format: "%.2f s", seconds)
    }
}

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
        return try! scenario.compiled()
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
        return try! scenario.compiled()
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
                }),
            BenchmarkCase(
                name: "simulation.demo-day",
                summary: "the demo: the default day under every strategy",
                target: nil,
                prepare: {
                    let scenario = try! BuiltInScenarios.defaultDay.compiled()
                    return {
                        let report = Simulation(scenario: scenario).run()
                        return (report.results.reduce(0) { $0 + $1.events }, "events")
                    }
                }),
        ]
    }
}

exit(Harness.run(SimulationBenchmarks.cases, arguments: Array(CommandLine.arguments.dropFirst())))
