import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelinePush

@testable import WidgetTimelineSimulation

/// The push strategies' server: the device's registration, and the pushes planned for it.
@Suite("The push server: the real planner per device, the same pushes as a fleet's planner")
struct PushServerTests {
    static func scenario(_ name: String = "push-few-changes.json") throws -> CompiledScenario {
        try ShippedScenarios.compiled(name)
    }

    @Test(
        "library-push plans with the planner: a burst rides on one push, a window apart, nothing before the widget was added"
    )
    func planned() throws {
        let scenario = try Self.scenario()
        let added = scenario.start.addingTimeInterval(600)
        let server = try #require(
            PushServer(strategy: .libraryPush, scenario: scenario, deviceSeed: 1, widgetsAddedAt: added))
        let naive = try #require(
            PushServer(strategy: .pushOnEveryChange, scenario: scenario, deviceSeed: 1, widgetsAddedAt: added)
        )
        let all = scenario.widgets[0].serverChanges
        let changes = all.map(\.at).filter { $0 > added }
        // Every change after the widget was added, once each, at its instant.
        #expect(naive.sends == changes)
        // The planner: at most one push per window, each change to what is shown within one window of
        // a push; the count the server re-sends unchanged gets none.
        let window = scenario.push.window.seconds
        #expect(zip(server.sends, server.sends.dropFirst()).allSatisfy { $1.timeIntervalSince($0) >= window })
        for (index, change) in all.enumerated()
        where change.at > added && change.fingerprint != all[index - 1].fingerprint {
            #expect(server.sends.contains { $0 >= change.at && $0.timeIntervalSince(change.at) < window })
        }
        #expect(all.indices.dropFirst().contains { all[$0].fingerprint == all[$0 - 1].fingerprint })
        #expect(server.sends.count < changes.count - 1)
        #expect(
            PushServer(strategy: .library, scenario: scenario, deviceSeed: 1, widgetsAddedAt: added) == nil)
        #expect(server.registration.widgets.map(\.id) == ["arena-parking"])
    }

    @Test("planning each device's token alone gives each the pushes one planner of the whole fleet gives it")
    func perDeviceEqualsFleet() throws {
        let scenario = try Self.scenario("push-tight-budget.json")
        let added = scenario.start
        let setup = scenario.push
        var servers: [PushServer] = []
        for device in 0..<50 {
            servers.append(
                try #require(
                    PushServer(
                        strategy: .libraryPush, scenario: scenario, deviceSeed: UInt64(device) &* 7919,
                        widgetsAddedAt: added)))
        }
        var fleet = try PushPlanner(
            registry: PushTokenRegistry(servers.map(\.registration)), window: setup.window.seconds,
            budget: setup.budget, seed: setup.seed ?? scenario.seed)
        var changes: [PushChange] = []
        for change in scenario.widgets[0].serverChanges where change.at > added {
            for server in servers {
                changes.append(
                    PushChange(
                        at: change.at,
                        target: .widget(
                            WidgetInstance(
                                installationID: server.registration.installationID, widgetID: "arena-parking")
                        ),
                        fingerprint: change.fingerprint))
            }
        }
        let plan = fleet.plan(changes)
        for server in servers {
            let destination = PushDestination(token: server.registration.token, environment: .production)
            #expect(plan.pushes.filter { $0.destination == destination }.map(\.at) == server.sends)
        }
        #expect(Set(servers.map(\.registration.token)).count == servers.count)
    }
}

extension PushServer: Equatable {
    static func == (lhs: PushServer, rhs: PushServer) -> Bool {
        lhs.registration == rhs.registration && lhs.sends == rhs.sends
    }
}
