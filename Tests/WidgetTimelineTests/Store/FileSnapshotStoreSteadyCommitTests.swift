import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A writer that committed before remembers its revision: its next commit confirms it with two
/// `stat`s instead of a listing and removes the one revision that falls out by name. What it
/// remembers is only a guess — another writer, a failure or a removed directory sends it back to a
/// listing, and the revision it commits is always the one a new writer would.
struct FileSnapshotStoreSteadyCommitTests {
    /// The calls of one commit, by kind.
    static func kinds(_ calls: [FileSystemCall]) -> [FileSystemCall.Kind] { calls.map(\.kind) }

    @Test("a writer's next commit: two stats, the durable write, and one removal by name — no listing")
    func steadyCommitCalls() throws {
        try withTemporaryDirectory { directory throws in
            let fileSystem = FaultInjectingFileSystem()
            let store = FileSnapshotStore(directory: directory, fileSystem: fileSystem)
            for value in 1...3 { _ = try store.commit(StoreFixture.draft(value)) }
            fileSystem.disarm()
            let outcome = try store.commit(StoreFixture.draft(4))
            #expect(outcome == CommitOutcome(revision: 4))
            let calls = fileSystem.calls
            #expect(
                Self.kinds(calls) == [
                    .statusAtPath, .statusAtPath,
                    .open, .write, .synchronize, .close, .renameExclusively,
                    .open, .synchronize, .close,
                    .unlink,
                ], "\(calls)")
            #expect(calls.first?.path.hasSuffix("/0000000004.snapshot") == true)
            #expect(calls.dropFirst().first?.path.hasSuffix("/0000000003.snapshot") == true)
            #expect(calls.last?.path.hasSuffix("/0000000001.snapshot") == true)
            #expect(revisionFiles(in: store.directory(for: StoreFixture.key)) == [2, 3, 4])
        }
    }

    @Test(
        "another writer moved past the remembered revision: the commit lists and follows the newest",
        arguments: [1, 2, 3, 4, 9])
    func otherWriterCommitted(commitsByOther: Int) throws {
        try withTemporaryDirectory { directory throws in
            let fileSystem = FaultInjectingFileSystem()
            let store = FileSnapshotStore(directory: directory, fileSystem: fileSystem)
            for value in 1...3 { _ = try store.commit(StoreFixture.draft(value)) }
            // Another writer commits — and cleans up, so the remembered revision 3 may be gone.
            let other = FileSnapshotStore(directory: directory)
            for value in 4..<(4 + commitsByOther) { _ = try other.commit(StoreFixture.draft(value)) }
            fileSystem.disarm()
            let expected = 4 + commitsByOther
            let outcome = try store.commit(StoreFixture.draft(expected))
            #expect(outcome.revision == expected)
            #expect(outcome.cleanupFailure == nil)
            #expect(fileSystem.calls.contains { $0.kind == .contentsOfDirectory })
            let keyDirectory = store.directory(for: StoreFixture.key)
            #expect(revisionFiles(in: keyDirectory) == Array((expected - 2)...expected))
            let read = FileSnapshotStore.readOnly(directory: directory)
                .read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
            #expect(read.snapshot?.revision == expected)
            #expect(read.snapshot?.payload.value == expected)
            // And it is remembered again: the commit after lists nothing.
            fileSystem.disarm()
            #expect(try store.commit(StoreFixture.draft(expected + 1)).revision == expected + 1)
            #expect(!fileSystem.calls.contains { $0.kind == .contentsOfDirectory })
        }
    }

    @Test("a compare-and-swap from a remembered revision another writer moved past is a conflict")
    func staleCompareAndSwap() throws {
        try withTemporaryDirectory { directory throws in
            let store = FileSnapshotStore(directory: directory)
            for value in 1...2 { _ = try store.commit(StoreFixture.draft(value)) }
            _ = try FileSnapshotStore(directory: directory).commit(StoreFixture.draft(3))
            #expect(throws: SnapshotStoreError.conflict(current: 3)) {
                try store.commit(StoreFixture.draft(99), expecting: .revision(2))
            }
            #expect(throws: SnapshotStoreError.conflict(current: 3)) {
                try store.commit(StoreFixture.draft(99), expecting: .absent)
            }
            #expect(try store.commit(StoreFixture.draft(4), expecting: .revision(3)).revision == 4)
            #expect(throws: SnapshotStoreError.conflict(current: 4)) {
                try store.commit(StoreFixture.draft(99), expecting: .revision(3))
            }
            let read = store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
            #expect(read.snapshot?.revision == 4)
            #expect(read.snapshot?.payload.value == 4)
        }
    }

    @Test("the key's directory removed under a writer: it starts again at revision 1, as a new writer would")
    func directoryRemoved() throws {
        try withTemporaryDirectory { directory throws in
            let store = FileSnapshotStore(directory: directory)
            for value in 1...3 { _ = try store.commit(StoreFixture.draft(value)) }
            let keyDirectory = store.directory(for: StoreFixture.key)
            try FileManager.default.removeItem(at: keyDirectory)
            let outcome = try store.commit(StoreFixture.draft(1))
            #expect(outcome.revision == 1 && outcome.isDurable)
            #expect(revisionFiles(in: keyDirectory) == [1])
            #expect(try store.commit(StoreFixture.draft(2)).revision == 2)
        }
    }

    @Test(
        "clean-up removes the oldest first and stops where one cannot be removed; the next commit finishes it"
    )
    func cleanupStopsAtFailure() throws {
        try withTemporaryDirectory { directory throws in
            // Six revisions from a writer that kept ten.
            let keeping = FileSnapshotStore(directory: directory, retainedRevisions: 10)
            for value in 1...6 { _ = try keeping.commit(StoreFixture.draft(value)) }
            let fileSystem = FaultInjectingFileSystem()
            let store = FileSnapshotStore(directory: directory, fileSystem: fileSystem)
            let keyDirectory = store.directory(for: StoreFixture.key)
            fileSystem.faults = [FileSystemFault(.error(EIO), at: .kind(.unlink, occurrence: 1))]
            let outcome = try store.commit(StoreFixture.draft(7))
            #expect(outcome.revision == 7 && outcome.isDurable)
            let oldest = keyDirectory.appendingPathComponent("0000000001.snapshot").path
            #expect(outcome.cleanupFailure == .io(operation: .unlink, path: oldest, errno: EIO))
            // Revision 1 could not go, so 2, 3 and 4 stayed too: never a newer gap before an older one.
            #expect(revisionFiles(in: keyDirectory) == Array(1...7))
            fileSystem.disarm()
            let next = try store.commit(StoreFixture.draft(8))
            #expect(next.cleanupFailure == nil)
            #expect(fileSystem.calls.contains { $0.kind == .contentsOfDirectory })
            let removed = fileSystem.calls.filter { $0.kind == .unlink }.map {
                String($0.path.split(separator: "/").last!)
            }
            #expect(removed == (1...5).map { String(format: "%010d.snapshot", $0) })
            #expect(revisionFiles(in: keyDirectory) == [6, 7, 8])
        }
    }

    @Test(
        "after a commit that is not durable, the next one lists and removes every revision beyond the kept ones"
    )
    func afterNotDurable() throws {
        try withTemporaryDirectory { directory throws in
            let fileSystem = FaultInjectingFileSystem()
            let store = FileSnapshotStore(directory: directory, fileSystem: fileSystem)
            for value in 1...3 { _ = try store.commit(StoreFixture.draft(value)) }
            // The key directory's fsync is the second synchronize of a commit on a prepared key.
            fileSystem.faults = [FileSystemFault(.error(EIO), at: .kind(.synchronize, occurrence: 2))]
            #expect(try !store.commit(StoreFixture.draft(4)).isDurable)
            let keyDirectory = store.directory(for: StoreFixture.key)
            #expect(revisionFiles(in: keyDirectory) == [1, 2, 3, 4])
            fileSystem.disarm()
            let outcome = try store.commit(StoreFixture.draft(5))
            #expect(outcome == CommitOutcome(revision: 5))
            #expect(fileSystem.calls.contains { $0.kind == .contentsOfDirectory })
            #expect(revisionFiles(in: keyDirectory) == [3, 4, 5])
        }
    }

    @Test("a failed commit leaves the next one to list and clean up what it may have left")
    func afterFailedCommit() throws {
        try withTemporaryDirectory { directory throws in
            let fileSystem = FaultInjectingFileSystem()
            let store = FileSnapshotStore(directory: directory, fileSystem: fileSystem)
            for value in 1...3 { _ = try store.commit(StoreFixture.draft(value)) }
            // The temporary file's fsync fails, and so does removing the file afterwards.
            fileSystem.faults = [
                FileSystemFault(.error(EIO), at: .kind(.synchronize, occurrence: 1)),
                FileSystemFault(.error(EIO), at: .kind(.unlink, occurrence: 1)),
            ]
            #expect(throws: SnapshotStoreError.self) { try store.commit(StoreFixture.draft(4)) }
            let keyDirectory = store.directory(for: StoreFixture.key)
            #expect(temporaryFiles(in: keyDirectory).count == 1)
            fileSystem.disarm()
            #expect(try store.commit(StoreFixture.draft(4)) == CommitOutcome(revision: 4))
            #expect(temporaryFiles(in: keyDirectory) == [])
            #expect(revisionFiles(in: keyDirectory) == [2, 3, 4])
        }
    }
}
