import Foundation
import WidgetTimeline

/// Events that say which writer logged them (the key) and in which order (the revision), so a test
/// can check that each writer's kept events are a gapless run.
enum WriterEvents {
    static func event(_ writer: String, _ revision: Int) -> DiagnosticEvent {
        DiagnosticEvent(
            at: Date(timeIntervalSince1970: 1_795_910_400 + Double(revision)), side: .host,
            stage: .snapshotCommit, key: SnapshotKey(purpose: writer), kind: "task-count", revision: revision)
    }

    /// The revisions `writer` logged, in the order `contents` has them.
    static func revisions(_ writer: String, in contents: DiagnosticLogContents) -> [Int] {
        contents.events.filter { $0.key == writer }.compactMap(\.revision)
    }
}

/// A fresh directory, removed when the value is released.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "diagnostics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
