import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineCLI
import WidgetTimelineExamples
import WidgetTimelineTesting

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The store and diagnose commands on a hostile file system, through the CLI: symbolic links and
/// FIFOs planted where the store keeps its own files, a full disk, a clock set back, instants from
/// the future. In each, the previous revision is intact and nothing outside the shared directory is
/// touched.
@Suite("The store commands on a hostile file system", .serialized)
struct StoreHostileFileSystemTests {
    static let payload = Data(#"{"count": 12}"#.utf8)

    /// A parent directory holding `shared` (task-count at revision 1, written as the host does) and
    /// `outside`, removed afterwards.
    func withSharedDirectory(_ body: (_ shared: URL, _ outside: URL) throws -> Void) throws {
        let parent = FileManager.default.temporaryDirectory
            .appendingPathComponent("widget-timeline-hostile-\(UUID().uuidString)", isDirectory: true)
        let shared = parent.appendingPathComponent("shared")
        let outside = parent.appendingPathComponent("outside")
        for url in [shared, outside] {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(at: parent) }
        let first = write(count: 12, in: shared)
        #expect(first.exitCode == .success && first.standardOutput == "1\n", "\(first.standardError)")
        try body(shared, outside)
    }

    func write(
        count: Int, in shared: URL, key: String = "task-count", widget: Bool = true,
        now: Date = CLIHarness.now
    )
        -> CLIHarness.Result
    {
        CLIHarness.run(
            ["store", "write", "--dir", shared.path, "--key", key]
                + (widget ? ["--widget", "task-count"] : []),
            stdin: Data(#"{"count": \#(count)}"#.utf8), now: now)
    }

    /// The newest revision of task-count and its count, as `store read --format json` shows it.
    func newest(in shared: URL) -> (revision: Int, count: Int)? {
        let read = CLIHarness.run([
            "store", "read", "--dir", shared.path, "--key", "task-count", "--format", "json",
        ])
        guard read.exitCode == .success,
            let envelope = try? JSONParser.parse(Array(read.standardOutput.utf8)),
            case .number(let revision)? = envelope["revision"],
            case .number(let count)? = envelope["payload"]?["count"]
        else { return nil }
        return (Int(revision.int64Value ?? -1), Int(count.int64Value ?? -1))
    }

    // MARK: - Symbolic links

    @Test(
        "a key's directory that is a symbolic link: write, read and list refuse it, naming it; nothing outside changes"
    )
    func linkedKeyDirectory() throws {
        try withSharedDirectory { shared, outside in
            let outsideKey = outside.appendingPathComponent("parking.yeouido.compact")
            try FileManager.default.createDirectory(at: outsideKey, withIntermediateDirectories: true)
            let record = try SnapshotRecord.encode(
                SnapshotDraft(
                    kind: "parking", key: SnapshotKey(validating: "parking.yeouido.compact"),
                    generatedAt: CLIHarness.now, payload: JSONValue.object(["planted": .bool(true)])
                ).snapshot(revision: 5))
            try Data(record).write(to: outsideKey.appendingPathComponent("0000000005.snapshot"))
            try Data("x".utf8).write(to: outsideKey.appendingPathComponent("0000000001.snapshot"))
            let link = shared.appendingPathComponent("snapshots/parking.yeouido.compact")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outsideKey)
            let before = try FileTree(outside)

            let written = write(count: 3, in: shared, key: "parking.yeouido.compact", widget: false)
            #expect(written.exitCode == .ioError)
            #expect(
                written.standardError
                    == "error: cannot commit 'parking.yeouido.compact': \(link.path) is a symbolic link; "
                    + "the store never follows links below its shared directory: remove it and the store recreates what it needs\n"
            )
            let read = CLIHarness.run([
                "store", "read", "--dir", shared.path, "--key", "parking.yeouido.compact",
            ])
            #expect(read.exitCode == .ioError)
            #expect(read.standardError.contains("\(link.path) is a symbolic link"))
            #expect(!read.standardOutput.contains("planted"))
            let list = CLIHarness.run(["store", "list", "--dir", shared.path])
            #expect(list.exitCode == .problemFound)
            #expect(list.standardOutput.contains("unreadable: \(link.path) is a symbolic link"))
            #expect(newest(in: shared)?.revision == 1)
            #expect(try FileTree(outside) == before)
        }
    }

    @Test(
        "a log that is a symbolic or a hard link to a file outside is never written through; diagnose refuses it; the commit still lands",
        arguments: [
            ("symbolic", "it is a symbolic link, which the log never follows"),
            ("hard", "it has a name outside the log directory (a hard link), which the log never follows"),
        ])
    func linkedLog(kind: String, refusal: String) throws {
        try withSharedDirectory { shared, outside in
            let outsideLog = outside.appendingPathComponent("events.jsonl")
            try Data("outside\n".utf8).write(to: outsideLog)
            let log = shared.appendingPathComponent("diagnostics/events.jsonl")
            try FileManager.default.removeItem(at: log)
            if kind == "symbolic" {
                try FileManager.default.createSymbolicLink(at: log, withDestinationURL: outsideLog)
            } else {
                #expect(link(outsideLog.path, log.path) == 0)
            }
            let before = try FileTree(outside)
            let written = write(count: 13, in: shared)
            #expect(
                written.exitCode == .success && written.standardOutput == "2\n", "\(written.standardError)")
            #expect(try FileTree(outside) == before, "\(kind): the outside file changed")
            let diagnose = CLIHarness.run(["diagnose", "--dir", shared.path])
            #expect(diagnose.exitCode == .noInput)
            #expect(
                diagnose.standardError
                    == "error: cannot read the diagnostics log: \(log.path) was not read: \(refusal)\n",
                "\(diagnose.standardError)")
            #expect(newest(in: shared)?.count == 13)
        }
    }

    // MARK: - FIFOs

    @Test("a FIFO in place of the log: store write and diagnose, the real binary, return at once")
    func fifoLog() throws {
        let binary = try #require(BuiltProducts.executable("widget-timeline"), "widget-timeline is not built")
        try withSharedDirectory { shared, _ in
            let log = shared.appendingPathComponent("diagnostics/events.jsonl")
            try FileManager.default.removeItem(at: log)
            #expect(mkfifo(log.path, 0o644) == 0)
            let written = try Self.run(
                binary,
                ["store", "write", "--dir", shared.path, "--key", "task-count", "--widget", "task-count"],
                input: Data(#"{"count": 14}"#.utf8))
            #expect(
                written?.status == 0 && written?.standardOutput == "2\n", "\(String(describing: written))")
            let diagnose = try Self.run(binary, ["diagnose", "--dir", shared.path])
            #expect(diagnose?.status == ExitCode.noInput.rawValue, "\(String(describing: diagnose))")
            #expect(
                diagnose?.standardError.contains("it is a FIFO, socket or device, not a log file") == true)
            #expect(newest(in: shared)?.count == 14)
        }
    }

    @Test("a FIFO nothing writes to as the input file: store write, lint and build refuse it at once (66)")
    func fifoInput() throws {
        let binary = try #require(BuiltProducts.executable("widget-timeline"), "widget-timeline is not built")
        try withSharedDirectory { shared, outside in
            let fifo = outside.appendingPathComponent("input.json")
            #expect(mkfifo(fifo.path, 0o644) == 0)
            let commands = [
                ["store", "write", "--dir", shared.path, "--key", "task-count", "--payload", fifo.path],
                ["lint", fifo.path],
                [
                    "build", "--widget", "task-count", "--snapshot", fifo.path, "--now",
                    "2026-11-29T09:00:00Z",
                    "--time-zone", "UTC",
                ],
            ]
            for arguments in commands {
                let output = try Self.run(binary, arguments)
                #expect(
                    output?.status == ExitCode.noInput.rawValue, "\(arguments): \(String(describing: output))"
                )
                #expect(
                    output?.standardError.contains("'\(fifo.path)': it is a FIFO and nothing wrote to it")
                        == true,
                    "\(arguments): \(String(describing: output))")
            }
            #expect(newest(in: shared)?.revision == 1)
            // A pipe with a writer is read to its end, as before: standard input named as a file.
            let piped = try Self.run(
                binary,
                ["store", "write", "--dir", shared.path, "--key", "task-count", "--payload", "/dev/stdin"],
                input: Data(#"{"count": 15}"#.utf8))
            #expect(piped?.status == 0 && piped?.standardOutput == "2\n", "\(String(describing: piped))")
            #expect(newest(in: shared)?.count == 15)
        }
    }

    /// Runs the binary to completion; `nil`, and an issue, if it has not finished after a minute — a
    /// hang guard, never a synchronisation: the calls under test return at once or never.
    static func run(_ binary: URL, _ arguments: [String], input: Data = Data()) throws -> ProcessOutput? {
        let finished = DispatchSemaphore(value: 0)
        let box = OutputBox()
        DispatchQueue.global().async {
            box.output = try? ProcessOutput.run(binary, arguments, input: input)
            finished.signal()
        }
        guard finished.wait(timeout: .now() + 60) == .success else {
            Issue.record("widget-timeline \(arguments.joined(separator: " ")) did not return within a minute")
            return nil
        }
        return box.output
    }

    // MARK: - A full disk

    @Test(
        "a full disk: each commit fails (74) with the previous revision intact; the log's torn line never swallows the next event"
    )
    func fullDisk() throws {
        let mounted = try SmallVolume.withMounted(size: 256 * 1024) { volume in
            let first = write(count: 12, in: volume)
            #expect(first.exitCode == .success && first.standardOutput == "1\n", "\(first.standardError)")
            let filler = try SmallVolume.fill(volume)
            defer { try? FileManager.default.removeItem(at: filler) }
            let log = volume.appendingPathComponent("diagnostics/events.jsonl")
            // Each failed commit logs an error event, until the log's last page is full and an
            // append is cut short.
            var torn = false
            for attempt in 0..<60 where !torn {
                let failed = write(count: 13 + attempt, in: volume)
                #expect(failed.exitCode == .ioError, "\(failed.standardError)")
                #expect(
                    failed.standardError.contains("free some space and try again"), "\(failed.standardError)")
                #expect(newest(in: volume).map { $0 == (1, 12) } == true, "the previous revision changed")
                let names = try FileManager.default.contentsOfDirectory(
                    atPath: volume.appendingPathComponent("snapshots/task-count").path)
                #expect(!names.contains { $0.hasPrefix(".tmp-") }, "temporary files left: \(names)")
                torn = (try Data(contentsOf: log)).last != 0x0A
            }
            #expect(torn, "no append was cut short")
            try FileManager.default.removeItem(at: filler)
            let after = write(count: 99, in: volume)
            #expect(after.exitCode == .success && after.standardOutput == "2\n", "\(after.standardError)")
            let contents = FileDiagnosticLog(directory: volume).read()
            #expect(contents.skippedLines == 1)
            #expect(contents.events.contains { $0.stage == .snapshotCommit && $0.revision == 2 })
            let diagnose = CLIHarness.run(["diagnose", "--dir", volume.path])
            #expect(
                diagnose.standardOutput.contains("1 ok   host committed revision 2"),
                "\(diagnose.standardOutput)")
        }
        if !mounted {
            // No tmpfs here (not root, or in a container that forbids it): the same disk through the
            // fault-injecting file system, the commit's writes and the log's failing with ENOSPC.
            try withSharedDirectory { directory, _ in
                try FileManager.default.removeItem(at: directory.appendingPathComponent("snapshots"))
                let fileSystem = FaultInjectingFileSystem()
                let store = FileSnapshotStore(directory: directory, fileSystem: fileSystem)
                let log = FileDiagnosticLog(directory: directory, fileSystem: fileSystem)
                let clock = ManualClock(now: CLIHarness.now)
                let sync = WidgetSync(store: store, reloader: LogOnlyReloader(), clock: clock, log: log)
                let widget = TaskCountWidget()
                try sync.commit(TaskCountPayload(count: 12), for: widget)
                fileSystem.faults = [
                    FileSystemFault(.shortWrite, at: .kind(.write, occurrence: 1)),
                    FileSystemFault(.error(ENOSPC), at: .kind(.write, occurrence: 2), .fromThenOn),
                ]
                #expect(throws: SnapshotStoreError.self) {
                    try sync.commit(TaskCountPayload(count: 13), for: widget)
                }
                fileSystem.disarm()
                #expect(store.read(widget.defaultKey, for: widget).snapshot?.payload.count == 12)
                try sync.commit(TaskCountPayload(count: 99), for: widget)
                #expect(log.read().events.contains { $0.stage == .snapshotCommit && $0.revision == 2 })
            }
        }
    }

    // MARK: - Clocks

    @Test(
        "a clock set back: the same content saved again is a new revision, and diagnose goes by the log's order"
    )
    func clockSetBack() throws {
        try withSharedDirectory { shared, _ in
            // The extension, its clock an hour behind the host's commit, reads revision 1.
            let behind = CLIHarness.now.addingTimeInterval(-3600)
            let key = SnapshotKey(purpose: "task-count")
            FileDiagnosticLog(directory: shared).record(contentsOf: [
                DiagnosticEvent(
                    at: behind, side: .widgetExtension, stage: .providerRun, key: key, kind: "task-count"),
                DiagnosticEvent(
                    at: behind, side: .widgetExtension, stage: .snapshotRead, key: key, kind: "task-count",
                    revision: 1, reason: "found"),
                DiagnosticEvent(
                    at: behind, side: .widgetExtension, stage: .timelineBuild, key: key, kind: "task-count",
                    entryCount: 3, policy: "after+1800s"),
            ])
            let diagnose = CLIHarness.run(["diagnose", "--dir", shared.path])
            #expect(diagnose.exitCode == .success, "\(diagnose.standardOutput)")
            #expect(
                diagnose.standardOutput.contains("4 ok   provider read revision 1"),
                "\(diagnose.standardOutput)")
            // The host's clock set back a day: its record is from the future, and saving the same
            // content again makes a new revision, never an older one.
            let setBack = CLIHarness.now.addingTimeInterval(-86_400)
            let again = write(count: 12, in: shared, now: setBack)
            #expect(again.exitCode == .success && again.standardOutput == "2\n", "\(again.standardError)")
            let list = CLIHarness.run(
                ["store", "list", "--dir", shared.path, "--format", "json"], now: setBack)
            #expect(list.standardOutput.contains(#""freshness" : "fresh""#), "\(list.standardOutput)")
            #expect(newest(in: shared).map { $0 == (2, 12) } == true)
        }
    }

    @Test(
        "a record from the reader's future is never fresh, its age never runs into the next column, and re-saving repairs it"
    )
    func futureRecord() throws {
        try withSharedDirectory { shared, _ in
            let ahead = CLIHarness.now.addingTimeInterval(86_400 * 26_328 + 16 * 3600)
            let planted = write(
                count: 12, in: shared, key: "parking.yeouido.compact", widget: false, now: ahead)
            #expect(planted.exitCode == .success)
            let list = CLIHarness.run(["store", "list", "--dir", shared.path])
            let lines = list.standardOutput.split(separator: "\n").map(String.init)
            let row = try #require(lines.first { $0.hasPrefix("parking") })
            #expect(row.hasSuffix("in 26328d 16h  stale"), "\(list.standardOutput)")
            // Every column starts where its heading does.
            let header = try #require(lines.first)
            for heading in ["REVISION", "KIND", "GENERATED", "AGE", "FRESHNESS"] {
                let column = header.range(of: heading)!.lowerBound.utf16Offset(in: header)
                for line in lines.dropFirst() {
                    let index = line.index(line.startIndex, offsetBy: column)
                    #expect(
                        line[line.index(before: index)] == " " && line[index] != " ", "\(heading) in \(line)")
                }
            }
            let repaired = write(count: 12, in: shared, key: "parking.yeouido.compact", widget: false)
            #expect(repaired.exitCode == .success && repaired.standardOutput == "2\n")
            let after = CLIHarness.run(["store", "list", "--dir", shared.path])
            #expect(
                after.standardOutput.split(separator: "\n").contains {
                    $0.hasPrefix("parking") && $0.hasSuffix("fresh")
                })
        }
    }
}

/// Output handed from a worker thread.
private final class OutputBox: @unchecked Sendable {
    // @unchecked: written once by the worker before it signals, read after the wait.
    var output: ProcessOutput?
}
