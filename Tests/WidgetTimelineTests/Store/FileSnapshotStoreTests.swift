import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The file store's own behaviour: layout, record bytes, read-only mode, the publish fallbacks,
/// clean-up, and the absence of locks.
struct FileSnapshotStoreTests {
    static let envelope =
        #"{"fingerprint":"0f1e","generatedAt":"2026-11-29T09:00:00Z","key":"task-count","kind":"task-count","#
        + #""payload":{"label":"tasks","value":7},"revision":1,"schemaVersion":1}"#
    // Computed with Python's hashlib, independently of the package's SHA-256.
    static let header =
        "widget-timeline-snapshot/1 length=167 "
        + "sha256=c0b25e40c4f82c9d568e09ab8e12a93685bd1b087f818b51a10ed5ae2a303038\n"

    @Test("a commit writes snapshots/<key>/<revision>.snapshot: a header line, then the envelope JSON")
    func recordBytes() throws {
        try withTemporaryDirectory { directory throws in
            let store = FileSnapshotStore(directory: directory)
            let draft = try SnapshotDraft(
                kind: "task-count", key: StoreFixture.key,
                generatedAt: Date(timeIntervalSince1970: 1_795_942_800),
                fingerprint: ContentFingerprint(rawValue: "0f1e"), payload: Counter(value: 7))
            _ = try store.commit(draft)
            let keyDirectory = directory.appendingPathComponent("snapshots/task-count")
            #expect(
                store.directory(for: StoreFixture.key).standardizedFileURL == keyDirectory.standardizedFileURL
            )
            #expect(names(in: keyDirectory) == ["0000000001.snapshot"])
            let bytes = try Data(contentsOf: keyDirectory.appendingPathComponent("0000000001.snapshot"))
            #expect(String(decoding: bytes, as: UTF8.self) == Self.header + Self.envelope)
        }
    }

    @Test("a record written by another language's code is read like the store's own")
    func foreignWriter() throws {
        try withTemporaryDirectory { directory throws in
            // What a Kotlin or JavaScript writer does: JSON text, its SHA-256, one header line.
            let text =
                #"{"schemaVersion":1,"kind":"task-count","key":"task-count","revision":12,"#
                + #""generatedAt":"2026-11-29T18:00:00+09:00","fingerprint":"ab","#
                + #""payload":{"value":3,"label":"tasks"},"extra":"ignored"}"#
            let envelope = Array(text.utf8)
            let header =
                "widget-timeline-snapshot/1 length=\(envelope.count) sha256=\(ContentFingerprint(bytes: envelope))\n"
            let keyDirectory = directory.appendingPathComponent("snapshots/task-count")
            try FileManager.default.createDirectory(at: keyDirectory, withIntermediateDirectories: true)
            try Data(Array(header.utf8) + envelope).write(
                to: keyDirectory.appendingPathComponent("0000000012.snapshot"))

            let read = FileSnapshotStore.readOnly(directory: directory)
                .read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
            let snapshot = try #require(read.snapshot)
            #expect(snapshot.revision == 12)
            #expect(snapshot.generatedAt == Date(timeIntervalSince1970: 1_795_942_800))
            #expect(snapshot.payload == Counter(value: 3))
            // And the next commit continues from it.
            #expect(try FileSnapshotStore(directory: directory).commit(StoreFixture.draft(4)).revision == 13)
        }
    }

    @Test("only the newest revisions are kept; file names sort like revisions")
    func retention() throws {
        try withTemporaryDirectory { directory throws in
            let store = FileSnapshotStore(directory: directory, retainedRevisions: 3)
            for value in 1...12 { _ = try store.commit(StoreFixture.draft(value)) }
            let keyDirectory = store.directory(for: StoreFixture.key)
            #expect(revisionFiles(in: keyDirectory) == [10, 11, 12])
            // And the spare: revision 9's file, kept under a hidden name for the next commit.
            #expect(temporaryFiles(in: keyDirectory) == [])
            #expect(spareFiles(in: keyDirectory) == [".tmp-\(getpid())-spare"])
        }
    }

    @Test("a read-only store never creates, writes, renames or removes anything")
    func readOnlyMakesNoChanges() throws {
        try withTemporaryDirectory { directory throws in
            let writer = FileSnapshotStore(directory: directory)
            _ = try writer.commit(StoreFixture.draft(1))
            // An abandoned temporary file a writer would remove.
            let orphan = writer.directory(for: StoreFixture.key).appendingPathComponent(".tmp-2147480000-0")
            try Data("partial".utf8).write(to: orphan)

            let fileSystem = FaultInjectingFileSystem()
            let store = FileSnapshotStore.readOnly(directory: directory, fileSystem: fileSystem)
            _ = store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
            _ = store.read(StoreFixture.otherKey, as: Counter.self, supportedSchema: 1)
            _ = store.readStored(StoreFixture.key)
            _ = try store.keys()
            #expect(throws: SnapshotStoreError.readOnly) { try store.commit(StoreFixture.draft(2)) }
            #expect(throws: SnapshotStoreError.readOnly) { try store.removeAbandonedFiles() }
            #expect(!fileSystem.calls.isEmpty)
            #expect(fileSystem.calls.filter(\.isMutating) == [])
            #expect(FileManager.default.fileExists(atPath: orphan.path))
        }
    }

    @Test("a missing shared directory: commits say so and create nothing, reads are missing")
    func missingDirectory() throws {
        try withTemporaryDirectory { parent throws in
            let directory = parent.appendingPathComponent("not-there")
            let store = FileSnapshotStore(directory: directory)
            #expect(throws: SnapshotStoreError.directoryMissing(path: directory.path)) {
                try store.commit(StoreFixture.draft(1))
            }
            #expect(!FileManager.default.fileExists(atPath: directory.path))
            #expect(store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1) == .missing)
            #expect(try store.keys() == [])
        }
    }

    @Test("a full disk holding a dead writer's temporary file: the commit removes it and succeeds")
    func fullOfAbandonedFiles() throws {
        try withTemporaryDirectory { directory throws in
            let fileSystem = FaultInjectingFileSystem()
            let store = FileSnapshotStore(directory: directory, fileSystem: fileSystem)
            #expect(try store.commit(StoreFixture.draft(1)).revision == 1)
            // A writer killed mid-write (no process has an identifier this large) left 190 kB.
            let keyDirectory = store.directory(for: StoreFixture.key)
            let abandoned = keyDirectory.appendingPathComponent(".tmp-2147483646-00000000000000aa")
            try Data(count: 190_000).write(to: abandoned)
            // The disk is full until that file is gone: the next write fails once.
            fileSystem.faults = [FileSystemFault(.error(ENOSPC), at: .kind(.write, occurrence: 1))]
            #expect(try store.commit(StoreFixture.draft(2)).revision == 2)
            #expect(fileSystem.hits == 1)
            #expect(temporaryFiles(in: keyDirectory) == [])
            #expect(
                store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1).snapshot?.revision == 2)
            // With nothing abandoned to remove, a full disk is the error it is, and nothing changes.
            fileSystem.faults = [FileSystemFault(.error(ENOSPC), at: .kind(.write, occurrence: 1))]
            #expect {
                try store.commit(StoreFixture.draft(3))
            } throws: { error in
                (error as? SnapshotStoreError)?.fileSystemError?.code == ENOSPC
            }
            #expect(revisionFiles(in: keyDirectory) == [1, 2])
            #expect(temporaryFiles(in: keyDirectory) == [])
        }
    }

    @Test("a revision name that cannot be removed does not stop retention of the others")
    func unremovableOldRevision() throws {
        try withTemporaryDirectory { directory throws in
            let store = FileSnapshotStore(directory: directory)
            #expect(try store.commit(StoreFixture.draft(1)).revision == 1)
            let keyDirectory = store.directory(for: StoreFixture.key)
            // Revision 1's name becomes a directory with something in it: `unlink` cannot remove it.
            try FileManager.default.removeItem(at: keyDirectory.appendingPathComponent("0000000001.snapshot"))
            try FileManager.default.createDirectory(
                at: keyDirectory.appendingPathComponent("0000000001.snapshot/inside"),
                withIntermediateDirectories: true)
            for value in 2...8 { _ = try store.commit(StoreFixture.draft(value)) }
            #expect(revisionFiles(in: keyDirectory) == [1, 6, 7, 8])
            #expect(
                store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1).snapshot?.revision == 8)
        }
    }

    @Test("without an exclusive rename the store publishes with link and unlink")
    func linkFallback() throws {
        try withTemporaryDirectory { directory throws in
            let fileSystem = FaultInjectingFileSystem()
            fileSystem.faults = [
                FileSystemFault(.error(EINVAL), at: .kind(.renameExclusively, occurrence: 1), .fromThenOn)
            ]
            let store = FileSnapshotStore(directory: directory, fileSystem: fileSystem)
            for value in 1...4 { #expect(try store.commit(StoreFixture.draft(value)).revision == value) }
            #expect(fileSystem.calls.contains { $0.kind == .link })
            #expect(revisionFiles(in: store.directory(for: StoreFixture.key)) == [2, 3, 4])
            #expect(temporaryFiles(in: store.directory(for: StoreFixture.key)) == [])
            #expect(
                store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1).snapshot?.revision == 4)
        }
    }

    @Test(
        "a writer that loses the race retries with the next revision; a compare-and-swap reports the conflict"
    )
    func lostRace() throws {
        try withTemporaryDirectory { directory throws in
            let competitor = FileSnapshotStore(directory: directory)
            _ = try competitor.commit(StoreFixture.draft(1))
            // Just before each of our first two publishes, the competitor commits.
            let racing = RacingFileSystem { _ = try? competitor.commit(StoreFixture.draft(100)) }
            let store = FileSnapshotStore(directory: directory, fileSystem: racing)
            racing.racesLeft = 2
            #expect(try store.commit(StoreFixture.draft(2)).revision == 4)
            let read = store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1).snapshot
            #expect(read?.revision == 4)
            #expect(read?.payload.value == 2)

            racing.racesLeft = 1
            #expect(throws: SnapshotStoreError.conflict(current: 5)) {
                try store.commit(StoreFixture.draft(3), expecting: .revision(4))
            }
            #expect(temporaryFiles(in: store.directory(for: StoreFixture.key)) == [])
        }
    }

    @Test(
        "synchronisation: every fsync in full by default; with orderingWhereEnough a barrier for the file and the parents, never for the key's directory",
        arguments: [FileSnapshotStore.Synchronization.full, .orderingWhereEnough])
    func synchronization(mode: FileSnapshotStore.Synchronization) throws {
        try withTemporaryDirectory { directory throws in
            let fileSystem = FaultInjectingFileSystem()
            let store = FileSnapshotStore(directory: directory, fileSystem: fileSystem, synchronization: mode)
            for value in 1...2 { _ = try store.commit(StoreFixture.draft(value)) }
            let syncs = fileSystem.calls.filter { $0.kind == .synchronize }
            let keyDirectory = store.directory(for: StoreFixture.key).path
            let barriers = syncs.filter { $0.barrierOnly == true }.map(\.name)
            let full = syncs.filter { $0.barrierOnly == false }.map(\.path)
            // First commit: the shared directory, snapshots, the file, the key's directory; then
            // the file and the key's directory.
            #expect(syncs.count == 6)
            #expect(full.filter { $0 == keyDirectory }.count == 2)
            if mode == .full {
                #expect(barriers.isEmpty)
            } else {
                #expect(barriers.count == 4)
                #expect(barriers.filter { $0.hasPrefix(".tmp-") }.count == 2)
                #expect(full == [keyDirectory, keyDirectory])
            }
            #expect(
                store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1).snapshot?.revision == 2)
        }
    }

    @Test(
        "EACCES through the seam is unreadable, never missing or corrupted",
        arguments: [
            FileSystemCall.Kind.contentsOfDirectory, .open, .read,
        ])
    func permissionDenied(kind: FileSystemCall.Kind) throws {
        try withTemporaryDirectory { directory throws in
            _ = try FileSnapshotStore(directory: directory).commit(StoreFixture.draft(1))
            let fileSystem = FaultInjectingFileSystem()
            fileSystem.faults = [FileSystemFault(.error(EACCES), at: .kind(kind, occurrence: 1), .fromThenOn)]
            let result = FileSnapshotStore.readOnly(directory: directory, fileSystem: fileSystem)
                .read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
            guard case .unreadable(let error) = result else {
                Issue.record("expected unreadable, got \(result)")
                return
            }
            #expect(error.isPermissionDenied)
            #expect(LoadResult(result) == .failed(.snapshotUnreadable))
        }
    }

    @Test("an I/O error on the newest revision falls back to the previous one and says so")
    func ioErrorFallsBack() throws {
        try withTemporaryDirectory { directory throws in
            let writer = FileSnapshotStore(directory: directory)
            for value in 1...3 { _ = try writer.commit(StoreFixture.draft(value)) }
            let fileSystem = FaultInjectingFileSystem()
            fileSystem.faults = [FileSystemFault(.error(EIO), at: .kind(.read, occurrence: 1))]
            let result = FileSnapshotStore.readOnly(directory: directory, fileSystem: fileSystem)
                .read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
            guard case .found(let snapshot, let fallback?) = result else {
                Issue.record("expected a fallback, got \(result)")
                return
            }
            #expect(snapshot.revision == 2)
            #expect(fallback.newestRevision == 3)
            #expect(
                fallback.skipped == [
                    InvalidRevision(revision: 3, problem: .unreadable(FileSystemError(code: EIO)))
                ])
        }
    }

    @Test("a failed directory fsync after publishing is reported as not durable, and old revisions stay")
    func notDurable() throws {
        try withTemporaryDirectory { directory throws in
            let fileSystem = FaultInjectingFileSystem()
            let store = FileSnapshotStore(directory: directory, fileSystem: fileSystem)
            for value in 1...3 { _ = try store.commit(StoreFixture.draft(value)) }
            // The key directory's fsync is the second synchronize of a commit on a prepared key.
            fileSystem.faults = [FileSystemFault(.error(EIO), at: .kind(.synchronize, occurrence: 2))]
            let outcome = try store.commit(StoreFixture.draft(4))
            let keyDirectory = store.directory(for: StoreFixture.key).path
            #expect(outcome.revision == 4)
            #expect(
                outcome.durability
                    == .notDurable(.io(operation: .synchronize, path: keyDirectory, errno: EIO)))
            #expect(!outcome.isDurable)
            #expect(revisionFiles(in: store.directory(for: StoreFixture.key)) == [1, 2, 3, 4])
            #expect(
                store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1).snapshot?.revision == 4)
        }
    }

    @Test("abandoned temporary files are removed: exited processes', this process's, and old ones")
    func abandonedFiles() throws {
        try withTemporaryDirectory { directory throws in
            let store = FileSnapshotStore(directory: directory, orphanAge: 60)
            _ = try store.commit(StoreFixture.draft(1))
            let keyDirectory = store.directory(for: StoreFixture.key)
            func plant(_ name: String, age: TimeInterval = 0) throws {
                let url = keyDirectory.appendingPathComponent(name)
                try Data("partial".utf8).write(to: url)
                if age > 0 {
                    let date = Date(timeIntervalSinceNow: -age)
                    try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
                }
            }
            try plant(".tmp-2147480000-00000000000000aa")  // no such process
            try plant(".tmp-\(getpid())-00000000000000bb")  // ours, but no commit is writing it
            try plant(".tmp-1-00000000000000cc")  // a running process, recent: kept
            try plant(".tmp-1-00000000000000dd", age: 3600)  // a running process, an hour old
            try plant("notes.txt")  // not the store's: never touched
            // A writer's first commit under a key lists its directory and cleans it up in full
            // (later commits of the same instance remove old revisions by name).
            let restarted = FileSnapshotStore(directory: directory, orphanAge: 60)
            _ = try restarted.commit(StoreFixture.draft(2))
            #expect(
                names(in: keyDirectory).filter { !$0.hasSuffix(".snapshot") } == [
                    ".tmp-1-00000000000000cc", "notes.txt",
                ])

            try plant(".tmp-2147480001-00000000000000ee")
            #expect(try store.removeAbandonedFiles() == 1)
            #expect(temporaryFiles(in: keyDirectory) == [".tmp-1-00000000000000cc"])
        }
    }

    @Test("keys() ignores temporary files, foreign names and directories without a revision")
    func keysIgnoreJunk() throws {
        try withTemporaryDirectory { directory throws in
            let store = FileSnapshotStore(directory: directory)
            _ = try store.commit(StoreFixture.draft(1))
            let snapshots = directory.appendingPathComponent("snapshots")
            try FileManager.default.createDirectory(
                at: snapshots.appendingPathComponent("empty-key"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                at: snapshots.appendingPathComponent("Not A Key"), withIntermediateDirectories: true)
            try Data().write(to: snapshots.appendingPathComponent(".DS_Store"))
            #expect(try store.keys() == [StoreFixture.key])
        }
    }

    @Test("no file lock is held after any public call (/proc/locks)", .enabled(if: ProcLocks.isAvailable))
    func noLocksHeld() throws {
        try withTemporaryDirectory { directory throws in
            let store = FileSnapshotStore(directory: directory)
            let readOnly = FileSnapshotStore.readOnly(directory: directory)
            func expectNoLocks(after call: String) {
                let held = ProcLocks.held(orOn: ProcLocks.inodes(under: directory))
                #expect(held == [], "locks held after \(call)")
            }
            expectNoLocks(after: "nothing")
            for value in 1...5 {
                _ = try store.commit(StoreFixture.draft(value))
                expectNoLocks(after: "commit")
                _ = readOnly.read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
                expectNoLocks(after: "read")
                _ = readOnly.readStored(StoreFixture.key)
                expectNoLocks(after: "readStored")
                _ = try readOnly.keys()
                expectNoLocks(after: "keys")
            }
            _ = try? store.commit(StoreFixture.draft(9), expecting: .revision(1))
            expectNoLocks(after: "a conflicting commit")
            _ = try store.removeAbandonedFiles()
            expectNoLocks(after: "removeAbandonedFiles")
        }
    }
}

/// A file system (the live one by default) that lets a competitor commit first, `racesLeft`
/// times, at one moment of each commit: just before its publish, or between its publish and the
/// listing that confirms it.
final class RacingFileSystem: ForwardingFileSystem, @unchecked Sendable {
    // @unchecked: `racesLeft` and `published` are read and written on the test's own thread.
    enum Moment {
        case beforePublish
        case beforeConfirmingListing
    }

    private let competitor: () -> Void
    private let moment: Moment
    private var published = false
    var racesLeft = 0

    init(
        base: any SnapshotFileSystem = POSIXFileSystem(), moment: Moment = .beforePublish,
        competitor: @escaping () -> Void
    ) {
        self.competitor = competitor
        self.moment = moment
        super.init(base)
    }

    private func race(at now: Moment) {
        guard now == moment, racesLeft > 0 else { return }
        racesLeft -= 1
        competitor()
    }

    override func renameExclusively(_ source: String, to destination: String, in directory: OpenFile)
        throws(FileSystemError)
    {
        race(at: .beforePublish)
        try super.renameExclusively(source, to: destination, in: directory)
        published = true
    }

    override func link(_ source: String, to destination: String, in directory: OpenFile)
        throws(FileSystemError)
    {
        try super.link(source, to: destination, in: directory)
        published = true
    }

    override func contentsOfDirectory(_ directory: OpenFile) throws(FileSystemError) -> [String] {
        if published {
            published = false
            race(at: .beforeConfirmingListing)
        }
        return try super.contentsOfDirectory(directory)
    }
}
