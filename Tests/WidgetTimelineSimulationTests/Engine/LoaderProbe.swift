import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples

/// Whether the loader's save keeps whichever data was observed later when the host committed
/// while the extension was fetching (a compare-and-swap against the revision it read). Found by
/// running the real `EntryLoader` once, with a host commit landing inside its fetch.
///
/// `commit-during-fetch.json` shows the difference: without it, the extension's older answer
/// supersedes the app's newer commit. The scenario's tests expect the fix, and record a known issue
/// naming it while the loader saves unconditionally.
enum LoaderProbe {
    static let keepsLaterData: Bool = {
        let kind = TaskCountWidget()
        let store = InMemorySnapshotStore()
        let read = Date(timeIntervalSince1970: 1_800_000_000)
        let draft = { (count: Int, observed: Date) in
            try SnapshotDraft(
                for: kind, key: kind.defaultKey, generatedAt: observed, observedAt: observed,
                payload: TaskCountPayload(count: count))
        }
        guard (try? store.commit(try draft(3, read.addingTimeInterval(-3 * 3600)))) != nil else {
            return false
        }
        let loader = EntryLoader(kind: kind, store: store, sleeper: ContinuousClock())
        // The answer was observed when the request left; the app commits newer data before it returns.
        _ = loader.load(kind.defaultKey, at: read) { _ in
            _ = try? store.commit(try draft(4, read.addingTimeInterval(3)))
            return .success(SourceAnswer(payload: TaskCountPayload(count: 3), observedAt: read))
        }
        return store.read(kind.defaultKey, for: kind).snapshot?.payload.count == 4
    }()

    /// Runs `body`; for `commit-during-fetch.json` while the loader lacks the fix, its failures are
    /// a known issue that says so.
    static func expectingTheSaveFix(in name: String, _ body: () throws -> Void) rethrows {
        guard name == "commit-during-fetch.json", !keepsLaterData else { return try body() }
        withKnownIssue(
            "EntryLoader still saves a fetched answer whatever was committed meanwhile (issue 14, item 7)"
        ) {
            try body()
        }
    }
}
