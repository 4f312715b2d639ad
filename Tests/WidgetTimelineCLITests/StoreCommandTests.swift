import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineCLI
import WidgetTimelineTesting

/// `store write`, `store read` and `store list`: golden output, bad input that changes nothing,
/// and the built binary end to end.
@Suite("The store commands")
struct StoreCommandTests {
    static let taskCount = #"{"count": 12}"#

    /// A fresh shared directory, removed afterwards.
    func withDirectory(_ body: (URL) throws -> Void) throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("widget-timeline-cli-store-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        try body(url)
    }

    func write(_ payload: String, _ extra: [String], in directory: URL) -> CLIHarness.Result {
        CLIHarness.run(
            ["store", "write", "--dir", directory.path] + extra, stdin: Data(payload.utf8),
            directory: directory)
    }

    /// Two keys: task-count at revision 2 (one observed 2 minutes ago, after revision 1's data: a
    /// commit observed before the stored data is not saved), parking at revision 1, observed 90
    /// minutes ago.
    func populate(_ directory: URL) {
        #expect(
            write(
                Self.taskCount,
                [
                    "--key", "task-count", "--widget", "task-count", "--observed-at",
                    "2026-11-29T08:50:00+09:00",
                ],
                in: directory
            )
            .standardOutput == "1\n")
        let second = write(
            #"{"count": 13}"#,
            ["--key", "task-count", "--widget", "task-count", "--observed-at", "2026-11-29T08:58:00+09:00"],
            in: directory)
        #expect(second.standardOutput == "2\n")
        let parking = write(
            #"{"free": 7, "note": "north gate"}"#,
            ["--key", "parking.yeouido.compact", "--observed-at=2026-11-29T07:30:00+09:00"], in: directory)
        #expect(parking.standardOutput == "1\n", "\(parking.standardError)")
    }

    @Test("write prints each committed revision; read and list show them (text and JSON)")
    func writeReadList() throws {
        try withDirectory { directory in
            populate(directory)
            for format in ["text", "json"] {
                let read = CLIHarness.run(
                    ["store", "read", "--dir", directory.path, "--key", "task-count", "--format", format])
                #expect(read.exitCode == .success, "\(read.standardError)")
                #expect(read.standardError.isEmpty)
                CLIHarness.expectGolden(
                    read.standardOutput, "store-read.\(format == "json" ? "json" : "txt")")
                let list = CLIHarness.run(["store", "list", "--dir", directory.path, "--format", format])
                #expect(list.exitCode == .success, "\(list.standardError)")
                CLIHarness.expectGolden(
                    list.standardOutput, "store-list.\(format == "json" ? "json" : "txt")")
            }
        }
    }

    @Test("read --format json prints the envelope exactly as stored")
    func readJSONIsStoredEnvelope() throws {
        try withDirectory { directory in
            populate(directory)
            let read = CLIHarness.run([
                "store", "read", "--dir", directory.path, "--key", "task-count", "--format", "json",
            ])
            guard
                case .found(let stored, nil) = FileSnapshotStore.readOnly(directory: directory)
                    .readStored(try SnapshotKey(validating: "task-count"))
            else {
                Issue.record("expected a stored snapshot")
                return
            }
            // Exactly the stored envelope: the record's bytes after its header line.
            let recordURL = directory.appendingPathComponent("snapshots/task-count")
                .appendingPathComponent(String(format: "%010d.snapshot", stored.revision))
            let record = try Array(Data(contentsOf: recordURL))
            let envelope = record[(record.firstIndex(of: 0x0A)! + 1)...]
            #expect(read.standardOutput == String(decoding: envelope, as: UTF8.self) + "\n")
            // And it is a snapshot `build` accepts.
            let built = CLIHarness.run(
                [
                    "build", "--widget", "task-count", "--snapshot", "-", "--now",
                    "2026-11-29T09:00:00+09:00",
                    "--time-zone", "Asia/Seoul",
                ],
                stdin: Data(read.standardOutput.utf8))
            #expect(built.exitCode == .success, "\(built.standardError)")
            #expect(built.standardOutput.contains("snapshot r2"))
        }
    }

    @Test(
        "a raw payload keeps every digit a reader holds and refuses the rest (exit 65, nothing written)",
        arguments: [
            "1234567890123456789012345678901234567891", "99999999999999999999999999999999999999.9",
            "0.1234567890123456789012345678901234567891", "1.00000000000000001e200",
        ])
    func numberDigits(tooLong: String) throws {
        try withDirectory { directory in
            let exact =
                "[340282366920938463463374607431768211455,-12345678901234567890123456789012345678,0.1]"
            #expect(write(exact, ["--key", "k"], in: directory).exitCode == .success)
            let read = CLIHarness.run([
                "store", "read", "--dir", directory.path, "--key", "k", "--format", "json",
            ])
            #expect(read.standardOutput.contains(#""payload":\#(exact)"#), "\(read.standardOutput)")
            let refused = write("[\(tooLong)]", ["--key", "k"], in: directory)
            #expect(refused.exitCode == .badData, "\(refused.standardError)")
            #expect(refused.standardError.contains("has more digits than"), "\(refused.standardError)")
            let files = try FileManager.default.contentsOfDirectory(
                atPath: directory.appendingPathComponent("snapshots/k").path)
            #expect(files == ["0000000001.snapshot"])
        }
    }

    @Test(
        "--expect takes a revision as store prints one: digits, no sign, no leading zero",
        arguments: ["00", "+1", "007", "-1", " 1", "1e1"])
    func expectSpelling(text: String) throws {
        try withDirectory { directory in
            let run = write("{}", ["--key", "k", "--expect", text], in: directory)
            #expect(run.exitCode == .usage, "\(run.standardError)")
            #expect(run.standardError.hasPrefix("error: --expect '\(text)' is not a revision number"))
            #expect(
                !FileManager.default.fileExists(atPath: directory.appendingPathComponent("snapshots").path))
        }
    }

    @Test("a --dir that is a symbolic link loop says so, not that it does not exist")
    func directoryLoop() throws {
        try withDirectory { directory in
            let first = directory.appendingPathComponent("loop-a").path
            let second = directory.appendingPathComponent("loop-b").path
            try FileManager.default.createSymbolicLink(atPath: first, withDestinationPath: second)
            try FileManager.default.createSymbolicLink(atPath: second, withDestinationPath: first)
            let run = CLIHarness.run(["store", "read", "--dir", first, "--key", "k"])
            #expect(run.exitCode == .noInput)
            #expect(
                run.standardError.contains("cannot be opened: \(String(cString: strerror(ELOOP)))"),
                "\(run.standardError)")
        }
    }

    @Test("--widget with --expect: the widget's fingerprint, and the commit in the log for diagnose")
    func widgetExpectIsLogged() throws {
        try withDirectory { directory in
            let key = ["--key", "task-count", "--widget", "task-count"]
            #expect(write(#"{"count": 1}"#, key, in: directory).exitCode == .success)
            #expect(write(#"{"count": 2}"#, key + ["--expect", "1"], in: directory).exitCode == .success)
            let commits = FileDiagnosticLog(directory: directory).read().events.filter {
                $0.stage == .snapshotCommit
            }
            #expect(commits.map(\.revision) == [1, 2])
            // The same content through WidgetSync is unchanged: the fingerprints agree.
            let again = write(#"{"count": 2}"#, key, in: directory)
            #expect(again.standardOutput == "2\n")
            #expect(again.standardError.contains("unchanged"))
            // Other content observed before the stored data is kept out, and the note says why.
            let older = write(
                #"{"count": 7}"#, key + ["--observed-at", "2000-01-01T00:00:00Z"], in: directory)
            #expect(older.standardOutput == "2\n")
            #expect(
                older.standardError.hasPrefix("note: revision 2 holds data observed at ")
                    && older.standardError.hasSuffix(
                        ", after this payload's 2000-01-01T00:00:00Z; it is kept and nothing is reloaded\n"),
                "\(older.standardError)")
        }
    }

    // Before: a damaged newest revision made `--widget` save data observed before the revision
    // every reader falls back to, as the newest.
    @Test("--widget: data observed before the revision a read falls back to is kept out")
    func olderThanFallbackIsKept() throws {
        try withDirectory { directory in
            populate(directory)
            try Data("garbage".utf8).write(
                to: directory.appendingPathComponent("snapshots/task-count/0000000003.snapshot"))
            let older = write(
                #"{"count": 7}"#,
                [
                    "--key", "task-count", "--widget", "task-count",
                    "--observed-at", "2026-11-29T08:55:00+09:00",
                ],
                in: directory)
            #expect(older.exitCode == .success)
            #expect(older.standardOutput == "2\n")
            #expect(
                older.standardError.hasPrefix("note: revision 2 holds data observed at "),
                "\(older.standardError)")
            let read = CLIHarness.run(
                ["store", "read", "--dir", directory.path, "--key", "task-count", "--format", "json"])
            #expect(read.standardOutput.contains(#""revision":2,"#), "\(read.standardOutput)")
        }
    }

    @Test("a refused number's advice names the number a reader sees, not a count of digits that may not do")
    func numberAdvice() throws {
        try withDirectory { directory in
            // 17 significant digits, but a subnormal: a Double keeps fewer.
            let refused = write("[4.9406564584124654e-324]", ["--key", "k"], in: directory)
            #expect(refused.exitCode == .badData)
            #expect(
                refused.standardError.hasSuffix(
                    "(a Double reads it as 5e-324); write 5e-324, the number a reader sees\n"),
                "\(refused.standardError)")
            #expect(write("[5e-324]", ["--key", "k"], in: directory).standardOutput == "1\n")
        }
    }

    @Test("with --widget, -0 after 0 is a change in a floating-point member and none in an integer one")
    func negativeZero() throws {
        try withDirectory { directory in
            func conditions(_ temperature: String) -> String {
                #"{"parkID":"p","parkName":"P","congestion":"quiet","weather":{"condition":"clear","#
                    + #""temperatureCelsius":\#(temperature)},"fineDust":"good","signals":[],"forecast":[]}"#
            }
            let park = ["--key", "park-conditions", "--widget", "park-conditions"]
            #expect(write(conditions("0"), park, in: directory).standardOutput == "1\n")
            #expect(write(conditions("-0"), park, in: directory).standardOutput == "2\n")
            #expect(write(conditions("-0"), park, in: directory).standardOutput == "2\n")
            let count = ["--key", "task-count", "--widget", "task-count"]
            #expect(write(#"{"count": 0}"#, count, in: directory).standardOutput == "1\n")
            let negative = write(#"{"count": -0}"#, count, in: directory)
            #expect(negative.standardOutput == "1\n")
            #expect(negative.standardError.contains("unchanged"))
        }
    }

    @Test("a payload file, --expect for compare-and-swap, and a relative --dir")
    func payloadFileAndExpect() throws {
        try withDirectory { directory in
            try Data(Self.taskCount.utf8).write(to: directory.appendingPathComponent("payload.json"))
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent("shared"), withIntermediateDirectories: false)
            func run(_ extra: [String]) -> CLIHarness.Result {
                CLIHarness.run(
                    ["store", "write", "--dir", "shared", "--key", "task-count", "--payload", "payload.json"]
                        + extra,
                    directory: directory)
            }
            #expect(run(["--expect", "0"]).standardOutput == "1\n")
            let conflict = run(["--expect", "0"])
            #expect(conflict.exitCode == .problemFound)
            #expect(conflict.standardError.contains("revision 1 is current"))
            #expect(conflict.standardOutput.isEmpty)
            #expect(run(["--expect=1"]).standardOutput == "2\n")
        }
    }

    struct BadWrite: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var stdin = #"{"count": 1}"#
        var exitCode: ExitCode
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let badWrites: [BadWrite] = [
        BadWrite(
            arguments: ["--key", "task-count"], stdin: "{\"count\": ", exitCode: .badData,
            message: "payload on standard input is not valid: not JSON"),
        BadWrite(
            arguments: ["--key", "task-count"], stdin: "", exitCode: .badData,
            message: "payload on standard input is not valid"),
        BadWrite(
            arguments: ["--key", "task-count", "--widget", "task-count"], stdin: #"{"count": "twelve"}"#,
            exitCode: .badData, message: "at $.count: expected a whole number"),
        BadWrite(
            arguments: ["--key", "task-count", "--widget", "schedule"], exitCode: .badData,
            message: "payload on standard input is not valid: at $: missing member"),
        BadWrite(
            arguments: ["--key", "task-count"],
            stdin: #"{"a": ""#.padding(toLength: (1 << 20) + 10, withPad: "x", startingAt: 0),
            exitCode: .badData, message: "payload on standard input is larger than the 1 MiB limit"),
        BadWrite(
            arguments: ["--key", "task-count"],
            stdin: #"{"a": ""# + String(repeating: "x", count: 1_048_400) + #""}"#,
            exitCode: .badData, message: "over the 1048576-byte limit"),
        BadWrite(
            arguments: ["--key", "../etc"], exitCode: .usage, message: "--key '../etc' is not a snapshot key"),
        BadWrite(arguments: ["--key", "Task Count"], exitCode: .usage, message: "is not a snapshot key"),
        BadWrite(arguments: ["--key", ""], exitCode: .usage, message: "--key '' is not a snapshot key"),
        BadWrite(arguments: [], exitCode: .usage, message: "missing --key <key>"),
        BadWrite(
            arguments: ["--key", "task-count", "--widget", "clock"], exitCode: .usage,
            message: "--widget 'clock' is not a known widget kind"),
        BadWrite(
            arguments: ["--key", "task-count", "--expect", "-1"], exitCode: .usage,
            message: "--expect '-1' is not a revision number"),
        BadWrite(
            arguments: ["--key", "task-count", "--observed-at", "today"], exitCode: .usage,
            message: "--observed-at 'today' is not an ISO-8601 instant"),
        BadWrite(
            arguments: ["--key", "task-count", "--payload", "no/such.json"], exitCode: .noInput,
            message: "cannot read payload 'no/such.json': no such file"),
        BadWrite(
            arguments: ["--key", "task-count", "--payload", "snapshots"], exitCode: .noInput,
            message: "cannot read payload 'snapshots': it is a directory"),
        BadWrite(
            arguments: ["--key", "task-count", "--expect", "7"], exitCode: .problemFound,
            message: "revision 1 is current"),
    ]

    @Test(
        "bad input to store write: error, documented exit code, nothing written, previous snapshot intact",
        arguments: badWrites)
    func badWrite(_ test: BadWrite) throws {
        try withDirectory { directory in
            #expect(
                write(Self.taskCount, ["--key", "task-count", "--widget", "task-count"], in: directory)
                    .exitCode == .success)
            let keyDirectory = directory.appendingPathComponent("snapshots/task-count")
            let before = try FileManager.default.contentsOfDirectory(atPath: keyDirectory.path).sorted()
            let record = try Data(contentsOf: keyDirectory.appendingPathComponent("0000000001.snapshot"))

            let result = write(test.stdin, test.arguments, in: directory)
            #expect(result.exitCode == test.exitCode, "\(result.standardError)")
            #expect(result.standardError.hasPrefix("error: "), "\(result.standardError)")
            #expect(result.standardError.contains(test.message), "\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: keyDirectory.path).sorted() == before)
            #expect(
                try Data(contentsOf: keyDirectory.appendingPathComponent("0000000001.snapshot")) == record)
            #expect(
                try FileManager.default.contentsOfDirectory(
                    atPath: directory.appendingPathComponent("snapshots").path) == ["task-count"])
        }
    }

    @Test(
        "a missing or non-directory --dir exits 66 and creates nothing", arguments: ["write", "read", "list"])
    func missingDirectory(command: String) throws {
        try withDirectory { directory in
            try Data().write(to: directory.appendingPathComponent("file"))
            for (path, message) in [("missing", "does not exist"), ("file", "is not a directory")] {
                let arguments =
                    ["store", command, "--dir", path] + (command == "list" ? [] : ["--key", "task-count"])
                let result = CLIHarness.run(arguments, stdin: Data(Self.taskCount.utf8), directory: directory)
                #expect(result.exitCode == .noInput)
                #expect(result.standardError == "error: store directory '\(path)' \(message)\n")
                #expect(result.standardOutput.isEmpty)
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["file"])
        }
    }

    @Test("read: a missing key and a corrupted key exit 1; a skipped revision is a warning")
    func readFailures() throws {
        try withDirectory { directory in
            populate(directory)
            let missing = CLIHarness.run(["store", "read", "--dir", directory.path, "--key", "schedule"])
            #expect(missing.exitCode == .problemFound)
            #expect(missing.standardError.hasPrefix("error: no snapshot for key 'schedule'"))
            #expect(missing.standardOutput.isEmpty)

            // Damage the newest task-count revision: read falls back and says so.
            let newest = directory.appendingPathComponent("snapshots/task-count/0000000002.snapshot")
            try Data("garbage".utf8).write(to: newest)
            let fallback = CLIHarness.run(["store", "read", "--dir", directory.path, "--key", "task-count"])
            #expect(fallback.exitCode == .success)
            #expect(fallback.standardOutput.contains("revision     1\n"))
            #expect(
                fallback.standardError
                    == "warning: showing revision 1 of 'task-count': fell back past revision 2: the record header is missing or unknown\n"
            )

            try Data().write(to: directory.appendingPathComponent("snapshots/task-count/0000000001.snapshot"))
            let corrupted = CLIHarness.run(["store", "read", "--dir", directory.path, "--key", "task-count"])
            #expect(corrupted.exitCode == .problemFound)
            #expect(
                corrupted.standardError
                    == "error: no valid snapshot for key 'task-count': revision 2: the record header is missing or unknown; revision 1: the file is empty\n"
            )

            let list = CLIHarness.run(["store", "list", "--dir", directory.path])
            #expect(list.exitCode == .problemFound)
            #expect(list.standardOutput.contains("corrupted: 2 invalid revision(s)"))
            #expect(list.standardOutput.contains("parking.yeouido.compact"))
        }
    }

    @Test("list of an empty store")
    func emptyList() throws {
        try withDirectory { directory in
            let result = CLIHarness.run(["store", "list", "--dir", directory.path])
            #expect(result.exitCode == .success)
            #expect(result.standardOutput == "no snapshots\n")
            let json = CLIHarness.run(["store", "list", "--dir", directory.path, "--format", "json"])
            #expect(json.standardOutput == "{\n  \"keys\" : [\n\n  ]\n}\n")
        }
    }

    @Test("end to end: the built binary writes from standard input, reads back and lists")
    func endToEnd() throws {
        let binary = try #require(
            BuiltProducts.executable("widget-timeline"), "widget-timeline is not built next to the tests")
        try withDirectory { directory in
            let written = try ProcessOutput.run(
                binary,
                ["store", "write", "--dir", directory.path, "--key", "task-count", "--widget", "task-count"],
                input: Data(Self.taskCount.utf8))
            #expect(written.status == 0, "\(written.standardError)")
            #expect(written.standardOutput == "1\n")
            let read = try ProcessOutput.run(
                binary, ["store", "read", "--dir", directory.path, "--key", "task-count", "--format", "json"])
            #expect(read.status == 0)
            #expect(read.standardOutput.contains(#""payload":{"count":12},"revision":1"#))
            let bad = try ProcessOutput.run(
                binary, ["store", "write", "--dir", directory.path, "--key", "task-count"],
                input: Data("{".utf8))
            #expect(bad.status == 65)
            #expect(bad.standardOutput.isEmpty)
            #expect(bad.standardError.hasPrefix("error: payload on standard input is not valid"))
            let list = try ProcessOutput.run(binary, ["store", "list", "--dir", directory.path])
            #expect(list.status == 0)
            #expect(list.standardOutput.contains("task-count  1"))
            let missing = try ProcessOutput.run(binary, ["store", "list", "--dir", directory.path + "/nope"])
            #expect(missing.status == 66)
        }
    }
}
