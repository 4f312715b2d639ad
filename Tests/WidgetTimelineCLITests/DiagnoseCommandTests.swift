import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineCLI

/// `diagnose` on the logs an independent tester built from ordinary use, and the rule that `--key`
/// selects a verdict without changing it.
@Suite("diagnose: verdicts on ordinary logs, the same with and without --key")
struct DiagnoseCommandTests {
    private func directory(with lines: [String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "diagnose-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("diagnostics"), withIntermediateDirectories: true)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(
            to: url.appendingPathComponent("diagnostics/events.jsonl"))
        return url
    }

    /// The lines of `output` from the block of `key` on.
    private func block(_ key: String, in output: String) -> [Substring] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        return Array(lines.drop { $0 != key }.prefix { !$0.isEmpty })
    }

    /// Case A: the order the extension logs a fetch.
    static let fetch = [
        #"{"at":"2026-12-01T10:30:00.000Z","key":"lots","kind":"parking","side":"extension","stage":"provider_run"}"#,
        #"{"at":"2026-12-01T10:30:00.001Z","ageSeconds":1800,"freshness":"stale","key":"lots","kind":"parking","reason":"found","revision":7,"schemaVersion":1,"side":"extension","stage":"snapshot_read"}"#,
        #"{"at":"2026-12-01T10:30:00.300Z","key":"lots","kind":"parking","reason":"fetched","revision":8,"schemaVersion":1,"side":"extension","stage":"snapshot_commit"}"#,
        #"{"at":"2026-12-01T10:30:00.301Z","entryCount":3,"freshness":"fresh","key":"lots","kind":"parking","policy":"after+1800s","revision":8,"side":"extension","stage":"timeline_build"}"#,
    ]

    /// Case B: the host commits and reloads `tasks`; then another widget's provider runs.
    static let otherWidget = [
        #"{"at":"2026-12-01T22:59:00.000Z","key":"tasks","kind":"task-count","revision":1,"schemaVersion":1,"side":"host","stage":"snapshot_commit"}"#,
        #"{"at":"2026-12-01T22:59:00.000Z","key":"tasks","kind":"task-count","reason":"commit","reloadsInDay":1,"side":"host","stage":"reload_request"}"#,
        #"{"at":"2026-12-01T23:00:00.000Z","key":"parking","kind":"parking","side":"extension","stage":"provider_run"}"#,
        #"{"at":"2026-12-01T23:00:00.001Z","key":"parking","kind":"parking","reason":"found","revision":4,"schemaVersion":1,"side":"extension","stage":"snapshot_read"}"#,
        #"{"at":"2026-12-01T23:00:00.002Z","entryCount":3,"key":"parking","kind":"parking","policy":"after+1800s","revision":4,"side":"extension","stage":"timeline_build"}"#,
    ]

    /// Case C: the commit rotated out; the re-save of the same content logged its skip.
    static let keptOnly = [
        #"{"at":"2026-12-01T23:10:00.000Z","key":"tasks","kind":"task-count","revision":1,"side":"host","stage":"dedupe_skip"}"#
    ]

    /// A debounced reload carries no key, for any of the keys it serves.
    static let debounced = [
        #"{"at":"2026-12-01T10:00:00.000Z","key":"tasks","kind":"task-count","revision":3,"schemaVersion":1,"side":"host","stage":"snapshot_commit"}"#,
        #"{"at":"2026-12-01T10:00:02.000Z","kind":"task-count","reason":"debounce","reloadsInDay":1,"side":"host","stage":"reload_request"}"#,
        #"{"at":"2026-12-01T10:00:05.000Z","key":"tasks","kind":"task-count","side":"extension","stage":"provider_run"}"#,
        #"{"at":"2026-12-01T10:00:05.000Z","key":"tasks","kind":"task-count","reason":"found","revision":3,"schemaVersion":1,"side":"extension","stage":"snapshot_read"}"#,
        #"{"at":"2026-12-01T10:00:05.000Z","entryCount":2,"key":"tasks","kind":"task-count","policy":"atEnd","revision":3,"side":"extension","stage":"timeline_build"}"#,
    ]

    @Test("the extension's fetch passes stage 4: it read 7, then fetched and saved 8")
    func fetchPasses() throws {
        let url = try directory(with: Self.fetch)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = CLIHarness.run(["diagnose", "--dir", url.path])
        #expect(result.exitCode == .success, "\(result.standardOutput)")
        #expect(
            result.standardOutput.contains(
                "4 ok   provider read revision 7, then fetched and saved revision 8"))
    }

    @Test("another widget's provider run is not a kind mismatch: no provider run since the reload request")
    func otherWidgetRun() throws {
        let url = try directory(with: Self.otherWidget)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = CLIHarness.run(["diagnose", "--dir", url.path])
        #expect(result.exitCode == .problemFound)
        let tasks = block("tasks", in: result.standardOutput).joined(separator: "\n")
        #expect(
            tasks.contains("3 FAIL no provider run since the reload request at 2026-12-01T22:59:00Z"),
            "\(tasks)")
        #expect(!tasks.contains("kind string"))
    }

    @Test("a kept revision is a saved one: stage 1 passes, the rest is older than the log")
    func keptRevision() throws {
        let url = try directory(with: Self.keptOnly)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = CLIHarness.run(["diagnose", "--dir", url.path, "--key", "tasks"])
        #expect(result.exitCode == .success, "\(result.standardOutput)")
        #expect(result.standardOutput.contains("1 ok   host kept revision 1"))
        #expect(!result.standardOutput.contains("never saved"))
    }

    @Test(
        "--key selects a key's verdict and never changes it",
        arguments: [
            fetch, otherWidget, keptOnly, debounced, otherWidget + debounced, failedIntent, skipAfterFailure,
        ])
    func keyChangesNothing(_ lines: [String]) throws {
        let url = try directory(with: lines)
        defer { try? FileManager.default.removeItem(at: url) }
        let all = CLIHarness.run(["diagnose", "--dir", url.path])
        let events = lines.compactMap {
            try? JSONCoding.decoder().decode(DiagnosticEvent.self, from: Data($0.utf8))
        }
        #expect(events.count == lines.count)
        for key in Set(events.compactMap(\.key)) {
            let one = CLIHarness.run(["diagnose", "--dir", url.path, "--key", key])
            #expect(block(key, in: one.standardOutput) == block(key, in: all.standardOutput), "key \(key)")
            #expect(!block(key, in: one.standardOutput).isEmpty)
        }
    }

    /// An intent's save that failed in the extension, after the revision the provider reads.
    static let failedIntent = [
        #"{"at":"2026-12-01T10:00:00.000Z","key":"tasks","kind":"task-count","revision":3,"schemaVersion":1,"side":"host","stage":"snapshot_commit"}"#,
        #"{"at":"2026-12-01T10:00:00.000Z","key":"tasks","kind":"task-count","reason":"commit","reloadsInDay":1,"side":"host","stage":"reload_request"}"#,
        #"{"at":"2026-12-01T10:05:00.000Z","key":"tasks","kind":"task-count","reason":"read-only","side":"extension","stage":"error"}"#,
        #"{"at":"2026-12-01T10:05:01.000Z","key":"tasks","kind":"task-count","side":"extension","stage":"provider_run"}"#,
        #"{"at":"2026-12-01T10:05:01.000Z","key":"tasks","kind":"task-count","reason":"found","revision":3,"schemaVersion":1,"side":"extension","stage":"snapshot_read"}"#,
        #"{"at":"2026-12-01T10:05:01.000Z","entryCount":2,"key":"tasks","kind":"task-count","policy":"atEnd","revision":3,"side":"extension","stage":"timeline_build"}"#,
    ]

    /// A save that failed, then the content already stored committed again: skipped, nothing lost.
    static let skipAfterFailure = [
        #"{"at":"2026-12-01T10:00:00.000Z","key":"tasks","kind":"task-count","revision":3,"schemaVersion":1,"side":"host","stage":"snapshot_commit"}"#,
        #"{"at":"2026-12-01T10:00:00.000Z","key":"tasks","kind":"task-count","reason":"commit","reloadsInDay":1,"side":"host","stage":"reload_request"}"#,
        #"{"at":"2026-12-01T10:01:00.000Z","key":"tasks","kind":"task-count","reason":"io-write-EIO","side":"host","stage":"error"}"#,
        #"{"at":"2026-12-01T10:02:00.000Z","key":"tasks","kind":"task-count","revision":3,"side":"host","stage":"dedupe_skip"}"#,
        #"{"at":"2026-12-01T10:05:01.000Z","key":"tasks","kind":"task-count","side":"extension","stage":"provider_run"}"#,
        #"{"at":"2026-12-01T10:05:01.000Z","key":"tasks","kind":"task-count","reason":"found","revision":3,"schemaVersion":1,"side":"extension","stage":"snapshot_read"}"#,
        #"{"at":"2026-12-01T10:05:01.000Z","entryCount":2,"key":"tasks","kind":"task-count","policy":"atEnd","revision":3,"side":"extension","stage":"timeline_build"}"#,
    ]

    @Test("an intent's failed save in the extension fails stage 1, in text and in JSON")
    func failedIntentSave() throws {
        let url = try directory(with: Self.failedIntent)
        defer { try? FileManager.default.removeItem(at: url) }
        let text = CLIHarness.run(["diagnose", "--dir", url.path])
        #expect(text.exitCode == .problemFound, "\(text.standardOutput)")
        #expect(text.standardOutput.contains("1 FAIL extension tried to save at 2026-12-01T10:05:00Z"))
        let json = CLIHarness.run(["diagnose", "--dir", url.path, "--format", "json"])
        #expect(json.exitCode == .problemFound)
        #expect(json.standardOutput.contains(#""firstFailure" : 1"#), "\(json.standardOutput)")
    }

    @Test("a skip after a failed save: the content is stored, every stage passes")
    func skipAfterFailedSave() throws {
        let url = try directory(with: Self.skipAfterFailure)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = CLIHarness.run(["diagnose", "--dir", url.path])
        #expect(result.exitCode == .success, "\(result.standardOutput)")
        #expect(result.standardOutput.contains("1 ok   host committed revision 3"))
    }

    @Test("a debounced reload, which carries no key, counts for --key too")
    func debouncedWithKey() throws {
        let url = try directory(with: Self.debounced)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = CLIHarness.run(["diagnose", "--dir", url.path, "--key", "tasks"])
        #expect(result.exitCode == .success, "\(result.standardOutput)")
        #expect(result.standardOutput.contains("2 ok   reload requested for kind 'task-count'"))
    }
}
