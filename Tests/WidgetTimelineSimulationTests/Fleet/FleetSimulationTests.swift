import Foundation
import Testing

@testable import WidgetTimelineSimulation

/// A fleet's result is its devices' own runs added up, whatever the split across workers: what a
/// change to how a fleet runs must keep byte for byte.
struct FleetSimulationTests {
    /// The fleet's histograms built one device at a time, in order, on this thread.
    static func oneByOne(_ fleet: FleetSimulation, under strategy: StrategyName) -> FleetResult {
        let scenario = fleet.scenario
        let seconds = Int(
            min(scenario.end.timeIntervalSince(scenario.start), FleetSimulation.longestDuration).rounded(.up))
        var requests = [Int32](repeating: 0, count: seconds)
        var pushes = [Int32](repeating: 0, count: seconds)
        func count(_ instant: Date, into histogram: inout [Int32]) {
            let second = Int(instant.timeIntervalSince(scenario.start))
            if second >= 0, second < seconds { histogram[second] += 1 }
        }
        for index in 0..<fleet.devices {
            let load = fleet.device(index, under: strategy).backendLoad()
            for instant in load.requests { count(instant, into: &requests) }
            for instant in load.pushes { count(instant, into: &pushes) }
        }
        return FleetResult(
            strategy: strategy, devices: fleet.devices, start: scenario.start, perSecond: requests,
            pushesPerSecond: pushes)
    }

    @Test(
        "a fleet's load is exactly its devices' single runs added up, under every strategy of its scenario",
        arguments: ["fleet-server-count.json", "push-few-changes.json"])
    func addsUpItsDevices(name: String) throws {
        let scenario = try ShippedScenarios.compiled(name)
        let strategies: [StrategyName] =
            name == "push-few-changes.json" ? [.pushOnEveryChange, .libraryPush] : StrategyName.fleet
        let fleet = FleetSimulation(scenario: scenario, devices: 23, strategies: strategies)
        let results = fleet.run()
        #expect(results.count == strategies.count)
        for (strategy, result) in zip(strategies, results) {
            #expect(result == Self.oneByOne(fleet, under: strategy))
            #expect(result.requests > 0)
        }
        // The devices differ: their phases spread the first requests over the first hour.
        #expect(Set((0..<23).map { fleet.device($0, under: .library).firstReloadDelay }).count > 20)
    }

    @Test(
        "a fleet's device, which does not follow its screen, asks the backend when the same device run and measured alone does",
        arguments: [
            "fleet-server-count.json", "default-day.json", "network-outage.json", "push-tight-budget.json",
        ])
    func sameRequestsAsAMeasuredRun(name: String) throws {
        let scenario = try ShippedScenarios.compiled(name)
        let fleet = FleetSimulation(scenario: scenario, devices: 6)
        for strategy in [StrategyName.library, .topOfTheHour, .libraryPush] {
            for index in 0..<fleet.devices {
                let device = fleet.device(index, under: strategy)
                let measured = device.run()
                let load = device.backendLoad()
                #expect(load.requests.count == measured.widgets.reduce(0) { $0 + $1.metrics.backendRequests })
                #expect(load.requests.count > 0)
            }
        }
    }

    @Test("how the devices are dealt into parts does not change the result", arguments: [1, 2, 7, 64])
    func independentOfTheSplit(parts: Int) throws {
        let scenario = try ShippedScenarios.compiled("fleet-server-count.json")
        let fleet = FleetSimulation(scenario: scenario, devices: 19, strategies: [.library])
        let expected = fleet.run(.library, parts: 3, deviceFinished: nil)
        #expect(fleet.run(.library, parts: parts, deviceFinished: nil) == expected)
    }
}

/// A fleet that sent nothing has no busiest second or minute: naming the scenario's start there
/// claimed a peak at an instant nothing happened in.
struct FleetWithoutLoadTests {
    @Test("no request and no push: the peaks' instants are null in the JSON and '–' in the text")
    func noBusiestInstant() throws {
        // The host commits, no widget asks a server, and nothing is pushed.
        let scenario = try Scenario.decode(
            Data(
                """
                {
                  "name": "host only", "start": "2026-03-01T10:00:00Z", "duration": "2h", "timeZone": "UTC",
                  "widgets": [ { "id": "count", "kind": "count",
                    "commits": [ { "at": "2026-03-01T10:30:00Z", "payload": { "count": 3 } } ] } ],
                  "kinds": [ { "kind": "count", "type": "count", "label": "items",
                    "freshness": { "staleAfter": "1h", "expiresAfter": "1d", "expiredValue": "shown" } } ]
                }
                """.utf8)
        ).compiled(kinds: [])
        let fleet = FleetSimulation(scenario: scenario, devices: 3, strategies: [.library]).run()
        let result = try #require(fleet.first)
        #expect(result.requests == 0 && result.pushes.total == 0)
        #expect(result.peakSecondAt == nil && result.peakMinuteAt == nil && result.pushes.peakMinuteAt == nil)
        let json = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(result)) as? [String: Any])
        #expect(json["peakSecondAt"] is NSNull && json["peakMinuteAt"] is NSNull)
        #expect((json["pushes"] as? [String: Any])?["peakMinuteAt"] is NSNull)
        let text = FleetTextReport.render(fleet, scenario: scenario)
        let atRows = text.split(separator: "\n").filter { $0.hasPrefix("    at") }
        #expect(atRows.count == 2 && atRows.allSatisfy { $0.hasSuffix("–") }, "\(text)")
    }

    @Test("a fleet of no devices is empty: it reports 0 devices and sends nothing, not one device's load")
    func noDevices() throws {
        let scenario = try ShippedScenarios.compiled("fleet-server-count.json")
        for devices in [0, -3] {
            let result = try #require(FleetSimulation(scenario: scenario, devices: devices).run().first)
            #expect(result.devices == 0 && result.requests == 0 && result.peakSecondAt == nil)
        }
    }
}
