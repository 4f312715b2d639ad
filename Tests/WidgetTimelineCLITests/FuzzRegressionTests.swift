import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineCLI
import WidgetTimelineTesting

/// Every input the fuzzers ever failed on (`Fuzz/regressions/<target>/`), through the command or
/// decoder its target drives, under `swift test` alone: each gets an answer — output, or one clean
/// `error:` line with a documented exit code — and none traps. `Scripts/fuzz.sh` replays the same
/// files through the fuzz targets with their full invariants and AddressSanitizer.
@Suite("Inputs the fuzzers failed on, replayed through the CLI")
struct FuzzRegressionTests {
    static let regressions = CLIHarness.packageRoot.appendingPathComponent("Fuzz/regressions")

    struct Regression: CustomTestStringConvertible, Sendable {
        var target: String
        var name: String
        var url: URL
        var testDescription: String { "\(target)/\(name)" }
    }

    static let inputs: [Regression] = {
        let manager = FileManager.default
        let targets = (try? manager.contentsOfDirectory(atPath: regressions.path)) ?? []
        return targets.sorted().flatMap { target in
            ((try? manager.contentsOfDirectory(atPath: regressions.appendingPathComponent(target).path)) ?? [])
                .sorted().map { name in
                    Regression(
                        target: target, name: name,
                        url: regressions.appendingPathComponent(target).appendingPathComponent(name))
                }
        }
    }()

    @Test("there are regression inputs to replay")
    func present() {
        #expect(Self.inputs.count >= 10, "\(Self.regressions.path)")
    }

    @Test("each gets an answer, never a trap", arguments: inputs)
    func replay(_ regression: Regression) throws {
        let input = try Data(contentsOf: regression.url)
        switch regression.target {
        case "widget-snapshots":
            for kind in ["schedule", "task-count", "parking", "park-conditions"] {
                expectAnswer(
                    [
                        "build", "--widget", kind, "--snapshot", "-", "--now", "2026-11-29T09:00:00Z",
                        "--time-zone",
                        "America/Havana",
                    ], stdin: input, allowed: [.success, .badData])
            }
        case "timeline-lint":
            expectAnswer(["lint", "-"], stdin: input, allowed: [.success, .problemFound, .badData])
        case "scenario":
            expectAnswer(
                ["simulate", "-", "--strategy", "library"], stdin: input, allowed: [.success, .badData])
        case "json-parser":
            expectAnswer(
                ["store", "write", "--dir", "/nonexistent", "--key", "k"], stdin: input, allowed: [.noInput])
            _ = try? JSONCoding.decode(JSONValue.self, from: input)
        case "cli-arguments":
            let arguments = input.split(separator: 0, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            // Only commands that touch no files run; the rest are parsed.
            if ["build", "lint", "boundaries", "help"].contains(arguments.first ?? ""),
                !arguments.contains(where: { $0.hasSuffix(".json") })
            {
                expectAnswer(
                    arguments, stdin: Data(),
                    allowed: [.success, .problemFound, .usage, .badData, .noInput])
            } else {
                _ = try? Invocation.parse(arguments)
            }
        case "snapshot-key":
            let parts = input.split(separator: 0, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            let key = SnapshotKey(purpose: parts[0], scope: Array(parts.dropFirst()))
            #expect((try? SnapshotKey(validating: key.rawValue)) == key, "\(key)")
        case "snapshot-record":
            try replayRecord(input)
        default:
            Issue.record("no replay for target \(regression.target)")
        }
    }

    /// The record (after the target's mode byte) as revision 2 over a valid revision 1: `store read`
    /// shows revision 2 only if it is valid, and otherwise falls back with a warning.
    func replayRecord(_ input: Data) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("widget-timeline-regression-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = CLIHarness.run(
            ["store", "write", "--dir", directory.path, "--key", "fuzz"], stdin: Data(#"{"count":1}"#.utf8))
        #expect(first.exitCode == .success)
        let body = Array(input.dropFirst())
        let record =
            input.first.map { $0 & 1 == 1 } == true
            ? (try? SnapshotRecord.record(envelope: body)) ?? body : body
        try Data(record).write(to: directory.appendingPathComponent("snapshots/fuzz/0000000002.snapshot"))
        let read = CLIHarness.run(["store", "read", "--dir", directory.path, "--key", "fuzz"])
        #expect(read.exitCode == .success, "\(read.standardError)")
        #expect(read.standardOutput.contains("revision     2\n") || read.standardError.hasPrefix("warning: "))
    }

    func expectAnswer(
        _ arguments: [String], stdin: Data, allowed: Set<ExitCode>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let result = CLIHarness.run(arguments, stdin: stdin)
        #expect(allowed.contains(result.exitCode), "\(result.standardError)", sourceLocation: sourceLocation)
        if result.exitCode != .success && result.exitCode != .problemFound {
            #expect(result.standardError.hasPrefix("error: "), sourceLocation: sourceLocation)
            #expect(result.standardOutput.isEmpty, sourceLocation: sourceLocation)
        }
        #expect(
            !(result.standardOutput + result.standardError).unicodeScalars.contains {
                $0 != "\n" && $0 != "\t" && $0 != "\r" && $0.properties.generalCategory == .control
            }, "a raw control character", sourceLocation: sourceLocation)
    }
}
