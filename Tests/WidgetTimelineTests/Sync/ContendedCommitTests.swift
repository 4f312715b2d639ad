import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// A commit's comparison with the stored data — not observed later, not the same content — holds
/// for the revision it read and no other: the save expects that revision on every attempt. Before,
/// the fourth attempt committed after whatever was current, so a write that landed between that
/// attempt's comparison and its save was replaced unseen: a server value committed over an
/// intent's newer write, equal content saved twice. Found by the many-process hunt
/// (`SyncChaosProcessTests`): 3 hosts, an intent, a loader and a reader on one key saved data
/// observed up to 60 ms before the revision it replaced, in 4 of 20 runs.
@Suite("Contended commits: a save lands only after the revision it was compared with")
struct ContendedCommitTests {
    let clock = ManualClock(now: Date(timeIntervalSince1970: 1_796_000_000))
    let widget = NotedCount()
    let log = InMemoryDiagnosticLog()

    func draft(_ count: Int, observedAt: Date) throws -> SnapshotDraft<NotedCount.Payload> {
        try SnapshotDraft(
            for: widget, generatedAt: observedAt, observedAt: observedAt,
            payload: .init(count: count, debugNote: ""))
    }

    /// Revision 1 stored, then the app's sync on a store where `interference` lands before each
    /// of its commits.
    func sync(
        in directory: URL, interference: (FileSnapshotStore) throws -> [@Sendable () -> Void]
    ) throws -> (sync: WidgetSync, store: CountingSnapshotStore, other: FileSnapshotStore) {
        let other = FileSnapshotStore(directory: directory)
        _ = try other.commit(draft(1, observedAt: clock.now.addingTimeInterval(-600)))
        let store = CountingSnapshotStore.interfered(
            wrapping: FileSnapshotStore(directory: directory), by: try interference(other))
        let sync = WidgetSync(store: store, reloader: RecordingReloader(), clock: clock, log: log)
        return (sync, store, other)
    }

    @Test(
        "a write landing just before the fourth attempt is compared with like the first three: newer data stands, equal content is not saved again",
        arguments: ["an intent's newer write", "the same content from another process"])
    func fourthAttemptStillCompares(landing: String) throws {
        try withTemporaryDirectory { directory in
            let now = clock.now
            // The app commits a server value of 6 observed 5 minutes ago, or, with no observation,
            // the 6 it has now.
            let observedAt = landing == "an intent's newer write" ? now.addingTimeInterval(-300) : nil
            let (sync, store, other) = try sync(in: directory) { other in
                // Three commits of data older than the app's, each after one of its comparisons…
                let older = try (2...4).map { try draft(10 + $0, observedAt: now.addingTimeInterval(-500)) }
                // … then, after the fourth, the write the app's commit must be compared with too.
                let last =
                    landing == "an intent's newer write"
                    ? try draft(5, observedAt: now) : try draft(6, observedAt: now.addingTimeInterval(-1))
                return (older + [last]).map { draft in { _ = try? other.commit(draft) } }
            }
            let outcome = try sync.commit(.init(count: 6, debugNote: ""), for: widget, observedAt: observedAt)
            #expect(store.commits == 4)
            // Revision 5 is the write that landed last; nothing is committed after it.
            #expect(outcome == .unchanged(revision: 5))
            #expect(other.newestRevision(of: widget.defaultKey) == 5)
            let stored = try #require(other.read(widget.defaultKey, for: widget).snapshot)
            #expect(stored.payload.count == (landing == "an intent's newer write" ? 5 : 6))
            #expect(log.events.last?.stage == .dedupeSkip)
        }
    }

    @Test(
        "a commit that meets another writer's commit after each of 64 comparisons throws contention, saving nothing"
    )
    func boundedContention() throws {
        try withTemporaryDirectory { directory in
            let now = clock.now
            let (sync, store, other) = try sync(in: directory) { other in
                try (1...64).map { index in
                    let draft = try draft(100 + index, observedAt: now.addingTimeInterval(-500))
                    return { _ = try? other.commit(draft) }
                }
            }
            #expect(throws: SnapshotStoreError.contention(attempts: 64)) {
                try sync.commit(.init(count: 6, debugNote: ""), for: widget)
            }
            #expect(store.commits == 64)
            #expect(other.newestRevision(of: widget.defaultKey) == 65)
            #expect(try #require(other.read(widget.defaultKey, for: widget).snapshot).payload.count == 164)
            #expect(log.events.last?.stage == .error && log.events.last?.reason == "contention")
            // The next commit, uncontended, is saved.
            #expect(try sync.commit(.init(count: 6, debugNote: ""), for: widget).revision == 66)
        }
    }
}

/// "Still my last commit" rests on two listings, as every answer of the store does: a listing
/// made while another process publishes may not show the name it adds (POSIX leaves it
/// unspecified, and `ChangingDirectoryFileSystem` plays such a pass), and one listing showing the
/// sync's own revision as the newest made a repeat `.unchanged` while another process's different
/// content was newest: the app's value acknowledged as stored, the widget showing the other.
@Suite("A repeat of the last commit is unchanged only if two listings show that commit still newest")
struct RepeatAfterMissedRevisionTests {
    let clock = ManualClock(now: Date(timeIntervalSince1970: 1_796_000_000))
    let widget = NotedCount()

    @Test(
        "another process's commit during the listing that would confirm the repeat is seen, and the repeat saved",
        arguments: ["the same value", "the same count with another note"])
    func repeatAfterMissedRevision(emission: String) throws {
        try withTemporaryDirectory { directory in
            let fileSystem = ChangingDirectoryFileSystem()
            let sync = WidgetSync(
                store: FileSnapshotStore(directory: directory, fileSystem: fileSystem),
                reloader: RecordingReloader(), clock: clock)
            #expect(try sync.commit(.init(count: 5, debugNote: ""), for: widget).revision == 1)
            // The extension saves 7 while the app's next listing runs.
            let other = FileSnapshotStore(directory: directory)
            let seven = try SnapshotDraft(
                for: widget, generatedAt: clock.now, payload: NotedCount.Payload(count: 7, debugNote: ""))
            fileSystem.change(duringListing: 1) { _ = try? other.commit(seven) }
            // The same bytes take the fast path; the same count under another note (which the
            // fingerprint leaves out) is compared with the sync's own last commit.
            let note = emission == "the same value" ? "" : "changed note"
            let outcome = try sync.commit(.init(count: 5, debugNote: note), for: widget)
            #expect(!fileSystem.isChangePending, "the extension's commit ran during the app's listing")
            #expect(outcome.revision == 3)
            let stored = try #require(other.read(widget.defaultKey, for: widget).snapshot)
            #expect(stored.revision == 3 && stored.payload.count == 5)
        }
    }
}

extension CountingSnapshotStore {
    /// A store through which each commit is preceded by the next of `interference`, another
    /// writer's commit to the same directory, while any is left.
    static func interfered(wrapping store: any SnapshotStore, by interference: [@Sendable () -> Void])
        -> CountingSnapshotStore
    {
        CountingSnapshotStore(wrapping: store) { number in
            if number <= interference.count { interference[number - 1]() }
        }
    }
}
