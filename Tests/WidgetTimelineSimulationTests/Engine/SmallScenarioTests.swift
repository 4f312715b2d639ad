import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting

@testable import WidgetTimelineSimulation

/// Small scenarios with screens computed by hand, sampled every 10 minutes at :05, :15, …
@Suite("Small scenarios: expected screens, by hand")
struct SmallScenarioTests {
    typealias S = TestScenarios

    @Test(
        "a task count committed at 09:00 (stale after 30 min): what each strategy claims",
        arguments: [
            // 09:05 … 10:55: fresh until 09:25 — 5 minutes before the 30-minute threshold, the
            // planner's lateness margin — then the library says "last known".
            (StrategyName.library, "FFSSSSSSSSSS", 0.0),
            // The naive ones keep claiming fresh: 90 minutes of stale data shown as current.
            (.singleEntry15Minutes, "FFFFFFFFFFFF", 90),
            (.hourlyBaked, "FFFFFFFFFFFF", 90),
        ]
    )
    func taskCountClaims(strategy: StrategyName, expected: String, staleAsFresh: Double) throws {
        let scenario = try S.single(
            ScenarioWidget(
                id: "tasks", kind: "task-count", commits: [.init(at: S.start, payload: S.count(4))]))
        let result = DeviceSimulation(scenario: scenario, strategy: strategy).run().widgets[0]
        #expect(result.marble(from: S.start, every: 10, offset: 5, count: 12) == expected)
        #expect(result.metrics.staleShownAsFreshMinutes == staleAsFresh)
        #expect(result.metrics.wrongValueMinutes == 0)
    }

    @Test("a dose due at 10:00: the library changes phase on time, the baked hourly timeline never does")
    func schedulePhases() throws {
        let widget = ScenarioWidget(
            id: "doses", kind: "schedule",
            commits: [.init(at: S.start, payload: S.schedule(pending: [S.at(60)]))])
        let scenario = try S.single(widget, hours: 3)
        let library = DeviceSimulation(scenario: scenario, strategy: .library).run().widgets[0]
        #expect(library.text(at: S.at(30))?.contains("next at 10:00") == true)
        #expect(library.text(at: S.at(90))?.contains("due since 10:00") == true)
        #expect(library.text(at: S.at(150))?.contains("overdue since 10:00") == true)
        #expect(library.metrics.wrongValueMinutes == 0)
        #expect(library.metrics.staleShownAsFreshMinutes == 0)
        // Planned once, and asked again only by the app: one reload for the first screen, one for
        // the commit, each calling getTimeline twice (the model's default).
        #expect(library.metrics.providerRuns == 4)
        #expect(library.trace.runs.count == 2)

        let hourly = DeviceSimulation(scenario: scenario, strategy: .hourlyBaked).run().widgets[0]
        #expect(hourly.text(at: S.at(150))?.contains("next at 10:00") == true)
        // Wrong from the due time to the end: 10:00–12:00.
        #expect(hourly.metrics.wrongValueMinutes == 120)
    }

    @Test("a commit in the foreground reaches the screen within seconds, free of charge")
    func commitToDisplay() throws {
        let widget = ScenarioWidget(
            id: "tasks", kind: "task-count",
            commits: [.init(at: S.start, payload: S.count(4)), .init(at: S.at(20), payload: S.count(5))])
        let scenario = try S.single(
            widget, system: .default, foreground: [TimeSpan(from: S.at(19), to: S.at(25))])
        let result = DeviceSimulation(scenario: scenario, strategy: .library).run().widgets[0]
        // Debounce (2 s) plus at most 60 s of latency plus the 1-minute entry lateness; in the
        // foreground the floor does not apply.
        #expect(result.text(at: S.at(22.5))?.contains("5 open tasks") == true)
        #expect(result.metrics.commitToDisplay.delivered == 2)
        let run = try #require(result.trace.runs.first { $0.at > S.at(20) })
        #expect(run.cause == .app)
        #expect(!run.isCharged)
    }

    @Test(
        "a source that hangs: a provider without its own timeout is killed at 30 s and retried an hour later")
    func watchdogRetry() throws {
        let widget = ScenarioWidget(
            id: "remote", kind: "task-count",
            source: ScenarioSource(
                latency: 1, updates: [.init(at: S.start, payload: S.count(3))],
                outages: [Outage(from: S.at(10), to: S.at(70), mode: .hangs)]))
        let scenario = try S.single(widget, hours: 3, system: SystemModel(policyLateness: 0))
        let naive = DeviceSimulation(scenario: scenario, strategy: .singleEntry15Minutes).run().widgets[0]
        let killed = try #require(naive.trace.runs.first { $0.outcome == "killed" })
        let retry = try #require(naive.trace.runs.first { $0.at > killed.at })
        #expect(retry.cause == .retry)
        #expect(retry.at == killed.at.addingTimeInterval(30 + 3600))
        #expect(naive.metrics.watchdogKills >= 1)

        // The library's loader gives up after 10 s and shows the last value, marked by its age.
        let library = DeviceSimulation(scenario: scenario, strategy: .library).run().widgets[0]
        #expect(library.metrics.watchdogKills == 0)
        #expect(library.metrics.staleShownAsFreshMinutes == 0)
    }

    @Test("never-on-error: one failed request and the widget never asks again")
    func neverAfterError() throws {
        let widget = ScenarioWidget(
            id: "remote", kind: "task-count",
            source: ScenarioSource(
                latency: 1,
                updates: [.init(at: S.start, payload: S.count(3)), .init(at: S.at(60), payload: S.count(8))],
                outages: [Outage(from: S.at(10), to: S.at(40), mode: .fails)]))
        let scenario = try S.single(widget, hours: 3)
        let result = DeviceSimulation(scenario: scenario, strategy: .neverAfterError).run().widgets[0]
        let lastRun = try #require(result.trace.runs.last)
        #expect(lastRun.at < S.at(40))
        #expect(result.text(at: S.at(170))?.contains("3 open tasks") == true)
        #expect(result.metrics.commitToDisplay.undelivered == 1)
    }

    @Test("the same seed gives byte-identical JSON; another seed gives other lateness")
    func determinism() throws {
        let first = try JSONReport.render(
            Simulation(scenario: try BuiltInScenarios.defaultDay.compiled(kinds: ExampleWidgets.all)).run(),
            scenario: try BuiltInScenarios.defaultDay.compiled(kinds: ExampleWidgets.all))
        let second = try JSONReport.render(
            Simulation(scenario: try BuiltInScenarios.defaultDay.compiled(kinds: ExampleWidgets.all)).run(),
            scenario: try BuiltInScenarios.defaultDay.compiled(kinds: ExampleWidgets.all))
        #expect(first == second)
        let other = try BuiltInScenarios.defaultDay.compiled(seed: 99, kinds: ExampleWidgets.all)
        #expect(try JSONReport.render(Simulation(scenario: other).run(), scenario: other) != first)
        #expect(
            HTMLReport.render(Simulation(scenario: other).run())
                == HTMLReport.render(Simulation(scenario: other).run()))
    }
}
