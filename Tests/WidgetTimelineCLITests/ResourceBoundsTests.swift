import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// The built binary on the largest and most expensive inputs each command accepts, and on inputs
/// far beyond the caps: it finishes, exits as documented, and its peak memory stays bounded — the
/// caps hold on the real process, not only in-process. Peak memory is `wait4`'s `ru_maxrss` (see
/// ``MeasuredRun``); it and the time are printed for `docs/robustness.md`, and time is never
/// asserted on.
@Suite("Resource bounds of the real binary on enormous input", .serialized)
struct ResourceBoundsTests {
    /// Well above what any of these inputs needs, well below what reading the 256 MiB inputs over
    /// the caps would take.
    static let memoryBoundKiB = 200 * 1024

    struct Input: CustomTestStringConvertible, Sendable {
        var name: String
        /// Arguments; `FILE` is replaced by the path of the written file, `DIR` by the directory.
        var arguments: [String]
        var file: @Sendable () -> Data
        var stdin = false
        var exitCode: Int32
        var testDescription: String { name }
    }

    static func envelope(_ kind: String, _ payload: String) -> String {
        #"{"schemaVersion":1,"kind":"\#(kind)","key":"\#(kind)","revision":1,"generatedAt":"2026-11-29T00:00:00Z","fingerprint":"x","payload":\#(payload)}"#
    }

    static let inputs: [Input] = [
        Input(
            name: "build: a snapshot over the 1 MiB cap, on standard input",
            arguments: [
                "build", "--widget", "task-count", "--snapshot", "-", "--now", "2026-11-29T00:00:00Z",
                "--time-zone", "UTC",
            ],
            file: { Data(repeating: 0x20, count: 64 << 20) }, stdin: true, exitCode: 65),
        Input(
            name: "build: a 1 MiB schedule with 40,000 items due in one day",
            arguments: [
                "build", "--widget", "schedule", "--snapshot", "FILE", "--now", "2026-11-29T00:00:00Z",
                "--time-zone", "Australia/Lord_Howe",
            ],
            file: {
                let dates = (0..<40_000).map {
                    Instant.format(Date(timeIntervalSince1970: 1_796_083_200 + Double($0) * 2))
                }
                let pending = "\"" + dates.joined(separator: "\",\"") + "\""
                return Data(envelope("schedule", "{\"completedToday\":0,\"pending\":[\(pending)]}").utf8)
            }, exitCode: 0),
        Input(
            name: "lint: a timeline just under the 4 MiB cap, 25,000 entries",
            arguments: ["lint", "FILE"],
            file: {
                let entries = (0..<25_000).map { index in
                    #"{"date":"\#(Instant.format(Date(timeIntervalSince1970: 1_796_083_200 + Double(index) * 60)))","state":{"display":"fresh","content":{"count":\#(index)},"revision":1,"observedAt":"2026-11-29T00:00:00Z"},"relevance":null}"#
                }
                return Data(
                    (#"{"entries":["# + entries.joined(separator: ",") + #"],"policy":{"type":"atEnd"}}"#)
                        .utf8)
            }, exitCode: 1),
        Input(
            name: "lint: 4 MiB of nested arrays", arguments: ["lint", "FILE"],
            file: { Data(repeating: UInt8(ascii: "["), count: (4 << 20) - 1) }, exitCode: 65),
        Input(
            name: "lint: a 256 MiB file", arguments: ["lint", "FILE"],
            file: { Data(repeating: UInt8(ascii: "["), count: 256 << 20) }, exitCode: 65),
        Input(
            name: "store write: a payload of 500,000 numbers",
            arguments: ["store", "write", "--dir", "DIR", "--key", "numbers", "--payload", "FILE"],
            file: { Data(("[" + Array(repeating: "0", count: 500_000).joined(separator: ",") + "]").utf8) },
            exitCode: 0),
        Input(
            name: "store read: a 256 MiB record",
            arguments: ["store", "read", "--dir", "DIR", "--key", "task-count"],
            file: { Data(repeating: 0x20, count: 256 << 20) }, exitCode: 1),
        Input(
            name: "diagnose: a 256 MiB log", arguments: ["diagnose", "--dir", "DIR", "--events"],
            file: { Data(repeating: 0x0A, count: 256 << 20) }, exitCode: 0),
        Input(
            name: "boundaries: 10,000 day starts in Lord Howe",
            arguments: [
                "boundaries", "--time-zone", "Australia/Lord_Howe", "--from", "2026-01-01T00:00:00Z",
                "--count", "10000", "--day-start", "02:30",
            ],
            file: { Data() }, exitCode: 0),
    ]

    @Test("bounded memory, the documented exit code, and an end", arguments: inputs)
    func bounded(_ input: Input) throws {
        let binary = try #require(BuiltProducts.executable("widget-timeline"), "widget-timeline is not built")
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("widget-timeline-resources-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let contents = input.file()
        var file = directory.appendingPathComponent("input.json")
        // The store and diagnose inputs go where those commands look.
        if input.arguments.starts(with: ["store", "read"]) {
            file = directory.appendingPathComponent("snapshots/task-count/0000000001.snapshot")
        } else if input.arguments.first == "diagnose" {
            file = directory.appendingPathComponent("diagnostics/events.jsonl")
        }
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file)
        let arguments = input.arguments.map { $0 == "FILE" ? file.path : $0 == "DIR" ? directory.path : $0 }

        let run = try MeasuredRun.run(binary, arguments, input: input.stdin ? contents : Data())
        // What was measured goes with a failure, not into every passing run's output.
        let measured =
            "\(input.name): exit \(run.status), peak RSS \(run.peakResidentKiB / 1024) MiB, "
            + String(format: "%.2f s", run.seconds)
        #expect(run.status == input.exitCode, "\(measured); \(run.standardError.prefix(500))")
        #expect(run.peakResidentKiB < Self.memoryBoundKiB, "\(measured)")
        if run.status > 1 {
            #expect(
                run.standardError.hasPrefix("error: ") && run.standardOutput.isEmpty, "\(run.standardError)")
        }
    }
}
