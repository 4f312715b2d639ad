import Foundation
import Testing
import WidgetTimelineTesting

@testable import WidgetTimelineSimulation

/// `Scripts/check-trace.py`, a Python recomputation written from `docs/simulator.md` alone by
/// someone who had not read the simulator, run on the trace and the JSON report of shipped
/// scenarios under every strategy: if the documentation stops defining a number the simulator
/// reports, or the simulator stops following it, the script names the metric.
@Suite("An outside recomputation from the documentation agrees with the simulator")
struct OutsideCheckTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/check-trace.py")

    /// Runs the script on one run's documents; its status and what it printed.
    static func check(trace: String, report: String) throws -> ProcessOutput {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("check-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let traceURL = directory.appendingPathComponent("trace.json")
        let reportURL = directory.appendingPathComponent("report.json")
        try trace.write(to: traceURL, atomically: true, encoding: .utf8)
        try report.write(to: reportURL, atomically: true, encoding: .utf8)
        return try ProcessOutput.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, traceURL.path, reportURL.path])
    }

    // A delay of exactly 65.05 s, pushes, controls and taps, and a zone change with events.
    @Test(
        "the script finds no disagreement, every strategy",
        arguments: [
            "commit-during-fetch.json", "push-few-changes.json", "taps-and-controls.json",
            "travel-tokyo-los-angeles.json",
        ])
    func agrees(name: String) throws {
        let (trace, report) = try TraceTests.documents(try ShippedScenarios.compiled(name))
        let output = try Self.check(trace: trace, report: report)
        #expect(output.status == 0, "\(name):\n\(output.standardOutput)\(output.standardError)")
    }

    @Test("the script notices a reported number that the trace does not give")
    func noticesADifference() throws {
        let scenario = try ShippedScenarios.compiled("taps-and-controls.json")
        let (trace, report) = try TraceTests.documents(scenario)
        let altered = report.replacingOccurrences(of: "\"taps\" : 2", with: "\"taps\" : 3")
        try #require(altered != report)
        let output = try Self.check(trace: trace, report: altered)
        #expect(output.status == 1)
        #expect(output.standardOutput.contains("taps: recomputed 2, report 3"))
    }

    @Test("unreadable input is an error, not a verdict")
    func unreadable() throws {
        let output = try Self.check(trace: "{", report: "{}")
        #expect(output.status == 2)
        #expect(output.standardError.hasPrefix("error: "))
    }
}
