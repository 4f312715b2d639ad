import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// The host and the extension as two real processes sharing one directory; `diagnose` (the real
/// binary) reads what they logged and names the stage broken on purpose.
@Suite("Two processes, one shared directory, and diagnose", .serialized)
struct PipelineProcessTests {
    private func probe(_ arguments: [String]) throws -> ProcessOutput {
        let url = try #require(
            BuiltProducts.executable("WidgetPipelineProbe"), "WidgetPipelineProbe is not built")
        let output = try ProcessOutput.run(url, arguments)
        #expect(output.status == 0, "\(output.standardError)")
        return output
    }

    private func diagnose(_ directory: URL) throws -> (status: Int32, report: JSONValue) {
        let url = try #require(BuiltProducts.executable("widget-timeline"))
        let output = try ProcessOutput.run(url, ["diagnose", "--dir", directory.path, "--format", "json"])
        let report = try JSONDecoder().decode(JSONValue.self, from: Data(output.standardOutput.utf8))
        return (output.status, report)
    }

    private func firstFailure(_ report: JSONValue, key: String = "task-count") -> Int? {
        guard case .array(let keys)? = report["keys"],
            let entry = keys.first(where: { $0["key"]?.stringValue == key }),
            case .number(let stage)? = entry["firstFailure"], let value = stage.int64Value
        else { return nil }
        return Int(value)
    }

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pipeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a healthy pipe: both sides log the same revision, and diagnose finds no failing stage")
    func healthy() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let host = try probe(["host", directory.path, "5"])
        #expect(host.standardOutput.hasSuffix("ACK 5\n"))
        let widget = try probe(["extension", directory.path])
        #expect(widget.standardOutput == "READ 5\n")

        let events = FileDiagnosticLog(directory: directory).read()
        #expect(events.skippedLines == 0)
        let committed = events.events.last { $0.side == .host && $0.stage == .snapshotCommit }?.revision
        let read = events.events.last { $0.side == .widgetExtension && $0.stage == .snapshotRead }?.revision
        #expect(committed == 5)
        #expect(read == committed)

        let (status, report) = try diagnose(directory)
        #expect(status == 0)
        #expect(firstFailure(report) == nil)
    }

    @Test("the command line as the host: store write --widget commits through WidgetSync and logs it")
    func commandLineHost() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cli = try #require(BuiltProducts.executable("widget-timeline"))
        let write = [
            "store", "write", "--dir", directory.path, "--key", "task-count", "--widget", "task-count",
            "--payload", "-",
        ]
        let first = try ProcessOutput.run(cli, write, input: Data(#"{"count": 4}"#.utf8))
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput == "1\n")
        let again = try ProcessOutput.run(cli, write, input: Data(#"{"count": 4}"#.utf8))
        #expect(again.standardOutput == "1\n")
        #expect(again.standardError.contains("unchanged"))
        let changed = try ProcessOutput.run(cli, write, input: Data(#"{"count": 0}"#.utf8))
        #expect(changed.standardOutput == "2\n")
        #expect(try probe(["extension", directory.path]).standardOutput == "READ 2\n")
        let stages = FileDiagnosticLog(directory: directory).read().events.map(\.stage)
        #expect(stages.filter { $0 == .dedupeSkip }.count == 1)
        #expect(stages.filter { $0 == .reloadRequest }.count == 2)
        let (status, report) = try diagnose(directory)
        #expect(status == 0)
        #expect(firstFailure(report) == nil)
    }

    @Test("the extension reads another directory: diagnose names the stage on each side")
    func wrongDirectory() throws {
        let hostDirectory = try temporaryDirectory()
        let extensionDirectory = try temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: hostDirectory)
            try? FileManager.default.removeItem(at: extensionDirectory)
        }
        _ = try probe(["host", hostDirectory.path, "3"])
        #expect(try probe(["extension", extensionDirectory.path]).standardOutput == "READ 0\n")
        let hostSide = try diagnose(hostDirectory)
        #expect(hostSide.status == 1)
        #expect(firstFailure(hostSide.report) == 3)
        let extensionSide = try diagnose(extensionDirectory)
        #expect(extensionSide.status == 1)
        #expect(firstFailure(extensionSide.report) == 1)
    }

    @Test("the host saves but never asks for a reload: stage 2")
    func reloadNeverRequested() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try probe(["host", directory.path, "2", "--no-reload"])
        _ = try probe(["extension", directory.path])
        let (status, report) = try diagnose(directory)
        #expect(status == 1)
        #expect(firstFailure(report) == 2)
    }

    @Test("the widget is configured under another kind string: stage 2, the reload named the wrong kind")
    func kindMismatch() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try probe(["host", directory.path, "2"])
        _ = try probe(["extension", directory.path, "--kind-name", "tasks"])
        let (status, report) = try diagnose(directory)
        #expect(status == 1)
        #expect(firstFailure(report) == 2)
        guard case .array(let keys)? = report["keys"], let summary = keys.first?["summary"]?.stringValue
        else {
            Issue.record("no summary in \(report)")
            return
        }
        #expect(summary.contains("kind strings must match"))
    }

    @Test("host and extension running at the same time: every read is a committed revision, no torn log line")
    func concurrent() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try #require(BuiltProducts.executable("WidgetPipelineProbe"))
        let host = Process()
        host.executableURL = url
        host.arguments = ["host", directory.path, "60"]
        host.standardOutput = FileHandle.nullDevice
        try host.run()
        var reads: [Int] = []
        for _ in 0..<6 {
            let output = try probe(["extension", directory.path])
            reads.append(
                Int(
                    output.standardOutput.split(separator: " ").last?.trimmingCharacters(
                        in: .whitespacesAndNewlines) ?? "") ?? -1)
        }
        host.waitUntilExit()
        #expect(host.terminationStatus == 0)
        #expect(reads.allSatisfy { (0...60).contains($0) })
        #expect(reads == reads.sorted())
        let contents = FileDiagnosticLog(directory: directory).read()
        #expect(contents.skippedLines == 0)
        #expect(contents.events.filter { $0.stage == .snapshotCommit }.count == 60)
    }
}
