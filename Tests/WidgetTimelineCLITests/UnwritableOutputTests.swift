import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// The real binary with a standard output that takes nothing: a full device, or a descriptor
/// closed before the program started. Work done is never reported as success when its result was
/// not delivered, and output never lands in a file the command opened.
@Suite("Standard output that cannot be written")
struct UnwritableOutputTests {
    /// How standard output is set up before the CLI starts.
    enum Output: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case fullDevice = "fd = os.open('/dev/full', os.O_WRONLY); os.dup2(fd, 1); os.close(fd)"
        case closed = "os.close(1)"
        var testDescription: String { self == .fullDevice ? "/dev/full" : "closed" }
    }

    static func run(_ output: Output, _ arguments: [String], input: Data) throws -> ProcessOutput {
        let cli = try #require(BuiltProducts.executable("widget-timeline"))
        let launcher = "import os, sys\n\(output.rawValue)\nos.execv(sys.argv[1], sys.argv[1:])\n"
        return try ProcessOutput.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", launcher, cli.path] + arguments,
            input: input)
    }

    @Test("store write commits, cannot print the revision: exit 74 and an error", arguments: Output.allCases)
    func storeWrite(output: Output) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unwritable-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Self.run(
            output, ["store", "write", "--dir", directory.path, "--key", "k", "--widget", "task-count"],
            input: Data(#"{"count": 2}"#.utf8))
        #expect(run.status == 74, "\(run.status): \(run.standardError)")
        #expect(run.standardError.hasPrefix("error: cannot write standard output: "), "\(run.standardError)")
        // The record and the log hold exactly what they should: nothing printed went into them.
        let read = FileSnapshotStore.readOnly(directory: directory).read(
            SnapshotKey(purpose: "k"), as: JSONValue.self, supportedSchema: 1)
        #expect(read.snapshot?.payload == .object(["count": .integer(2)]))
        let log = FileDiagnosticLog(directory: directory).read()
        #expect(log.events.map(\.stage).contains(.snapshotCommit))
        #expect(log.skippedLines == 0)
    }

    @Test("the version, nowhere to go: exit 74", arguments: Output.allCases)
    func version(output: Output) throws {
        let run = try Self.run(output, ["--version"], input: Data())
        #expect(run.status == 74, "\(run.status): \(run.standardError)")
    }

    @Test("a standard input closed at start is named as such, not read as an empty payload")
    func closedStandardInput() throws {
        let cli = try #require(BuiltProducts.executable("widget-timeline"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "closed-stdin-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let launcher = "import os, sys\nos.close(0)\nos.execv(sys.argv[1], sys.argv[1:])\n"
        let run = try ProcessOutput.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", launcher, cli.path, "store", "write", "--dir", directory.path, "--key", "k"])
        #expect(run.status == 74, "\(run.status): \(run.standardError)")
        #expect(
            run.standardError == "error: cannot read standard input: \(String(cString: strerror(EBADF)))\n")
    }
}
