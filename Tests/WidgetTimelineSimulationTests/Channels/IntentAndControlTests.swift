import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting

@testable import WidgetTimelineSimulation

/// Taps on a widget and the app's controls, end to end through the engine.
@Suite("Taps and controls: the intent saves first, the tapped widget reloads at once and free")
struct IntentAndControlTests {
    typealias S = TestScenarios

    /// Two task-count widgets, the first tapped at 30 minutes; a control showing the first.
    static func scenario(system: SystemModel = .default, interactionAt minutes: Double? = nil) throws
        -> CompiledScenario
    {
        let controls =
            minutes.map {
                [
                    ScenarioControl(
                        id: "toggle", kind: "task-toggle", widget: "tapped",
                        interactions: [ScenarioCommit(at: S.at($0), payload: S.count(1))])
                ]
            } ?? []
        return try Scenario(
            name: "taps", start: S.start, duration: 3 * 3600, timeZone: "Asia/Seoul", seed: 3, system: system,
            app: AppBehaviour(foreground: [TimeSpan(from: S.at(60), to: S.at(70))]),
            widgets: [
                ScenarioWidget(
                    id: "tapped", kind: "task-count",
                    commits: [
                        ScenarioCommit(at: S.start, payload: S.count(5)),
                        ScenarioCommit(at: S.at(65), payload: S.count(8)),
                    ],
                    taps: [ScenarioCommit(at: S.at(30), payload: S.count(4))]),
                ScenarioWidget(
                    id: "other", kind: "task-count",
                    commits: [ScenarioCommit(at: S.start, payload: S.count(2))]),
            ],
            controls: controls
        ).compiled(kinds: ExampleWidgets.all)
    }

    @Test(
        "a tap: the intent's save lands first, then one free reload of the tapped instance shows it; the other instance does not run"
    )
    func tap() throws {
        let scenario = try Self.scenario(system: SystemModel(dailyBudget: 0, freeReloadsSkipFloor: false))
        let result = DeviceSimulation(scenario: scenario, strategy: .library, recordsTrace: true).run()
        let tapped = result.widgets[0]
        let intentRuns = tapped.trace.runs.filter { $0.cause == .intent }
        #expect(intentRuns.count == 1 && intentRuns[0].at == S.at(30) && !intentRuns[0].isCharged)
        #expect(tapped.trace.runs.allSatisfy { $0.cause == .intent || $0.at < S.at(30) || $0.at >= S.at(60) })
        #expect(tapped.metrics.taps == 1 && tapped.metrics.intentReloads == 1)
        #expect(tapped.trace.taps == [S.at(30)])
        // The reload read the tap's save: the screen shows 4, an entry's lateness later.
        #expect(tapped.text(at: S.at(32))?.contains("4 open tasks") == true)
        #expect(tapped.trace.data.map(\.origin) == ["host", "intent", "host"])
        // The other instance of the kind is not reloaded: with a budget of 0 it runs again only when
        // the app, open from 60 minutes, reloads the kind.
        #expect(result.widgets[1].trace.runs.filter { $0.at > S.at(1) && $0.at < S.at(60) }.isEmpty)
    }

    @Test("with intentReloadsOtherInstances, the kind's other instances reload too, free")
    func otherInstances() throws {
        let scenario = try Self.scenario(
            system: SystemModel(dailyBudget: 0, intentReloadsOtherInstances: true))
        let result = DeviceSimulation(scenario: scenario, strategy: .library).run()
        // It runs as soon as the extension is free: after the tapped widget's two getTimeline calls.
        let runs = result.widgets[1].trace.runs.filter { $0.cause == .intent }
        #expect(runs.count == 1 && runs[0].at >= S.at(30) && runs[0].at <= S.at(30).addingTimeInterval(1))
        #expect(runs.allSatisfy { !$0.isCharged })
    }

    @Test(
        "a control: it reloads after its interaction and reads the intent's save; the widget hears on the intent path; the app's commit reloads the control through WidgetSync"
    )
    func control() throws {
        let scenario = try Self.scenario(
            system: SystemModel(intentReloadLatency: 120), interactionAt: 100)
        let result = DeviceSimulation(scenario: scenario, strategy: .library, recordsTrace: true).run()
        let control = try #require(result.controls.first)
        let reloads = control.trace.reloads
        #expect(reloads.first?.cause == "added")
        let interaction = try #require(reloads.first { $0.cause == "interaction" })
        #expect(interaction.at == S.at(100))
        // It read the revision the interaction's intent saved: the widget's fourth.
        #expect(interaction.revision == 4)
        #expect(control.metrics.interactions == 1)
        // The commit at 65 minutes (the app open) names the control: it reloads within the latency.
        let app = try #require(reloads.last { $0.cause == "app" })
        #expect(app.at >= S.at(65) && app.at <= S.at(66) + 2)
        #expect(control.metrics.reloadsRequested == 2)
        // The tap at 30 minutes asked for the control on the intent path.
        #expect(reloads.contains { $0.cause == "intent" && $0.at >= S.at(30) && $0.at <= S.at(32) })
        // The widget's own reload after the interaction came on the intent path, within 2 minutes.
        let widget = result.widgets[0]
        #expect(widget.trace.runs.contains { $0.cause == .app && $0.at > S.at(100) && $0.at <= S.at(110) })
        #expect(widget.trace.data.map(\.origin) == ["host", "intent", "host", "control"])
        #expect(control.metrics.behindMinutes < 5)
    }

    @Test(
        "every reload of the control has its cause: added, the app's commits, the tap's intent, the interaction"
    )
    func controlReloadCauses() throws {
        let scenario = try Self.scenario(interactionAt: 100)
        let control = DeviceSimulation(scenario: scenario, strategy: .library, recordsTrace: true).run()
            .controls[0]
        #expect(control.trace.reloads.map(\.cause) == ["added", "app", "intent", "app", "interaction"])
        #expect(control.metrics.reloads == 5)
    }

    // Before: the control's `added` reload was read after the widget's first provider run had
    // waited 8 s for its source, while the app committed at 08:00:05, and was written at 08:00:00
    // with that commit's data: a control showing data five seconds before it existed, behind for 0
    // minutes, its reloads out of order.
    @Test(
        "a control added with its widget reads the store at that instant, not after the widget's first fetch")
    func controlAddedDuringFirstFetch() throws {
        let json = """
            {
              "name": "control added during the first fetch",
              "start": "2026-11-30T08:00:00+09:00", "duration": "2h", "timeZone": "Asia/Seoul", "seed": 3,
              "kinds": [ { "kind": "tasks", "type": "count", "label": "open",
                           "freshness": { "staleAfter": "30m", "expiresAfter": "2h" } } ],
              "widgets": [
                { "id": "w", "kind": "tasks",
                  "commits": [ { "at": "2026-11-30T08:00:05+09:00", "payload": { "count": 4 } } ],
                  "source": { "latency": "20s", "updates": [ { "at": "2026-11-30T08:00:00+09:00", "payload": { "count": 2 } } ] } }
              ],
              "controls": [ { "id": "c", "kind": "tasks-control", "widget": "w", "interactions": [] } ]
            }
            """
        let result = try Simulation.run(scenarioJSON: Data(json.utf8), strategies: [.library])
        let control = try #require(result.report.result(for: .library)?.controls.first)
        let reloads = control.trace.reloads
        #expect(reloads.map(\.at) == reloads.map(\.at).sorted())
        for reload in reloads {
            #expect(reload.observedAt.map { $0 <= reload.at } ?? true, "\(reload)")
        }
        let added = try #require(reloads.first)
        #expect(added.cause == "added" && added.data == nil)
        // Nothing shown from 08:00:00, when the server's count existed, until the app's reload.
        let appReload = try #require(reloads.first { $0.cause == "app" })
        let behind = appReload.at.timeIntervalSince(result.report.scenario.start)
        #expect(control.metrics.behindMinutes == (behind / 60 * 100).rounded() / 100)
    }
}
