import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// A writer suspended between choosing its revision and publishing it — iOS suspends an app at any
/// instruction — while another process commits past it and clean-up frees the name it chose.
@Suite("A paused writer is never acknowledged a revision below the newest")
struct PausedWriterTests {
    /// A shared directory with revision 1, and a second writer whose next exclusive rename first
    /// lets `others` run: four commits by another process, whose clean-up removes revisions 1 and 2.
    private func pausedWriter(
        in directory: URL, beforePublishing others: [Int] = Array(2...5)
    ) throws -> (paused: FileSnapshotStore, other: FileSnapshotStore) {
        let other = FileSnapshotStore(directory: directory)
        _ = try other.commit(StoreFixture.draft(1))
        let fileSystem = FaultInjectingFileSystem()
        let hasPaused = Once()
        fileSystem.pausePoint = { call in
            guard call.publishesRecord, hasPaused.first() else { return }
            for value in others { _ = try? other.commit(StoreFixture.draft(value)) }
        }
        return (FileSnapshotStore(directory: directory, fileSystem: fileSystem), other)
    }

    @Test("any-revision commit: the stale publish is not acknowledged; it commits after the newest")
    func anyRevision() throws {
        try withTemporaryDirectory { directory throws in
            let (paused, _) = try pausedWriter(in: directory)
            // It listed revision 1 and chose 2; when it resumes, 5 is newest and 2's name is free.
            let outcome = try paused.commit(StoreFixture.draft(100))
            #expect(outcome.revision == 6)
            let read = FileSnapshotStore.readOnly(directory: directory)
                .read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
            #expect(read.snapshot?.revision == 6)
            #expect(read.snapshot?.payload.value == 100)
            // The stale record it published as 2 is gone with the other old revisions.
            #expect(revisionFiles(in: paused.directory(for: StoreFixture.key)) == [4, 5, 6])
        }
    }

    @Test("compare-and-swap commit: a conflict naming the newest revision, never an acknowledgement")
    func compareAndSwap() throws {
        try withTemporaryDirectory { directory throws in
            let (paused, _) = try pausedWriter(in: directory)
            #expect(throws: SnapshotStoreError.conflict(current: 5)) {
                try paused.commit(StoreFixture.draft(100), expecting: .revision(1))
            }
            let read = FileSnapshotStore.readOnly(directory: directory)
                .read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
            #expect(read.snapshot?.revision == 5)
            #expect(read.snapshot?.payload.value == 5)
        }
    }

    @Test("overtaken by one commit while the name was still free: the next revision, not a lost one")
    func overtakenOnce() throws {
        try withTemporaryDirectory { directory throws in
            let (paused, _) = try pausedWriter(in: directory, beforePublishing: [2])
            // Revision 2 was taken by the other writer: the exclusive rename refuses, and it goes on.
            #expect(try paused.commit(StoreFixture.draft(100)).revision == 3)
        }
    }
}
