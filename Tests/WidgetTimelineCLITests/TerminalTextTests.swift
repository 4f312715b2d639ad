import Foundation
import Testing
import WidgetTimeline

@testable import WidgetTimelineCLI

@Suite("Control characters in output")
struct TerminalTextTests {
    @Test("escapes exactly the scalars of general category Cc, over all of Unicode")
    func escapesExactlyTheControlCategory() {
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            let escaped = TerminalText.line(text) != text
            if escaped != (scalar.properties.generalCategory == .control) { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty, "differ at \(mismatches.prefix(10).map { String($0, radix: 16) })")
    }

    @Test("JSON output with U+007F–U+009F in its strings stays JSON, and reads back as written")
    func jsonOutputStaysJSON() throws {
        let text = "a\u{7F}b\u{85}c\u{9B}2J"
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("widget-timeline-c1-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let payload = try JSONEncoder().encode(["s": text])
        let write = CLIHarness.run(["store", "write", "--dir", directory.path, "--key", "k"], stdin: payload)
        #expect(write.exitCode == .success, "\(write.standardError)")
        let log = directory.appendingPathComponent("diagnostics/events.jsonl")
        try FileManager.default.createDirectory(
            at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
        let event = try JSONCoding.encoder().encode(
            DiagnosticEvent(
                at: Date(timeIntervalSince1970: 1_796_000_000), side: .host, stage: .snapshotCommit,
                key: SnapshotKey(purpose: "k"), kind: text, revision: 1))
        try (event + Data("\n".utf8)).write(to: log)
        for arguments in [["store", "read", "--key", "k"], ["diagnose"]] {
            let run = CLIHarness.run(arguments + ["--dir", directory.path, "--format", "json"])
            // `diagnose` reports the stages this one-event log lacks (exit 1); either way it prints.
            #expect(
                run.exitCode == .success || run.exitCode == .problemFound,
                "\(arguments): \(run.standardError)")
            #expect(!run.standardOutput.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
            let parsed = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
            if arguments[0] == "store" {
                let payload = (parsed as? [String: Any])?["payload"] as? [String: String]
                #expect(payload?["s"] == text)
            } else {
                #expect(run.standardOutput.contains(#"\u007f"#))
            }
        }
    }
}
