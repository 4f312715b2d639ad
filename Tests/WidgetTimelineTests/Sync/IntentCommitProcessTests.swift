import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// The host app and the widget extension as two real processes committing to one shared
/// directory at the same time: the host through `WidgetSync.commit`, the extension through
/// `commitFromIntent` while its interactive widget is tapped, each tap followed by the provider run
/// the system starts when `perform()` returns (`WidgetPipelineProbe host` and `tap`).
@Suite("Intent taps: app and extension commit concurrently, and the provider reads what the tap saved")
struct IntentCommitProcessTests {
    /// One tap's line: the revision its commit got, and what the provider run after it read.
    struct Tap: Equatable {
        var committed: Int
        var read: Int
        var count: Int
    }

    private func run(_ arguments: [String]) async throws -> ProcessOutput {
        let probe = try #require(
            BuiltProducts.executable("WidgetPipelineProbe"), "WidgetPipelineProbe is not built")
        return try await Task.detached { try ProcessOutput.run(probe, arguments) }.value
    }

    @Test(
        "Every commit of either process gets its own revision, none lost; each tap's provider run reads it or newer"
    )
    func concurrentCommits() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "intent-taps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let hostCommits = 120
        let taps = 60

        async let host = run(["host", directory.path, "\(hostCommits)"])
        async let widget = run(["tap", directory.path, "\(taps)"])
        let (hostOutput, tapOutput) = try await (host, widget)

        #expect(hostOutput.status == 0, "\(hostOutput.standardError)")
        #expect(tapOutput.status == 0, "\(tapOutput.standardError)")
        let acknowledged = hostOutput.standardOutput.split(separator: "\n").compactMap {
            Int($0.dropFirst("ACK ".count))
        }
        let tapped = tapOutput.standardOutput.split(separator: "\n").compactMap { line -> Tap? in
            let fields = line.split(separator: " ")
            guard fields.count == 6, let committed = Int(fields[1]), let read = Int(fields[3]),
                let count = Int(fields[5])
            else { return nil }
            return Tap(committed: committed, read: read, count: count)
        }
        try #require(acknowledged.count == hostCommits)
        try #require(tapped.count == taps)

        // One revision per commit, across both writers, and none skipped.
        let revisions = acknowledged + tapped.map(\.committed)
        #expect(Set(revisions).count == revisions.count)
        #expect(Set(revisions) == Set(1...(hostCommits + taps)))
        // Each writer's revisions rise.
        #expect(acknowledged == acknowledged.sorted())
        #expect(tapped.map(\.committed) == tapped.map(\.committed).sorted())
        // The provider run after a tap reads that tap's revision, or a newer one; never older.
        for (index, tap) in tapped.enumerated() {
            #expect(tap.read >= tap.committed, "tap \(index + 1): \(tap)")
            if tap.read == tap.committed { #expect(tap.count == 100_000 + index + 1, "tap \(index + 1)") }
        }

        // The store ends at the last revision, and the log shows the extension's reload requests
        // only on the intent path, only for the other kind.
        let store = FileSnapshotStore(directory: directory, access: .readOnly)
        #expect(store.newestRevision(of: SnapshotKey(purpose: "task-count")) == hostCommits + taps)
        let events = FileDiagnosticLog(directory: directory).read()
        #expect(events.skippedLines == 0)
        let extensionReloads = events.events.filter {
            $0.side == .widgetExtension && $0.stage == .reloadRequest
        }
        #expect(extensionReloads.count == taps)
        #expect(
            extensionReloads.allSatisfy { $0.reason?.hasPrefix("intent") == true && $0.kind == "schedule" })
        let extensionCommits = events.events.filter {
            $0.side == .widgetExtension && $0.stage == .snapshotCommit
        }
        #expect(extensionCommits.map(\.revision) == tapped.map(\.committed))
    }
}
