import Foundation
import Testing
import WidgetTimelineCLI
import WidgetTimelineTesting

/// Runs `widget-timeline` in-process with fixed inputs, and compares output with golden files.
enum CLIHarness {
    /// The package's root directory: commands resolve relative paths against it.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Snapshots")

    /// The clock every in-process run sees.
    static let now = Date.at("2026-11-29T09:00:00+09:00")

    struct Result {
        var exitCode: ExitCode
        var standardOutput: String
        var standardError: String
    }

    static func run(
        _ arguments: [String], stdin: Data = Data(), directory: URL = packageRoot, now: Date = now
    ) -> Result {
        let output = CapturedText()
        let error = CapturedText()
        let context = CommandContext(
            standardOutput: output,
            standardError: error,
            readStandardInput: { limit in stdin.prefix(limit + 1) },
            currentDirectory: directory,
            now: { [now] in now }
        )
        let code = CommandLineTool.run(arguments, in: context)
        return Result(exitCode: code, standardOutput: output.text, standardError: error.text)
    }

    /// Expects `text` to equal the golden file `name`; with `WIDGET_TIMELINE_RECORD=1` in the
    /// environment, writes it instead.
    static func expectGolden(
        _ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let url = goldens.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["WIDGET_TIMELINE_RECORD"] == "1" {
            try? FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
            try? Data(text.utf8).write(to: url)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record(
                "missing golden file \(name); record it with WIDGET_TIMELINE_RECORD=1",
                sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        #expect(text == expected, "output differs from Snapshots/\(name)", sourceLocation: sourceLocation)
    }
}
