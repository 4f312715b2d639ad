import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// A listing made while writers commit and clean up can miss every revision: those it started
/// with were removed before it reached them, and their successors were added where it had been.
/// POSIX allows such a pass, and the store's stress harness met it: a reader paused inside a
/// listing of a large key directory answered "no snapshot" long after revision 1 was acknowledged.
/// No answer of a store rests on one listing alone.
@Suite("A listing made while writers commit is never taken for an empty key")
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
}
