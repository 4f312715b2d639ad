import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// A listing made while writers commit and clean up can miss every revision: those it started
/// with were removed before it reached them, and their successors were added where it had been.
/// POSIX allows such a pass, and the store's stress harness met it: a reader paused inside a
/// listing of a large key directory answered "no snapshot" long after revision 1 was acknowledged.
/// No answer of a store rests on one listing alone.
@Suite("A listing made while writers commit: never taken for an empty key, nor for proof of a stale publish")
struct ChangingListingTests {
    /// Revisions 1–3 stored, and a file system on which three more commits — whose clean-up
    /// removes 1–3 — run during the `listing`-th listing.
    static func commitsDuring(
        listing: Int, in directory: URL
    ) throws -> (fileSystem: ChangingDirectoryFileSystem, writer: FileSnapshotStore) {
        let writer = FileSnapshotStore(directory: directory)
        for value in 1...3 { _ = try writer.commit(StoreFixture.draft(value)) }
        let fileSystem = ChangingDirectoryFileSystem()
        fileSystem.change(duringListing: listing) {
            for value in 4...6 { _ = try? writer.commit(StoreFixture.draft(value)) }
        }
        return (fileSystem, writer)
    }

    @Test("a read whose first listing shows no revision lists again, and reads the newest")
    func readListsAgain() throws {
        try withTemporaryDirectory { directory throws in
            let (fileSystem, writer) = try Self.commitsDuring(listing: 1, in: directory)
            let reader = FileSnapshotStore.readOnly(directory: directory, fileSystem: fileSystem)
            let read = reader.read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
            #expect(!fileSystem.isChangePending, "the commits ran during the reader's first listing")
            #expect(read.snapshot?.revision == 6, "\(read)")
            #expect(read.snapshot?.payload.value == 6)
            // The commits removed every revision the first listing started with.
            #expect(revisionFiles(in: writer.directory(for: StoreFixture.key)) == [4, 5, 6])
        }
    }

    @Test("the keys listed include one whose first listing shows no revision")
    func keysListAgain() throws {
        try withTemporaryDirectory { directory throws in
            // `keys()` lists `snapshots` first, then the key's directory.
            let (fileSystem, _) = try Self.commitsDuring(listing: 2, in: directory)
            let reader = FileSnapshotStore.readOnly(directory: directory, fileSystem: fileSystem)
            #expect(try reader.keys() == [StoreFixture.key])
            #expect(!fileSystem.isChangePending, "the commits ran during the key's listing")
        }
    }

    @Test("a stale publish whose confirming listing is made while others commit is still withdrawn")
    func stalePublishConfirmedDuringCommits() throws {
        try withTemporaryDirectory { directory throws in
            let other = FileSnapshotStore(directory: directory)
            for value in 1...3 { _ = try other.commit(StoreFixture.draft(value)) }
            // The stale writer lists 1–3 and chooses 4; before it publishes, 4–8 are committed and
            // clean-up frees the name 4. While it lists to confirm, 9–11 are committed, whose
            // clean-up removes 6–8: that pass shows none of the newer revisions.
            let faults = FaultInjectingFileSystem()
            let beforePublish = Once()
            faults.pausePoint = { call in
                guard call.publishesRecord, beforePublish.first() else { return }
                for value in 4...8 { _ = try? other.commit(StoreFixture.draft(value)) }
            }
            let fileSystem = ChangingDirectoryFileSystem(faults)
            fileSystem.change(duringListing: 2) {
                for value in 9...11 { _ = try? other.commit(StoreFixture.draft(value)) }
            }
            let stale = FileSnapshotStore(directory: directory, fileSystem: fileSystem)
            let outcome = try stale.commit(StoreFixture.draft(100))
            #expect(beforePublish.isDone)
            #expect(!fileSystem.isChangePending, "the commits ran during the confirming listing")
            // The clean-up that removed 6–8 removed the stale 4 first: the pass did not show it as
            // the newest, so it was withdrawn, and the commit acknowledged after 11.
            #expect(outcome.revision == 12)
            let read = other.read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
            #expect(read.snapshot?.revision == 12 && read.snapshot?.payload.value == 100, "\(read)")
            #expect(revisionFiles(in: other.directory(for: StoreFixture.key)) == [10, 11, 12])
        }
    }

    @Test("a key whose directory holds no revision yet is missing, after a second listing")
    func emptyKeyIsMissing() throws {
        try withTemporaryDirectory { directory throws in
            let fileSystem = FaultInjectingFileSystem()
            let store = FileSnapshotStore(directory: directory, fileSystem: fileSystem)
            // The key's directory exists, as while its first commit is being written.
            try FileManager.default.createDirectory(
                at: store.directory(for: StoreFixture.key), withIntermediateDirectories: true)
            let read = store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
            #expect(read == .missing)
            #expect(fileSystem.calls.filter { $0.kind == .contentsOfDirectory }.count == 2)
            #expect(try store.keys().isEmpty)
        }
    }

    /// A migration removes the legacy key's directory; listing a directory removed after it was
    /// opened fails with ENOENT on Linux. The torture harness met it: readers answered
    /// "unreadable" and writers failed while racing writers migrated a legacy key.
    /// Revisions 1–3 under the legacy key `parking`, which ``StoreFixture/key`` maps to, and a store
    /// that maps it.
    private func legacyKeyWithThreeRevisions(in directory: URL) throws
        -> (legacy: SnapshotKey, mapping: LegacyKeyMapping, store: FileSnapshotStore)
    {
        let legacy = try SnapshotKey(validating: "parking")
        let mapping: LegacyKeyMapping = [StoreFixture.key: legacy]
        let store = FileSnapshotStore(directory: directory, legacyKeys: mapping)
        for value in 1...3 { _ = try store.commit(StoreFixture.draft(value, key: legacy)) }
        return (legacy, mapping, store)
    }

    @Test(
        "a read listing the legacy key while a migration removes its directory reads the migrated revision",
        arguments: [1, 2])
    func legacyDirectoryRemovedDuringRead(listing: Int) throws {
        try withTemporaryDirectory { directory throws in
            let (legacy, mapping, writer) = try legacyKeyWithThreeRevisions(in: directory)
            // The key has no directory yet: listing 1 is the legacy key's, listing 2 confirms it.
            let fileSystem = ChangingDirectoryFileSystem()
            fileSystem.change(duringListing: listing) { _ = try? writer.commit(StoreFixture.draft(4)) }
            let reader = FileSnapshotStore.readOnly(
                directory: directory, legacyKeys: mapping, fileSystem: fileSystem)
            let read = reader.read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
            #expect(!fileSystem.isChangePending, "the migration ran during the listing")
            #expect(!FileManager.default.fileExists(atPath: writer.directory(for: legacy).path))
            #expect(read.snapshot?.key == StoreFixture.key && read.snapshot?.revision == 4, "\(read)")
            #expect(read.snapshot?.payload.value == 4)
        }
    }

    @Test(
        "a commit listing the legacy key while another writer's migration removes its directory commits after it"
    )
    func legacyDirectoryRemovedDuringCommit() throws {
        try withTemporaryDirectory { directory throws in
            let (_, mapping, other) = try legacyKeyWithThreeRevisions(in: directory)
            let fileSystem = ChangingDirectoryFileSystem()
            fileSystem.change(duringListing: 1) { _ = try? other.commit(StoreFixture.draft(4)) }
            let writer = FileSnapshotStore(directory: directory, legacyKeys: mapping, fileSystem: fileSystem)
            let outcome = try writer.commit(StoreFixture.draft(5))
            #expect(!fileSystem.isChangePending, "the migration ran during the listing")
            #expect(outcome.revision == 5 && outcome.isDurable, "\(outcome)")
            let read = other.read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
            #expect(read.snapshot?.revision == 5 && read.snapshot?.payload.value == 5, "\(read)")
        }
    }

    @Test("a migration whose legacy directory another writer's migration removes reports no clean-up failure")
    func legacyDirectoryRemovedDuringCleanup() throws {
        try withTemporaryDirectory { directory throws in
            let (legacy, mapping, other) = try legacyKeyWithThreeRevisions(in: directory)
            // Listing 1 is the legacy key's (the key has no directory yet), 2 confirms revision 4,
            // 3 is the clean-up's listing of the legacy key: the other writer commits 5 during it,
            // and its clean-up removes the legacy key's directory.
            let fileSystem = ChangingDirectoryFileSystem()
            fileSystem.change(duringListing: 3) { _ = try? other.commit(StoreFixture.draft(5)) }
            let writer = FileSnapshotStore(directory: directory, legacyKeys: mapping, fileSystem: fileSystem)
            let outcome = try writer.commit(StoreFixture.draft(4))
            #expect(!fileSystem.isChangePending, "the other commit ran during the clean-up's listing")
            #expect(outcome.revision == 4 && outcome.migratedFrom == legacy, "\(outcome)")
            #expect(outcome.cleanupFailure == nil, "\(outcome)")
            #expect(!FileManager.default.fileExists(atPath: writer.directory(for: legacy).path))
        }
    }
}
