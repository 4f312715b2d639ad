import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineSimulation
import WidgetTimelineTesting

/// An app simulates its own widget kinds in its own test suite, not only the examples.
@Suite("Simulating an app's own widget kind")
struct AppWidgetScenarioTests {
    static let scenario = #"""
        {
          "name": "an app's widget for two days",
          "start": "2026-11-30T07:00:00+09:00",
          "duration": "48h",
          "timeZone": "Asia/Seoul",
          "seed": 7,
          "widgets": [
            {
              "id": "mine",
              "kind": "my-app.counter",
              "commits": [
                { "at": "2026-11-30T07:00:00+09:00", "payload": { "initialLabel": "3 open", "phases": [] } },
                { "at": "2026-11-30T12:10:00+09:00", "payload": { "initialLabel": "2 open", "phases": [] } },
                { "at": "2026-12-01T09:30:00+09:00", "payload": { "initialLabel": "5 open", "phases": [] } }
              ]
            }
          ]
        }
        """#

    @Test("the app's kind runs through the real pipeline and never shows stale data as fresh")
    func ownKind() throws {
        let widget = ScriptedWidget(
            kind: "my-app.counter", freshness: FreshnessPolicy(staleAfter: 3600, expiresAfter: 12 * 3600))
        let scenario = try Scenario.decode(Data(Self.scenario.utf8)).compiled(kinds: [widget])
        let report = Simulation(scenario: scenario, strategies: [.library, .singleEntry15Minutes]).run()
        let library = try #require(report.result(for: .library)?.widgets.first)
        let naive = try #require(report.result(for: .singleEntry15Minutes)?.widgets.first)
        #expect(library.metrics.staleShownAsFreshMinutes == 0)
        #expect(naive.metrics.staleShownAsFreshMinutes > 0)
        #expect(library.metrics.providerRuns < naive.metrics.providerRuns)
    }

    @Test("a kind the app did not pass is named with the kinds it did")
    func unknownKind() throws {
        #expect {
            try Scenario.decode(Data(Self.scenario.utf8)).compiled(kinds: [ScriptedWidget(kind: "other")])
        } throws: { error in
            String(describing: error).contains("$.widgets[0].kind")
                && String(describing: error).contains("known: other")
        }
    }
}
