import Foundation
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineWidgetKit

#if canImport(WidgetKit)
    import AppIntents
#else
    import WidgetKitStandIn
#endif

/// The task-count widget's "Done" button: one open task fewer, saved from the extension before
/// `perform()` returns, so the reload the system gives the tapped widget reads it.
///
/// In an app with shared task data the intent would change that data and project it as the host
/// does; the example changes the count the widget shows, which is all it has. The host app sees the
/// new revision the next time it reads the store, and its next commit replaces it.
struct MarkTaskDoneIntent: AppIntent {
    static let title: LocalizedStringResource = "Mark a task done"

    init() {}

    func perform() async throws -> some IntentResult {
        guard let sync = ExtensionSetup.intentSync else { throw ExtensionSetup.unavailable }
        try Self.markDone(in: sync, reading: try ExtensionSetup.container.get().store(access: .readOnly))
        return .result()
    }

    /// Commits the stored count less one (never below zero) through the intent path.
    ///
    /// - Returns: the commit's outcome; `nil` when nothing is stored yet (there is no task to mark).
    @discardableResult
    static func markDone(in sync: WidgetSync, reading store: any SnapshotStore) throws(SnapshotStoreError)
        -> SyncOutcome?
    {
        let widget = TaskCountWidget()
        guard let stored = store.read(widget.defaultKey, for: widget).snapshot else { return nil }
        return try sync.commitFromIntent(
            TaskCountPayload(count: max(0, stored.payload.count - 1)), for: widget)
    }
}
