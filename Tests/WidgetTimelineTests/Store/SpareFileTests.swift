import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The spare file: a superseded record a writer's clean-up keeps under a hidden name and its next
/// commit rewrites in place. Unlike a removed file, it changes under a reader that opened it
/// before it was retired; the reader must notice and read again, never report the key corrupted.
@Suite("The spare file is rewritten only where no reader can be misled")
struct SpareFileTests {
    @Test(
        "a commit rewrites the record its last clean-up retired, in place: the new revision is the spare's file, with exactly the new bytes"
    )
    func spareIsRewritten() throws {
        try withTemporaryDirectory { directory throws in
            let store = FileSnapshotStore(directory: directory, retainedRevisions: 2)
            // A long payload first, so the rewrite must also cut the old record's tail.
            _ = try store.commit(StoreFixture.draft(1_000_000_000))
            _ = try store.commit(StoreFixture.draft(2))
            let keyDirectory = store.directory(for: StoreFixture.key)
            #expect(revisionFiles(in: keyDirectory) == [1, 2])
            let revisionOne = try inode(of: "0000000001.snapshot", in: keyDirectory)
            let revisionOneSize = try Data(
                contentsOf: keyDirectory.appendingPathComponent("0000000001.snapshot")
            ).count
            _ = try store.commit(StoreFixture.draft(3))
            let spare = keyDirectory.appendingPathComponent(".tmp-\(getpid())-spare")
            #expect(revisionFiles(in: keyDirectory) == [2, 3])
            #expect(try inode(of: spare.lastPathComponent, in: keyDirectory) == revisionOne)
            _ = try store.commit(StoreFixture.draft(4))
            let revisionFour = keyDirectory.appendingPathComponent("0000000004.snapshot")
            #expect(try inode(of: "0000000004.snapshot", in: keyDirectory) == revisionOne)
            // A whole record of its own length: header, length and checksum hold.
            let bytes = [UInt8](try Data(contentsOf: revisionFour))
            #expect(throws: Never.self) { try SnapshotRecord.envelope(of: bytes).get() }
            #expect(bytes.count < revisionOneSize)
            let read = store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
            #expect(read.snapshot?.revision == 4)
            #expect(read.snapshot?.payload == Counter(value: 4))
            // Revision 2's file is the spare now, for revision 5.
            #expect(spareFiles(in: keyDirectory) == [".tmp-\(getpid())-spare"])
            #expect(temporaryFiles(in: keyDirectory) == [])
        }
    }

    @Test("a spare with a second name is never written: the name is given up and a new file made")
    func linkedSpareIsNotWritten() throws {
        try withTemporaryDirectory { directory throws in
            let store = FileSnapshotStore(directory: directory, retainedRevisions: 1)
            _ = try store.commit(StoreFixture.draft(1))
            _ = try store.commit(StoreFixture.draft(2))
            let keyDirectory = store.directory(for: StoreFixture.key)
            let spare = keyDirectory.appendingPathComponent(".tmp-\(getpid())-spare")
            // A second name outside the key's directory for the spare's file.
            let outside = directory.appendingPathComponent("outside")
            #expect(link(spare.path, outside.path) == 0)
            let before = try Data(contentsOf: outside)
            _ = try store.commit(StoreFixture.draft(3))
            #expect(try Data(contentsOf: outside) == before)
            #expect(
                try inode(of: "0000000003.snapshot", in: keyDirectory) != inode(of: "outside", in: directory))
            #expect(
                store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1).snapshot?.revision == 3)
        }
    }

    @Test(
        "a reader that opened a record before it became the spare and was rewritten reads the newest, not 'corrupted'"
    )
    func readerOfRewrittenRecord() throws {
        try withTemporaryDirectory { directory throws in
            // One revision kept: the reader has nothing older to fall back on.
            let writer = FileSnapshotStore(directory: directory, retainedRevisions: 1)
            _ = try writer.commit(StoreFixture.draft(1))
            let keyDirectory = writer.directory(for: StoreFixture.key)
            let revisionOne = try inode(of: "0000000001.snapshot", in: keyDirectory)
            let readerFileSystem = FaultInjectingFileSystem()
            let paused = Once()
            readerFileSystem.pausePoint = { call in
                // Opened revision 1, not yet read: two commits retire it as the spare and rewrite
                // it as revision 3.
                guard call.kind == .read, call.path.hasSuffix("0000000001.snapshot"), paused.first() else {
                    return
                }
                _ = try? writer.commit(StoreFixture.draft(2))
                _ = try? writer.commit(StoreFixture.draft(3))
            }
            let reader = FileSnapshotStore.readOnly(directory: directory, fileSystem: readerFileSystem)
            let read = reader.read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
            #expect(paused.isDone)
            // The file the reader held is revision 3's now: what it read first was that record.
            #expect(try inode(of: "0000000003.snapshot", in: keyDirectory) == revisionOne)
            guard case .found(let snapshot, let fallback) = read else {
                Issue.record("read \(read)")
                return
            }
            #expect(snapshot.revision == 3)
            #expect(snapshot.payload == Counter(value: 3))
            #expect(fallback == nil)
        }
    }

    @Test("a spare left by a process that has exited is removed by the next commit's clean-up")
    func exitedProcessSpare() throws {
        try withTemporaryDirectory { directory throws in
            let store = FileSnapshotStore(directory: directory)
            _ = try store.commit(StoreFixture.draft(1))
            let keyDirectory = store.directory(for: StoreFixture.key)
            let exited = keyDirectory.appendingPathComponent(".tmp-2147480000-spare")
            try Data("an old record".utf8).write(to: exited)
            _ = try store.commit(StoreFixture.draft(2))
            #expect(!FileManager.default.fileExists(atPath: exited.path))
            #expect(spareFiles(in: keyDirectory) == [])
        }
    }

    @Test("a planted directory named like this process's spare is never taken: commits still succeed")
    func plantedDirectorySpare() throws {
        try withTemporaryDirectory { directory throws in
            let store = FileSnapshotStore(directory: directory, retainedRevisions: 1)
            _ = try store.commit(StoreFixture.draft(1))
            let keyDirectory = store.directory(for: StoreFixture.key)
            let spare = keyDirectory.appendingPathComponent(".tmp-\(getpid())-spare")
            try FileManager.default.createDirectory(
                at: spare.appendingPathComponent("inside"), withIntermediateDirectories: true)
            for value in 2...4 {
                #expect(try store.commit(StoreFixture.draft(value)).revision == value)
            }
            #expect(
                store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1).snapshot?.revision == 4)
            #expect(revisionFiles(in: keyDirectory) == [4])
        }
    }
}

/// The inode number of the entry `name` of `directory`, not following a symbolic link.
private func inode(of name: String, in directory: URL) throws -> UInt64 {
    var info = stat()
    guard lstat(directory.appendingPathComponent(name).path, &info) == 0 else { throw POSIXError(.ENOENT) }
    return UInt64(info.st_ino)
}
