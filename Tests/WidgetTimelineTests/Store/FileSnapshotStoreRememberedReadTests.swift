import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// A store instance that read a key before remembers its newest revision and reads it again after
/// one `stat` finds nothing newer — the widget extension's steady state. What it remembers is only
/// a guess: a newer revision, a removed or damaged one sends the read back to the full algorithm,
/// and the answer is always the one a fresh reader gives.
struct FileSnapshotStoreRememberedReadTests {
    static func reader(_ directory: URL, _ fileSystem: FaultInjectingFileSystem) -> FileSnapshotStore {
        FileSnapshotStore.readOnly(directory: directory, fileSystem: fileSystem)
    }

    static func read(_ store: FileSnapshotStore) -> SnapshotReadResult<Counter> {
        store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
    }

    @Test("the second read: one stat of the next revision and the record itself — no listing")
    func rememberedRead() throws {
        try withTemporaryDirectory { directory throws in
            let writer = FileSnapshotStore(directory: directory)
            for value in 1...3 { _ = try writer.commit(StoreFixture.draft(value)) }
            let fileSystem = FaultInjectingFileSystem()
            let reader = Self.reader(directory, fileSystem)
            #expect(Self.read(reader).snapshot?.revision == 3)
            #expect(fileSystem.calls.contains { $0.kind == .contentsOfDirectory })
            fileSystem.disarm()
            let again = Self.read(reader)
            #expect(again == Self.read(Self.reader(directory, FaultInjectingFileSystem())))
            #expect(again.snapshot?.payload.value == 3)
            let calls = fileSystem.calls
            #expect(!calls.contains { $0.kind == .contentsOfDirectory }, "\(calls)")
            #expect(calls.first?.kind == .statusAtPath)
            #expect(calls.first?.path.hasSuffix("/0000000004.snapshot") == true)
            #expect(calls.dropFirst().first?.path.hasSuffix("/0000000003.snapshot") == true)
        }
    }

    @Test(
        "a writer committed since, and cleaned up: the read lists and returns the newest",
        arguments: [1, 2, 3, 4, 9])
    func writerMovedOn(commits: Int) throws {
        try withTemporaryDirectory { directory throws in
            let writer = FileSnapshotStore(directory: directory)
            for value in 1...3 { _ = try writer.commit(StoreFixture.draft(value)) }
            let fileSystem = FaultInjectingFileSystem()
            let reader = Self.reader(directory, fileSystem)
            #expect(Self.read(reader).snapshot?.revision == 3)
            for value in 4..<(4 + commits) { _ = try writer.commit(StoreFixture.draft(value)) }
            fileSystem.disarm()
            let read = Self.read(reader)
            #expect(read.snapshot?.revision == 3 + commits)
            #expect(read.snapshot?.payload.value == 3 + commits)
            #expect(fileSystem.calls.contains { $0.kind == .contentsOfDirectory })
            // And the newest is remembered in turn.
            fileSystem.disarm()
            #expect(Self.read(reader).snapshot?.revision == 3 + commits)
            #expect(!fileSystem.calls.contains { $0.kind == .contentsOfDirectory })
        }
    }

    @Test("the remembered revision was damaged: the read falls back as a fresh reader does")
    func rememberedRevisionDamaged() throws {
        try withTemporaryDirectory { directory throws in
            let writer = FileSnapshotStore(directory: directory)
            for value in 1...3 { _ = try writer.commit(StoreFixture.draft(value)) }
            let reader = Self.reader(directory, FaultInjectingFileSystem())
            #expect(Self.read(reader).snapshot?.revision == 3)
            let newest = writer.directory(for: StoreFixture.key).appendingPathComponent("0000000003.snapshot")
            var bytes = try Data(contentsOf: newest)
            bytes[bytes.count - 3] ^= 0x20
            try bytes.write(to: newest)
            let read = Self.read(reader)
            #expect(read == Self.read(Self.reader(directory, FaultInjectingFileSystem())))
            guard case .found(let snapshot, let fallback?) = read else {
                Issue.record("expected revision 2 with a note about revision 3, got \(read)")
                return
            }
            #expect(snapshot.revision == 2)
            #expect(fallback.newestRevision == 3)
            // Falling back is not remembered: the next read still says why it shows revision 2.
            guard case .found(_, _?) = Self.read(reader) else {
                Issue.record("the fallback note was lost on the second read")
                return
            }
        }
    }

    @Test("the key's directory was removed: the read finds nothing, as a fresh reader does")
    func directoryRemoved() throws {
        try withTemporaryDirectory { directory throws in
            let writer = FileSnapshotStore(directory: directory)
            for value in 1...2 { _ = try writer.commit(StoreFixture.draft(value)) }
            let reader = Self.reader(directory, FaultInjectingFileSystem())
            #expect(Self.read(reader).snapshot?.revision == 2)
            try FileManager.default.removeItem(at: writer.directory(for: StoreFixture.key))
            #expect(Self.read(reader) == .missing)
        }
    }
}
