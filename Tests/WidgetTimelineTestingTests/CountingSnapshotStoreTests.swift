import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

@Suite("CountingSnapshotStore")
struct CountingSnapshotStoreTests {
    let key = SnapshotKey(purpose: "count")
    let now = Date(timeIntervalSince1970: 1_796_000_000)

    func draft(_ count: Int) throws -> SnapshotDraft<Int> {
        try SnapshotDraft(kind: "count", key: key, generatedAt: now, payload: count)
    }

    @Test("counts reads, commits and listings, and forwards each to the store it wraps")
    func counts() throws {
        let inner = InMemorySnapshotStore()
        let store = CountingSnapshotStore(wrapping: inner)
        #expect(try store.commit(draft(1)).revision == 1)
        #expect(try store.commit(draft(2), expecting: .revision(1)).revision == 2)
        #expect(store.read(key, as: Int.self, supportedSchema: 1).snapshot?.payload == 2)
        #expect(store.newestRevision(of: key) == 2)
        #expect((store.reads, store.commits, store.listings) == (1, 2, 1))
        #expect(inner.read(key, as: Int.self, supportedSchema: 1).snapshot?.revision == 2)
    }

    @Test("another writer's commit lands before each commit: the commit then meets its revision")
    func interference() throws {
        let inner = InMemorySnapshotStore()
        let other = try draft(9)
        let store = CountingSnapshotStore(wrapping: inner) { number in
            if number == 1 { _ = try? inner.commit(other) }
        }
        #expect(throws: SnapshotStoreError.conflict(current: 1)) {
            try store.commit(draft(1), expecting: .absent)
        }
        #expect(try store.commit(draft(1), expecting: .revision(1)).revision == 2)
        #expect(store.commits == 2)
    }

    @Test("past its commit limit the test fails and the commit is refused, so a loop cannot hang")
    func limit() throws {
        let store = CountingSnapshotStore(wrapping: InMemorySnapshotStore(), commitLimit: 2)
        _ = try store.commit(draft(1))
        _ = try store.commit(draft(2))
        withKnownIssue {
            #expect(throws: SnapshotStoreError.readOnly) { try store.commit(draft(3)) }
        }
        #expect(store.commits == 3)
        #expect(store.newestRevision(of: key) == 2)
    }
}
