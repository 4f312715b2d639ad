import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// A fetched answer the loader could not save is shown as revision 0 — data that exists only in
/// this timeline, as with a read-only store — never under the number of a revision it read, whose
/// record holds other content. Before, it carried the last revision read: the many-process hunt
/// (`SyncChaosProcessTests`) found a forced load answering "revision 35: 500024" while record 35
/// held 400008, after four writers' commits beat its save.
@Suite("Extension loading: an answer that was not saved never carries a stored revision's number")
struct UnsavedAnswerTests {
    let now = Date.at("2026-11-29T10:00:00+09:00")
    let widget = ScriptedWidget(
        kind: "spaces",
        freshness: FreshnessPolicy(staleAfter: 600, expiresAfter: 3600, refreshAfter: 600))
    let key = SnapshotKey(purpose: "spaces", scope: "north")

    func draft(_ label: String, observedAt: Date) throws -> SnapshotDraft<ScriptedPayload> {
        try SnapshotDraft(
            kind: "spaces", key: key, generatedAt: observedAt, observedAt: observedAt,
            payload: ScriptedPayload(initialLabel: label, phases: []))
    }

    @Test(
        "an answer whose save lost to other writers every time, or failed, is revision 0",
        arguments: ["contention", "unconfirmed"])
    func unsavedAnswerIsRevisionZero(failure: String) throws {
        try withTemporaryDirectory { directory in
            let host = FileSnapshotStore(directory: directory)
            _ = try host.commit(draft("old: 40 free", observedAt: now.addingTimeInterval(-3000)))
            let store: any SnapshotStore
            if failure == "contention" {
                // Before each of the loader's saves the host commits data older than the answer, so
                // each conflict reads it, finds the answer newer and tries again.
                store = CountingSnapshotStore.interfered(
                    wrapping: FileSnapshotStore(directory: directory),
                    by: try (1...4).map { index in
                        let draft = try draft("host \(index)", observedAt: now.addingTimeInterval(-2000))
                        return { _ = try? host.commit(draft) }
                    })
            } else {
                store = FailingCommitStore(
                    wrapping: FileSnapshotStore(directory: directory),
                    error: .unconfirmed(revision: 2, path: directory.path, errno: EIO))
            }
            let log = InMemoryDiagnosticLog()
            let loader = EntryLoader(kind: widget, store: store, sleeper: StalledClock(), log: log)
            let result = loader.load(key, at: now, forceRefresh: true) { _ in
                .success(
                    SourceAnswer(
                        payload: ScriptedPayload(initialLabel: "fetched", phases: []), observedAt: now))
            }
            let shown = try #require(result.snapshot)
            #expect(shown.payload.initialLabel == "fetched")
            #expect(shown.revision == 0)
            // No stored revision holds the answer.
            let stored = try #require(host.read(key, for: widget).snapshot)
            #expect(stored.payload.initialLabel != "fetched")
            #expect(stored.revision == (failure == "contention" ? 5 : 1))
            #expect(log.events(.snapshotCommit).isEmpty)
            #expect(log.events(.error).last?.reason?.hasPrefix(failure) == true)
        }
    }
}
