import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// Everything that happened in a simulation, as a versioned JSON document (`simulate --trace`):
/// per strategy and widget, the data and the truth, every screen, every reload with its cause,
/// charge and outcome, the app's reload requests, refusals, taps, requests to the source, and each
/// installed timeline with its entries and policy; per strategy, each push the server sent and what
/// became of it, and each control's reloads. Instants are UTC RFC 3339 text to the
/// millisecond. With it, any tool can recompute every metric without the simulator; the schema is
/// in docs/simulator.md, "The trace".
///
/// The report must come from runs that recorded a trace (``Simulation/run(recordingTrace:)``).
public enum TraceReport {
    /// The value of the document's `format` member.
    public static let format = "widget-timeline-trace"
    /// The schema version: raised whenever a member changes meaning or is removed.
    public static let version = 3

    public static func render(_ report: SimulationReport) throws -> String {
        let scenario = report.scenario
        let document = Document(
            format: format, version: version,
            scenario: ScenarioInfo(
                name: scenario.scenario.name, start: scenario.start, end: scenario.end, seed: scenario.seed,
                timeZones: zip(scenario.timeZones, scenario.timeZoneNames).map { change, name in
                    ZoneInfo(from: change.at, timeZone: name)
                }),
            system: scenario.model,
            strategies: report.results.map { result in
                StrategyEntry(
                    strategy: result.strategy, widgets: result.widgets.map(WidgetEntry.init),
                    pushes: result.pushRecords.map {
                        PushEntry(sent: $0.sent, arrived: $0.arrived, outcome: $0.outcome)
                    },
                    push: result.push,
                    controls: zip(scenario.controls, result.controls).map { control, run in
                        ControlEntry(
                            control: run.control, kind: run.kind, widget: scenario.widgetIDs[control.widget],
                            reloads: run.trace.reloads.map {
                                ControlReloadEntry(
                                    at: $0.at, cause: $0.cause, revision: $0.revision,
                                    observedAt: $0.observedAt, data: $0.data)
                            },
                            reloadRequests: run.trace.reloadRequests, interactions: run.trace.interactions,
                            metrics: run.metrics)
                    })
            })
        let data = try JSONCoding.encoder(pretty: true).encode(document)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private struct Document: Encodable {
        var format: String
        var version: Int
        var scenario: ScenarioInfo
        var system: SystemModel
        var strategies: [StrategyEntry]
    }

    private struct ScenarioInfo: Encodable {
        var name: String
        var start: Date
        var end: Date
        var seed: UInt64
        var timeZones: [ZoneInfo]
    }

    private struct ZoneInfo: Encodable {
        var from: Date
        var timeZone: String
    }

    private struct StrategyEntry: Encodable {
        var strategy: StrategyName
        var widgets: [WidgetEntry]
        var pushes: [PushEntry]
        /// The simulator's own push numbers, for comparison.
        var push: PushMetrics
        var controls: [ControlEntry]
    }

    private struct PushEntry: Encodable {
        var sent: Date
        var arrived: Date?
        var outcome: String

        private enum CodingKeys: String, CodingKey { case sent, arrived, outcome }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(sent, forKey: .sent)
            try container.encode(arrived, forKey: .arrived)
            try container.encode(outcome, forKey: .outcome)
        }
    }

    private struct ControlEntry: Encodable {
        var control: String
        var kind: String
        var widget: String
        var reloads: [ControlReloadEntry]
        var reloadRequests: [Date]
        var interactions: [Date]
        var metrics: ControlMetrics
    }

    private struct ControlReloadEntry: Encodable {
        var at: Date
        var cause: String
        var revision: Int?
        var observedAt: Date?
        /// The index of the widget's data change the value read carries.
        var data: Int?

        private enum CodingKeys: String, CodingKey { case at, cause, revision, observedAt, data }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(at, forKey: .at)
            try container.encode(cause, forKey: .cause)
            try container.encode(revision, forKey: .revision)
            try container.encode(observedAt, forKey: .observedAt)
            try container.encode(data, forKey: .data)
        }
    }

    private struct WidgetEntry: Encodable {
        var widget: String
        var kind: String
        var key: String
        var data: [DataEntry]
        var truth: [TruthEntry]
        var screens: [ScreenEntry]
        var runs: [RunEntry]
        var reloadRequests: [Date]
        var refusals: [Date]
        var taps: [Date]
        var fetches: [FetchEntry]
        var timelines: [TimelineEntry]
        var hidden: [WidgetTrace.Span]
        var metrics: WidgetMetrics

        init(_ result: WidgetResult) {
            let trace = result.trace
            widget = result.widget
            kind = result.kind
            key = result.key.rawValue
            data = trace.data.map {
                DataEntry(at: $0.at, origin: $0.origin, staleAfterSeconds: $0.staleAfter)
            }
            truth = trace.truth.map {
                TruthEntry(
                    start: $0.start, end: $0.end, data: $0.data, boundary: $0.boundary, content: $0.content,
                    text: $0.text)
            }
            screens = trace.screens.map {
                ScreenEntry(
                    start: $0.start, end: $0.end, display: $0.display, revision: $0.revision,
                    observedAt: $0.observedAt, data: $0.data, content: $0.content, text: $0.text)
            }
            runs = trace.runs.map {
                RunEntry(
                    start: $0.at, end: $0.end, cause: $0.cause.rawValue, charged: $0.isCharged,
                    calls: $0.calls,
                    outcome: $0.outcome, budgetLeft: $0.budgetLeft)
            }
            reloadRequests = trace.reloadRequests
            refusals = trace.refusals
            taps = trace.taps
            fetches = trace.fetches.map {
                FetchEntry(
                    start: $0.start, end: $0.end, outcome: $0.outcome, reason: $0.reason,
                    observedAt: $0.observedAt, by: $0.by)
            }
            timelines = trace.timelines.map { timeline in
                TimelineEntry(
                    installedAt: timeline.installedAt, run: timeline.run, policy: timeline.policy,
                    entries: timeline.entries.map {
                        ScreenEntry(
                            start: $0.date, end: nil, display: $0.display, revision: $0.revision,
                            observedAt: $0.observedAt, data: $0.data, content: $0.content, text: $0.text)
                    })
            }
            hidden = trace.hidden
            metrics = result.metrics
        }
    }

    private struct DataEntry: Encodable {
        var at: Date
        var origin: String
        var staleAfterSeconds: TimeInterval
    }

    private struct TruthEntry: Encodable {
        var start: Date
        var end: Date
        var data: Int
        var boundary: String
        var content: JSONValue?
        var text: String
    }

    /// A screen, or (without `end`, and `start` being the entry's date) a timeline entry.
    private struct ScreenEntry: Encodable {
        var start: Date
        var end: Date?
        var display: String
        var revision: Int?
        var observedAt: Date?
        /// The index of the data change the value carries.
        var data: Int?
        var content: JSONValue?
        var text: String

        private enum CodingKeys: String, CodingKey {
            case start, date, end, display, revision, observedAt, data, content, text
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if let end {
                try container.encode(start, forKey: .start)
                try container.encode(end, forKey: .end)
            } else {
                try container.encode(start, forKey: .date)
            }
            try container.encode(data, forKey: .data)
            try container.encode(display, forKey: .display)
            // Written as `null` rather than omitted, so every screen has the same members.
            try container.encode(revision, forKey: .revision)
            try container.encode(observedAt, forKey: .observedAt)
            try container.encode(content, forKey: .content)
            try container.encode(text, forKey: .text)
        }
    }

    private struct RunEntry: Encodable {
        var start: Date
        var end: Date
        var cause: String
        var charged: Bool
        var calls: Int
        var outcome: String
        var budgetLeft: Int?

        private enum CodingKeys: String, CodingKey {
            case start, end, cause, charged, calls, outcome, budgetLeft
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(start, forKey: .start)
            try container.encode(end, forKey: .end)
            try container.encode(cause, forKey: .cause)
            try container.encode(charged, forKey: .charged)
            try container.encode(calls, forKey: .calls)
            try container.encode(outcome, forKey: .outcome)
            try container.encode(budgetLeft, forKey: .budgetLeft)
        }
    }

    private struct FetchEntry: Encodable {
        var start: Date
        var end: Date
        var outcome: String
        var reason: String?
        var observedAt: Date?
        var by: String

        private enum CodingKeys: String, CodingKey { case start, end, outcome, reason, observedAt, by }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(start, forKey: .start)
            try container.encode(end, forKey: .end)
            try container.encode(outcome, forKey: .outcome)
            try container.encode(reason, forKey: .reason)
            try container.encode(observedAt, forKey: .observedAt)
            try container.encode(by, forKey: .by)
        }
    }

    private struct TimelineEntry: Encodable {
        var installedAt: Date
        var run: Int
        var policy: ReloadPolicy
        var entries: [ScreenEntry]
    }
}
