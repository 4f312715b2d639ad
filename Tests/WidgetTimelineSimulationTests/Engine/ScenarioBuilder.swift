import Foundation
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting

@testable import WidgetTimelineSimulation

/// Small scenarios for tests, written in code.
enum TestScenarios {
    static let start = Date.at("2026-11-30T09:00:00+09:00")

    static func at(_ minutes: Double) -> Date { start.addingTimeInterval(minutes * 60) }

    static func count(_ value: Int) -> JSONValue { .object(["count": .integer(Int64(value))]) }

    static func schedule(pending: [Date], done: Int = 0) -> JSONValue {
        .object([
            "pending": .array(pending.map { .string(Instant.format($0)) }),
            "completedToday": .integer(Int64(done)),
        ])
    }

    /// One widget for `hours`, on `system`, with the app in the foreground for `foreground`.
    static func single(
        _ widget: ScenarioWidget,
        hours: Double = 2,
        system: SystemModel = .debuggerAttached,
        foreground: [TimeSpan] = [],
        seed: UInt64 = 7
    ) throws -> CompiledScenario {
        try Scenario(
            name: "test", start: start, duration: hours * 3600, timeZone: "Asia/Seoul", seed: seed,
            system: system,
            app: AppBehaviour(foreground: foreground), widgets: [widget]
        ).compiled(kinds: ExampleWidgets.all)
    }
}

extension WidgetResult {
    /// The screen's claim sampled every `step` minutes from `offset` minutes after `start`:
    /// `N` no data, `U` unavailable, `F` fresh, `S` stale, `E` expired.
    func marble(from start: Date, every step: Double, offset: Double, count: Int) -> String {
        (0..<count).map { index -> String in
            let instant = start.addingTimeInterval((offset + Double(index) * step) * 60)
            guard let screen = trace.screens.first(where: { $0.start <= instant && instant < $0.end }) else {
                return "?"
            }
            switch screen.display {
            case "noData": return "N"
            case "unavailable": return "U"
            case "fresh": return "F"
            case "stale": return "S"
            default: return "E"
            }
        }.joined()
    }

    /// The screen's text at `instant`.
    func text(at instant: Date) -> String? {
        trace.screens.first { $0.start <= instant && instant < $0.end }?.text
    }
}
