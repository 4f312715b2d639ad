import Foundation
import WidgetTimeline
import WidgetTimelineExamples

@testable import WidgetTimelineSimulation

/// The scenarios the package ships in `Examples/scenarios/`, for tests that hold over all of them.
enum ShippedScenarios {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/scenarios")

    /// The file names, sorted.
    static var names: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
            .filter { $0.hasSuffix(".json") }.sorted() ?? []
    }

    /// The scenario in `name`, as written.
    static func scenario(_ name: String) throws -> Scenario {
        try Scenario.decode(Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// The scenario in `name`, compiled with the example widgets.
    static func compiled(_ name: String, system: SystemModel? = nil) throws -> CompiledScenario {
        var scenario = try scenario(name)
        if let system { scenario.system = system }
        return try scenario.compiled(kinds: ExampleWidgets.all)
    }

    /// The naive strategies the library is compared with: one entry with `.after`, baked hourly
    /// entries, `.never` after an error, the top of the hour.
    static let naive: [StrategyName] = [.singleEntry15Minutes, .hourlyBaked, .neverAfterError, .topOfTheHour]
}
