import Foundation
import Testing
import WidgetTimelineExamples

@testable import WidgetTimelineSimulation

/// A fleet's numbers recomputed from each device's own trace, written from the docs ("Fleets",
/// "The trace") rather than the fleet's code: a request counts in the second its `fetches` entry
/// starts, a push in the second its `pushes` entry was sent, and nothing from the scenario's end.
@Suite("A fleet's load: every number recomputed from its devices' traces")
struct FleetLoadTruthTests {
    /// Per second of the scenario: requests the devices' traces show starting, and pushes sent.
    static func tracedLoad(of fleet: FleetSimulation, under strategy: StrategyName) throws
        -> (requests: [Int], pushes: [Int])
    {
        let scenario = fleet.scenario
        let startMs = Int64((scenario.start.timeIntervalSince1970 * 1000).rounded())
        let endMs = Int64((scenario.end.timeIntervalSince1970 * 1000).rounded())
        let seconds = Int((Double(endMs - startMs) / 1000).rounded(.up))
        var requests = [Int](repeating: 0, count: seconds)
        var pushes = [Int](repeating: 0, count: seconds)
        func count(_ instant: Int64, into histogram: inout [Int]) {
            if instant >= startMs, instant < endMs { histogram[Int((instant - startMs) / 1000)] += 1 }
        }
        for index in 0..<fleet.devices {
            let device = fleet.device(index, under: strategy)
            let traced = DeviceSimulation(
                scenario: scenario, strategy: strategy, seed: device.seed,
                firstReloadDelay: device.firstReloadDelay, recordsTrace: true
            ).run()
            let text = try TraceReport.render(SimulationReport(scenario: scenario, results: [traced]))
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let entry = try #require(try TraceMetrics.list(document, "strategies").first)
            for widget in try TraceMetrics.list(entry, "widgets") {
                for fetch in try TraceMetrics.list(widget, "fetches") {
                    count(try TraceMetrics.instant(fetch["start"]), into: &requests)
                }
            }
            for push in try TraceMetrics.list(entry, "pushes") {
                count(try TraceMetrics.instant(push["sent"]), into: &pushes)
            }
        }
        return (requests, pushes)
    }

    /// Requests in each minute from the start; the last minute may be short.
    static func perMinute(_ perSecond: [Int]) -> [Int] {
        stride(from: 0, to: perSecond.count, by: 60).map {
            perSecond[$0..<min($0 + 60, perSecond.count)].reduce(0, +)
        }
    }

    /// The nearest-rank percentile: the smallest count at least `percent` % of minutes reach.
    static func nearestRank(_ counts: [Int], _ percent: Int) -> Int {
        let sorted = counts.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[max(1, (percent * sorted.count + 99) / 100) - 1]
    }

    /// Compares every number the text, JSON and HTML reports print with the traces'.
    static func expectAgrees(
        _ result: FleetResult, with traced: (requests: [Int], pushes: [Int]), start: Date
    ) {
        let minutes = perMinute(traced.requests)
        let total = traced.requests.reduce(0, +)
        let peak = traced.requests.max() ?? 0
        let busiestMinute = minutes.max() ?? 0
        #expect(result.requests == total)
        #expect(result.meanPerSecond == Double(total) / Double(traced.requests.count))
        #expect(result.peakPerSecond == peak)
        // No request, no busiest second: an instant there would name a second nothing happened in.
        #expect(
            result.peakSecondAt
                == (total == 0
                    ? nil : start.addingTimeInterval(Double(traced.requests.firstIndex(of: peak) ?? 0))))
        #expect(result.perMinute == minutes)
        #expect(result.peakPerMinute == busiestMinute)
        #expect(
            result.peakMinuteAt
                == (total == 0
                    ? nil : start.addingTimeInterval(Double(minutes.firstIndex(of: busiestMinute) ?? 0) * 60))
        )
        #expect(
            [
                result.perMinutePercentiles.p50, result.perMinutePercentiles.p95,
                result.perMinutePercentiles.p99,
            ]
                == [50, 95, 99].map { nearestRank(minutes, $0) })
        let pushMinutes = perMinute(traced.pushes)
        #expect(result.pushes.total == traced.pushes.reduce(0, +))
        #expect(result.pushes.peakPerSecond == traced.pushes.max() ?? 0)
        #expect(result.pushes.peakPerMinute == pushMinutes.max() ?? 0)
        #expect(
            result.pushes.peakMinuteAt
                == (result.pushes.total == 0
                    ? nil
                    : start.addingTimeInterval(
                        Double(pushMinutes.firstIndex(of: pushMinutes.max() ?? 0) ?? 0) * 60)))
        #expect(
            [result.pushes.perMinutePercentiles.p50, result.pushes.perMinutePercentiles.p99]
                == [50, 99].map { nearestRank(pushMinutes, $0) })
    }

    /// One widget fetching from a source; taps a few milliseconds before a minute begins, so the
    /// tapped widget's provider call starts in one second and its request in the next.
    static let tapsBeforeTheMinute = """
        {
          "name": "taps just before the minute", "start": "2026-03-01T10:00:00Z", "duration": "3h",
          "timeZone": "UTC", "seed": 11,
          "widgets": [ {
            "id": "count", "kind": "task-count",
            "source": { "latency": "2s", "updates": [ { "at": "2026-03-01T10:00:00Z", "payload": { "count": 3 } } ] },
            "taps": [
              { "at": "2026-03-01T11:14:59.990Z", "payload": { "count": 2 } },
              { "at": "2026-03-01T12:29:59.970Z", "payload": { "count": 1 } }
            ]
          } ]
        }
        """

    @Test(
        "a device's backend requests are the instants its trace's fetches start, under every strategy",
        arguments: StrategyName.allCases)
    func requestsAreTheFetchStarts(strategy: StrategyName) throws {
        let scenario = try Scenario.decode(Data(Self.tapsBeforeTheMinute.utf8)).compiled(
            kinds: ExampleWidgets.all)
        let traced = DeviceSimulation(scenario: scenario, strategy: strategy, recordsTrace: true).run()
        let fetchStarts = traced.widgets.flatMap { $0.trace.fetches.map(\.start) }.sorted()
        let load = DeviceSimulation(scenario: scenario, strategy: strategy).backendLoad()
        #expect(load.requests.sorted() == fetchStarts)
    }

    @Test("a request whose provider call starts just before a minute counts in the minute it is sent")
    func requestInTheMinuteItIsSent() throws {
        let scenario = try Scenario.decode(Data(Self.tapsBeforeTheMinute.utf8)).compiled(
            kinds: ExampleWidgets.all)
        let fleet = FleetSimulation(scenario: scenario, devices: 3, strategies: [.topOfTheHour])
        let result = try #require(fleet.run().first)
        Self.expectAgrees(
            result, with: try Self.tracedLoad(of: fleet, under: .topOfTheHour), start: scenario.start)
        // The tap at 11:14:59.990 is asked at 11:15:00.040: minute 75 holds all three devices' requests.
        #expect(result.perMinute[75] >= 3)
    }

    @Test(
        "a fleet's totals, mean, peaks, their instants and percentiles are its devices' traces added up",
        arguments: [
            ("network-outage.json", StrategyName.neverAfterError),
            ("push-few-changes.json", .pushOnEveryChange),
            ("taps-and-controls.json", .library),
        ])
    func agreesWithTheTraces(name: String, strategy: StrategyName) throws {
        let scenario = try ShippedScenarios.compiled(name)
        let fleet = FleetSimulation(scenario: scenario, devices: 4, strategies: [strategy])
        let result = try #require(fleet.run().first)
        Self.expectAgrees(
            result, with: try Self.tracedLoad(of: fleet, under: strategy), start: scenario.start)
    }
}

/// The text, JSON and HTML reports of one fleet run print the same numbers, and none of them
/// hides a load: a small fleet's mean is not rounded to nothing, and a peak's instant names its day.
@Suite("A fleet's reports: the same numbers in text, JSON and HTML")
struct FleetReportAgreementTests {
    /// `fleet-server-count.json` over `duration`, compiled with the example widgets.
    static func serverCount(duration: String) throws -> CompiledScenario {
        var scenario = try ShippedScenarios.scenario("fleet-server-count.json")
        scenario.duration = try #require(DurationText(parsing: duration))
        return try scenario.compiled(kinds: ExampleWidgets.all)
    }

    /// The text report's cells of the row `label`, one per strategy (the `n`-th such row).
    static func cells(_ text: String, _ label: String, _ n: Int = 0) throws -> [String] {
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("  " + label + "  ") }
        let row = try #require(rows.dropFirst(n).first, "no row \(label)")
        return row.dropFirst(26).split(separator: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// The fleet members of the JSON report.
    static func jsonFleet(_ text: String) throws -> [[String: Any]] {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return try #require(document["fleet"] as? [[String: Any]])
    }

    @Test("a fleet of one device asking 60 times a day reports its mean, not 0, in text, JSON and HTML")
    func smallFleetMean() throws {
        let scenario = try Self.serverCount(duration: "24h")
        let fleet = FleetSimulation(scenario: scenario, devices: 1).run()
        let text = FleetTextReport.render(fleet, scenario: scenario)
        let json = try Self.jsonFleet(try JSONReport.render(nil, fleet: fleet, scenario: scenario))
        let html = HTMLReport.render(
            Simulation(scenario: scenario, strategies: fleet.map(\.strategy)).run(), fleet: fleet)
        #expect(text.hasPrefix("A server-backed count for a fleet: a fleet of 1 device\n"))
        #expect(html.contains(">1 device; requests each minute"))
        let means = try Self.cells(text, "mean per second")
        for (index, result) in fleet.enumerated() {
            #expect(result.requests > 0)
            #expect(result.meanPerSecond == Double(result.requests) / 86_400)
            // Unrounded (JSONSerialization may read the last digit differently).
            let mean = try #require(json[index]["meanPerSecond"] as? Double)
            #expect(abs(mean / result.meanPerSecond - 1) < 1e-12)
            // Two significant digits: 60 a day is 0.00069 a second.
            let written = means[index]
            #expect(written != "0.00" && Double(written) != nil)
            #expect(abs(try #require(Double(written)) / result.meanPerSecond - 1) < 0.01)
            #expect(html.contains("mean \(written)/s"))
        }
    }

    @Test("three days: each report gives every peak the same instant, the text with its date")
    func sameNumbersOverDays() throws {
        let scenario = try Self.serverCount(duration: "3d")
        let fleet = FleetSimulation(scenario: scenario, devices: 6).run()
        let text = FleetTextReport.render(fleet, scenario: scenario)
        let json = try Self.jsonFleet(try JSONReport.render(nil, fleet: fleet, scenario: scenario))
        let html = HTMLReport.render(
            Simulation(scenario: scenario, strategies: fleet.map(\.strategy)).run(), fleet: fleet)
        let totals = try Self.cells(text, "total")
        let peaks = try Self.cells(text, "peak per second")
        let minutePeaks = try Self.cells(text, "peak per minute")
        let secondAt = try Self.cells(text, "  at", 0)
        let minuteAt = try Self.cells(text, "  at", 1)
        let means = try Self.cells(text, "mean per second")
        for (index, result) in fleet.enumerated() {
            let entry = json[index]
            #expect(totals[index] == "\(result.requests)" && entry["requests"] as? Int == result.requests)
            #expect(
                peaks[index] == "\(result.peakPerSecond)"
                    && entry["peakPerSecond"] as? Int == result.peakPerSecond)
            #expect(minutePeaks[index] == "\(result.peakPerMinute)")
            // `2026-12-01T21:06:06+09:00` in JSON is `12-01 21:06:06` in the text.
            for (written, key) in [(secondAt[index], "peakSecondAt"), (minuteAt[index], "peakMinuteAt")] {
                let instant = try #require(entry[key] as? String)
                #expect(written == instant.dropFirst(5).prefix(5) + " " + instant.dropFirst(11).prefix(8))
            }
            #expect(
                html.contains(
                    "peak \(result.peakPerSecond)/s, \(result.peakPerMinute)/min · mean \(means[index])/s"))
        }
        // The busiest seconds fall on different days: a time alone would not tell them apart.
        #expect(Set(secondAt.map { $0.prefix(5) }).count + Set(minuteAt.map { $0.prefix(5) }).count > 2)
    }
}
