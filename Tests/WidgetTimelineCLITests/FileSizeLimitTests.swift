import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// The real binary under a file-size limit (`ulimit -f`), which the kernel enforces with SIGXFSZ:
/// a write past it is an error the command reports, never a silent death mid-commit.
@Suite("store write under a file-size limit")
struct FileSizeLimitTests {
    /// Runs the CLI with `arguments`, files limited to `blocks` of 1 KiB and SIGXFSZ at its default
    /// (death) and unblocked, whatever this test process does with it (a test thread may block it,
    /// and a child inherits that): Python sets all three, then becomes the CLI.
    static func runLimited(_ blocks: Int, _ arguments: [String], input: Data) throws -> ProcessOutput {
        let cli = try #require(BuiltProducts.executable("widget-timeline"))
        let launcher = """
            import os, resource, signal, sys
            signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGXFSZ])
            resource.setrlimit(resource.RLIMIT_FSIZE, (\(blocks * 1024), \(blocks * 1024)))
            os.execv(sys.argv[1], sys.argv[1:])
            """
        return try ProcessOutput.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", launcher, cli.path] + arguments,
            input: input)
    }

    /// A fresh directory for `body`, removed afterwards.
    static func withTemporaryDirectory(_ body: (URL) throws -> Void) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "size-limit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        try body(url)
    }

    @Test("a record past the limit: exit 74 with an error naming EFBIG, and nothing left behind")
    func recordPastTheLimit() throws {
        try Self.withTemporaryDirectory { directory throws in
            let payload =
                Data(#"{"pad":""#.utf8) + Data(repeating: UInt8(ascii: "x"), count: 60_000)
                + Data(#""}"#.utf8)
            let run = try Self.runLimited(
                10, ["store", "write", "--dir", directory.path, "--key", "raw", "--payload", "-"],
                input: payload)
            #expect(run.status == 74, "\(run.status): \(run.standardError)")
            #expect(run.standardError.hasPrefix("error: cannot commit 'raw'"))
            #expect(run.standardError.contains("EFBIG"))
            let left = try FileManager.default.contentsOfDirectory(
                atPath: directory.appendingPathComponent("snapshots/raw").path)
            #expect(left.isEmpty, "\(left)")
        }
    }

    @Test("a log past the limit: the commit is still reported with its revision, exit 0")
    func logPastTheLimit() throws {
        try Self.withTemporaryDirectory { directory throws in
            let log = directory.appendingPathComponent("diagnostics/events.jsonl")
            try FileManager.default.createDirectory(
                at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
            let line = try JSONCoding.encoder().encode(
                DiagnosticEvent(
                    at: Date(timeIntervalSince1970: 1_796_000_000), side: .host, stage: .reloadRequest,
                    key: SnapshotKey(purpose: "other"), kind: "other"))
            try Data().write(to: log)
            let handle = try FileHandle(forWritingTo: log)
            for _ in 0..<200 { try handle.write(contentsOf: line + Data("\n".utf8)) }
            try handle.close()
            let run = try Self.runLimited(
                20,
                ["store", "write", "--dir", directory.path, "--key", "task-count", "--widget", "task-count"],
                input: Data(#"{"count": 3}"#.utf8))
            #expect(run.status == 0, "\(run.status): \(run.standardError)")
            #expect(run.standardOutput == "1\n")
            #expect(
                FileSnapshotStore.readOnly(directory: directory).readStored(
                    SnapshotKey(purpose: "task-count")
                )
                .snapshot?.revision == 1)
        }
    }
}
