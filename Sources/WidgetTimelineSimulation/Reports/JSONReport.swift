import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// The comparison as JSON: the scenario's identity, the system model as run, and each strategy's
/// metrics per widget and in total. Keys sorted, instants in the scenario's time zone: the same
/// seed gives the same bytes.
public enum JSONReport {
    private struct Document: Encodable {
        struct ScenarioInfo: Encodable {
            var name: String
            var start: Date
            var end: Date
            var timeZone: String
            var seed: UInt64
            var widgets: [String]
        }

        struct Entry: Encodable {
            var strategy: StrategyName
            var summary: String
            var widgets: [WidgetResult]
            var totals: WidgetMetrics
            /// Only for a strategy whose server pushes.
            var push: PushMetrics?
            /// Only when the scenario has controls.
            var controls: [ControlResult]?
        }

        var scenario: ScenarioInfo
        var system: SystemModel
        var strategies: [Entry]
        var fleet: [FleetResult]?
    }

    public static func render(
        _ report: SimulationReport?, fleet: [FleetResult] = [], scenario: CompiledScenario
    )
        throws -> String
    {
        let document = Document(
            scenario: Document.ScenarioInfo(
                name: scenario.scenario.name, start: scenario.start, end: scenario.end,
                timeZone: scenario.scenario.timeZone, seed: scenario.seed, widgets: scenario.widgetIDs),
            system: scenario.model,
            strategies: (report?.results ?? []).map {
                Document.Entry(
                    strategy: $0.strategy, summary: $0.strategy.summary, widgets: $0.widgets,
                    totals: $0.totals, push: $0.strategy.serverPushes == .none ? nil : $0.push,
                    controls: $0.controls.isEmpty ? nil : $0.controls)
            },
            fleet: fleet.isEmpty ? nil : fleet
        )
        let zone = scenario.zone(at: scenario.start)
        let data = try JSONCoding.encoder(timeZone: zone, pretty: true).encode(document)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
