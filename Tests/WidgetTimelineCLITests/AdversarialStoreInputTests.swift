import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineCLI
import WidgetTimelineTesting

/// The commands that touch a shared directory, under hostile input: `store write` refuses every
/// class of bad payload and leaves the directory byte for byte as it was; `store read`, `store
/// list` and `diagnose` read damaged records and logs without trusting them, and change nothing.
@Suite("Adversarial input to the store and diagnose commands")
struct AdversarialStoreInputTests {
    /// A shared directory with task-count at revision 1 written through WidgetSync (so with a
    /// diagnostics log), removed afterwards.
    func withPopulatedDirectory(_ body: (URL) throws -> Void) throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("widget-timeline-adversarial-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        let first = CLIHarness.run(
            ["store", "write", "--dir", url.path, "--key", "task-count", "--widget", "task-count"],
            stdin: Data(#"{"count": 12}"#.utf8))
        #expect(first.exitCode == .success, "\(first.standardError)")
        try body(url)
    }

    /// Every file under `directory` with its bytes, and every directory, by relative path.
    static func contents(of directory: URL) -> [String: Data?] {
        var result: [String: Data?] = [:]
        let base = directory.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return result }
        while let relative = walker.nextObject() as? String {
            let path = base + "/" + relative
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            result[relative] = isDirectory.boolValue ? nil : FileManager.default.contents(atPath: path)
        }
        return result
    }

    // MARK: - store write

    struct Write: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var payload: Data
        var exitCode: ExitCode
        var message: String
        var testDescription: String { name }
    }

    static let payload = #"{"count":13}"#
    static let writes: [Write] =
        AdversarialInputTests.damaged(
            payload, member: "count",
            wrongType: (#""count":13"#, #""count":true"#, "at $.count: expected a whole number, found true"),
            limit: 1 << 20
        ).map { name, bytes, message in
            Write(
                name: name, arguments: ["--widget", "task-count"], payload: bytes, exitCode: .badData,
                message: message)
        } + [
            Write(
                name: "negative count", arguments: ["--widget", "task-count"],
                payload: Data(#"{"count":-1}"#.utf8),
                exitCode: .badData, message: "at $.count: expected a count of 0 or more, found -1"),
            Write(
                name: "untyped, repeated member", arguments: [], payload: Data(#"{"a":1,"a":2}"#.utf8),
                exitCode: .badData, message: "the member name \"a\" appears twice"),
            Write(
                name: "untyped, deeply nested", arguments: [],
                payload: Data((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8),
                exitCode: .badData, message: "nesting deeper than 512 levels"),
            Write(
                name: "untyped, a record over the limit once framed", arguments: [],
                payload: Data((#"{"a":""# + String(repeating: "x", count: (1 << 20) - 200) + #""}"#).utf8),
                exitCode: .badData, message: "over the 1048576-byte limit"),
            Write(
                name: "--observed-at in the future: 2099",
                arguments: ["--observed-at", "2099-01-01T00:00:00Z"],
                payload: Data(payload.utf8), exitCode: .badData,
                message:
                    "cannot commit 'task-count': observedAt 2099-01-01T00:00:00Z is after the commit's own time "
                    + "2026-11-29T00:00:00Z by more than 60 s; data cannot be observed in the future"
            ),
            Write(
                name: "--observed-at 61 s ahead of the commit",
                arguments: ["--observed-at", "2026-11-29T09:01:01+09:00"],
                payload: Data(payload.utf8), exitCode: .badData, message: "by more than 60 s"),
            Write(
                name: "--observed-at whose UTC instant is in year 10000",
                arguments: ["--observed-at", "9999-12-31T23:00:00-23:59"],
                payload: Data(payload.utf8), exitCode: .badData,
                message:
                    "cannot commit 'task-count': observedAt 10000-01-01T22:59:00Z is after the commit's own time"
            ),
            Write(
                name: "--observed-at whose UTC instant is before year 0000",
                arguments: ["--observed-at", "0000-01-01T00:00:00+00:01"],
                payload: Data(payload.utf8), exitCode: .badData,
                message:
                    "cannot commit 'task-count': the snapshot could not be encoded as JSON: at $.observedAt: the instant"
            ),
            Write(
                name: "--expect a stale revision", arguments: ["--widget", "task-count", "--expect", "0"],
                payload: Data(payload.utf8), exitCode: .problemFound, message: "revision 1 is current"),
            Write(
                name: "--widget of another kind's payload", arguments: ["--widget", "parking"],
                payload: Data(payload.utf8), exitCode: .badData, message: "at $: missing member \"parkID\""),
        ]

    @Test(
        "store write: every class of bad payload is refused and the directory is unchanged, byte for byte",
        arguments: writes)
    func badWrite(_ test: Write) throws {
        try withPopulatedDirectory { directory in
            let before = Self.contents(of: directory)
            #expect(before.keys.contains("diagnostics/events.jsonl"))
            let result = CLIHarness.run(
                ["store", "write", "--dir", directory.path, "--key", "task-count"] + test.arguments,
                stdin: test.payload)
            AdversarialInputTests.check(
                exitCode: result.exitCode.rawValue, standardOutput: result.standardOutput,
                standardError: result.standardError,
                against: .init(
                    name: test.name, arguments: test.arguments, exitCode: test.exitCode, message: test.message
                ))
            #expect(Self.contents(of: directory) == before, "the directory changed")
        }
    }

    // MARK: - store read and store list

    /// A revision 2 of task-count holding `envelope` behind a valid header (so only the envelope
    /// is wrong), or raw `bytes` where a record should be.
    struct DamagedRecord: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: Data
        var message: String
        var testDescription: String { name }
    }

    static func framed(_ envelope: Data) -> Data {
        Data(try! SnapshotRecord.record(envelope: Array(envelope)))
    }

    /// The record with its envelope's last digit (`"schemaVersion":1}`) changed: same length, and a
    /// checksum that no longer holds.
    static func changingLastDigit(of record: Data) -> Data {
        var bytes = Array(record)
        bytes[bytes.count - 2] = 0x32
        return Data(bytes)
    }

    static let validEnvelope =
        #"{"fingerprint":"x","generatedAt":"2026-11-29T00:00:00Z","key":"task-count","kind":"task-count","payload":{"count":1},"revision":2,"schemaVersion":1}"#

    static let damagedRecords: [DamagedRecord] =
        AdversarialInputTests.damaged(
            validEnvelope, member: "revision",
            wrongType: (
                #""revision":2"#, #""revision":"2""#,
                "at $.revision: expected a whole number, found the string \\\"2\\\""
            ),
            limit: 1 << 20
        ).compactMap { name, bytes, message in
            name == "enormous" || name == "empty"
                ? nil
                : DamagedRecord(
                    name: "framed, \(name)", bytes: framed(bytes), message: "the envelope is malformed: ")
        } + [
            DamagedRecord(name: "empty file", bytes: Data(), message: "revision 2: the file is empty"),
            DamagedRecord(
                name: "truncated record", bytes: framed(Data(validEnvelope.utf8)).dropLast(9),
                message: "revision 2: the envelope has"),
            DamagedRecord(
                name: "a byte changed", bytes: changingLastDigit(of: framed(Data(validEnvelope.utf8))),
                message: "revision 2: the envelope's SHA-256 does not match its header"),
            DamagedRecord(
                name: "a record 50 MiB long", bytes: Data(repeating: 0x20, count: 50 << 20),
                message: "revision 2: the file has 52428800 bytes, over the 1048576-byte read limit"),
            DamagedRecord(
                name: "not UTF-8 at all",
                bytes: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }),
                message: "revision 2: the record header is missing or unknown"),
            DamagedRecord(
                name: "another key's record",
                bytes: framed(
                    Data(
                        validEnvelope.replacingOccurrences(
                            of: #""key":"task-count""#, with: #""key":"other""#
                        ).utf8)),
                message: "revision 2: the envelope belongs to key \"other\""),
            DamagedRecord(
                name: "a key with control characters",
                bytes: framed(
                    Data(
                        validEnvelope.replacingOccurrences(
                            of: #""key":"task-count""#, with: #""key":"a\u001b[2J\nb""#
                        ).utf8)),
                message: #"revision 2: the envelope belongs to key "a\u{1B}[2J\nb""#),
        ]

    @Test(
        "store read and list: a damaged newest revision is skipped with a warning, nothing changes",
        arguments: damagedRecords)
    func damagedRecord(_ test: DamagedRecord) throws {
        try withPopulatedDirectory { directory in
            let path = directory.appendingPathComponent("snapshots/task-count/0000000002.snapshot")
            try test.bytes.write(to: path)
            let before = Self.contents(of: directory)

            let read = CLIHarness.run(["store", "read", "--dir", directory.path, "--key", "task-count"])
            #expect(read.exitCode == .success, "\(read.standardError)")
            #expect(read.standardOutput.contains("revision     1\n"))
            #expect(
                read.standardError.hasPrefix("warning: showing revision 1 of 'task-count': fell back past "))
            #expect(read.standardError.contains(test.message), "\(read.standardError)")
            #expect(read.standardError.split(separator: "\n").count == 1, "\(read.standardError)")
            #expect(
                !read.standardError.unicodeScalars.contains {
                    $0 != "\n" && $0.properties.generalCategory == .control
                })

            // With revision 1 gone too, nothing is valid: exit 1, and the reason for each.
            try FileManager.default.removeItem(
                at: directory.appendingPathComponent("snapshots/task-count/0000000001.snapshot"))
            let alone = CLIHarness.run([
                "store", "read", "--dir", directory.path, "--key", "task-count", "--format", "json",
            ])
            #expect(alone.exitCode == .problemFound)
            #expect(
                alone.standardError.hasPrefix("error: no valid snapshot for key 'task-count': revision 2: "))
            #expect(alone.standardOutput.isEmpty)
            let list = CLIHarness.run(["store", "list", "--dir", directory.path])
            #expect(list.exitCode == .problemFound)
            #expect(list.standardOutput.contains("corrupted: 1 invalid revision(s)"))
            var expected = before
            expected["snapshots/task-count/0000000001.snapshot"] = nil
            #expect(Self.contents(of: directory) == expected, "a reader changed the directory")
        }
    }

    // MARK: - diagnose

    struct DamagedLog: CustomTestStringConvertible, Sendable {
        var name: String
        var log: Data
        var skipped: Int
        /// What the output says about a log read only in part.
        var note: String?
        var testDescription: String { name }
    }

    static let goodLine = Data(
        #"{"at":"2026-11-29T00:00:00Z","key":"task-count","kind":"task-count","revision":1,"schemaVersion":1,"side":"host","stage":"snapshot_commit"}"#
            .utf8 + [0x0A])

    static let damagedLogs: [DamagedLog] = [
        DamagedLog(name: "a torn last line", log: goodLine + goodLine.prefix(40), skipped: 1),
        DamagedLog(name: "garbage lines", log: Data("not json\n{}\n[]\n".utf8) + goodLine, skipped: 3),
        DamagedLog(name: "a line that is not UTF-8", log: Data([0xFF, 0xFE, 0x0A]) + goodLine, skipped: 1),
        DamagedLog(
            name: "a zero-filled gap (power loss)",
            log: goodLine + Data(repeating: 0, count: 512) + Data([0x0A]) + goodLine, skipped: 1),
        DamagedLog(
            name: "a deeply nested line",
            log: Data((String(repeating: "[", count: 5000) + "\n").utf8) + goodLine, skipped: 1),
        DamagedLog(
            name: "an event with an unknown stage",
            log: Data(#"{"at":"2026-11-29T00:00:00Z","side":"host","stage":"teleport"}"#.utf8 + [0x0A])
                + goodLine, skipped: 1),
        DamagedLog(
            name: "a kind with control characters",
            log: Data(
                #"{"at":"2026-11-29T00:00:00Z","key":"a\u001b[2J\nb","kind":"\u001b]0;owned\u0007","side":"host","stage":"reload_request"}"#
                    .utf8 + [0x0A]) + goodLine,
            skipped: 0),
        // 10 MiB: its newest twice the rotation size (256 KiB) are read, not all of it; the last line
        // is whitespace and an event, which is valid JSON.
        DamagedLog(
            name: "an enormous log", log: Data(repeating: 0x20, count: 10 << 20) + goodLine, skipped: 0,
            note: "read the last 256 KiB of 10 MiB of"),
        DamagedLog(
            name: "an enormous log of events",
            log: Data(String(repeating: String(decoding: goodLine, as: UTF8.self), count: 80_000).utf8),
            skipped: 1, note: "read the last 256 KiB of"),
    ]

    @Test(
        "diagnose: damaged logs are read line by line, bounded, shown escaped, and left as they are",
        arguments: damagedLogs)
    func damagedLog(_ test: DamagedLog) throws {
        try withPopulatedDirectory { directory in
            let path = directory.appendingPathComponent("diagnostics/events.jsonl")
            try test.log.write(to: path)
            let before = Self.contents(of: directory)
            let result = CLIHarness.run(["diagnose", "--dir", directory.path, "--events"])
            #expect(
                result.exitCode == .problemFound || result.exitCode == .success, "\(result.standardError)")
            #expect(result.standardError.isEmpty)
            if test.skipped > 0 {
                #expect(
                    result.standardOutput.contains("\(test.skipped) incomplete lines skipped"),
                    "\(result.standardOutput)")
            } else {
                #expect(
                    !result.standardOutput.contains("incomplete lines skipped"), "\(result.standardOutput)")
            }
            if let note = test.note {
                #expect(
                    result.standardOutput.contains("note: " + note), "\(result.standardOutput.prefix(300))")
            }
            #expect(
                !result.standardOutput.unicodeScalars.contains {
                    $0 != "\n" && $0.properties.generalCategory == .control
                },
                "\(result.standardOutput.debugDescription)")
            let json = CLIHarness.run(["diagnose", "--dir", directory.path, "--format", "json", "--events"])
            #expect(json.exitCode == result.exitCode)
            #expect(
                (try? JSONParser.parse(Array(json.standardOutput.utf8))) != nil,
                "diagnose --format json is not JSON")
            #expect(Self.contents(of: directory) == before, "diagnose changed the directory")
        }
    }

    @Test("diagnose: a directory without a log, a file for a directory, and a bad --key")
    func diagnoseArguments() throws {
        try withPopulatedDirectory { directory in
            try FileManager.default.removeItem(at: directory.appendingPathComponent("diagnostics"))
            let missing = CLIHarness.run(["diagnose", "--dir", directory.path])
            #expect(missing.exitCode == .noInput)
            #expect(missing.standardError.hasPrefix("error: no diagnostics log in"))
            let file = directory.appendingPathComponent("snapshots/task-count/0000000001.snapshot").path
            let notDirectory = CLIHarness.run(["diagnose", "--dir", file])
            #expect(notDirectory.exitCode == .noInput)
            #expect(notDirectory.standardError.hasPrefix("error: cannot read '\(file)': no such directory"))
            let badKey = CLIHarness.run(["diagnose", "--dir", directory.path, "--key", "Task Count"])
            #expect(badKey.exitCode == .usage)
        }
    }
}
