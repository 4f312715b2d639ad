import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The store never leaves its directory: a symbolic link, file or FIFO planted in place of one of
/// its own directories is a typed error naming it, and nothing outside the shared directory is
/// created, written, read or removed — while a shared directory reached through a symbolic link
/// keeps working.
@Suite("The store never leaves its shared directory")
struct StoreContainmentTests {
    /// What is planted where the store keeps a directory of its own.
    enum Planted: String, CaseIterable, CustomTestStringConvertible {
        case linkedSnapshots = "snapshots/ is a symbolic link"
        case linkedKey = "the key's directory is a symbolic link"
        case fileAsKey = "the key's directory is a regular file"
        case fifoAsKey = "the key's directory is a FIFO"

        var testDescription: String { rawValue }
    }

    /// A shared directory with revision 1 of the key, and beside it an outside directory holding
    /// what a store would touch if it followed a link: a valid record of the key (revisions 1 and
    /// 7), an abandoned-looking temporary file, and a file named like revision 2.
    func arrange(_ planted: Planted, in parent: URL) throws -> (shared: URL, outside: URL, path: String) {
        let shared = parent.appendingPathComponent("shared")
        let outside = parent.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: outside.appendingPathComponent(StoreFixture.key.rawValue), withIntermediateDirectories: true)
        let outsideKey = outside.appendingPathComponent(StoreFixture.key.rawValue)
        for (revision, value) in [(1, 41), (7, 47)] {
            let record = try SnapshotRecord.encode(StoreFixture.draft(value).snapshot(revision: revision))
            try Data(record).write(
                to: outsideKey.appendingPathComponent(String(format: "%010d.snapshot", revision)))
        }
        try Data("not a record".utf8).write(to: outsideKey.appendingPathComponent("0000000002.snapshot"))
        try Data("partial".utf8).write(
            to: outsideKey.appendingPathComponent(".tmp-2147480000-00000000000000aa"))

        let snapshots = shared.appendingPathComponent("snapshots")
        let key = snapshots.appendingPathComponent(StoreFixture.key.rawValue)
        switch planted {
        case .linkedSnapshots:
            try FileManager.default.createSymbolicLink(at: snapshots, withDestinationURL: outside)
            return (shared, outside, snapshots.path)
        case .linkedKey:
            try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: key, withDestinationURL: outsideKey)
        case .fileAsKey:
            try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: key)
        case .fifoAsKey:
            try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
            #expect(mkfifo(key.path, 0o644) == 0)
        }
        return (shared, outside, key.path)
    }

    @Test(
        "a link, file or FIFO in place of the store's directory: a typed error naming it, nothing outside touched",
        arguments: Planted.allCases)
    func plantedDirectory(planted: Planted) throws {
        try withTemporaryDirectory { parent throws in
            let (shared, outside, path) = try arrange(planted, in: parent)
            let before = try FileTree(outside)
            let found: FileStatus.Kind =
                switch planted {
                case .linkedSnapshots, .linkedKey: .symbolicLink
                case .fileAsKey: .regular
                case .fifoAsKey: .other
                }
            let expected = SnapshotStoreError.unexpectedFileType(path: path, found: found)
            let store = FileSnapshotStore(directory: shared)
            #expect(throws: expected) { try store.commit(StoreFixture.draft(2)) }
            #expect(throws: expected) { try store.commit(StoreFixture.draft(2), expecting: .revision(1)) }
            #expect(
                store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1) == .unreadable(expected))
            #expect(store.newestRevision(of: StoreFixture.key) == nil)
            _ = try? store.keys()
            _ = try? store.removeAbandonedFiles()
            #expect(try FileTree(outside) == before, "something outside the store changed")
            #expect(expected.description.contains(path))
        }
    }

    @Test("a shared directory reached through symbolic links works, and everything stays in its target")
    func linkedRoot() throws {
        try withTemporaryDirectory { parent throws in
            let real = parent.appendingPathComponent("private/container")
            try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
            let linkedParent = parent.appendingPathComponent("var")
            try FileManager.default.createSymbolicLink(
                at: linkedParent, withDestinationURL: parent.appendingPathComponent("private"))
            let shared = linkedParent.appendingPathComponent("container")
            let store = FileSnapshotStore(directory: shared)
            for value in 1...4 { #expect(try store.commit(StoreFixture.draft(value)).revision == value) }
            let read = FileSnapshotStore.readOnly(directory: shared).read(
                StoreFixture.key, as: Counter.self, supportedSchema: 1)
            #expect(read.snapshot?.revision == 4)
            #expect(revisionFiles(in: real.appendingPathComponent("snapshots/task-count")) == [2, 3, 4])
            #expect(try store.keys() == [StoreFixture.key])
        }
    }

    @Test(
        "a symbolic link in place of a record is a record problem, never followed; removing it spares its target"
    )
    func linkedRecord() throws {
        try withTemporaryDirectory { parent throws in
            let shared = parent.appendingPathComponent("shared")
            let outside = parent.appendingPathComponent("outside")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            let store = FileSnapshotStore(directory: shared)
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
            _ = try store.commit(StoreFixture.draft(1))
            // A valid record of revision 2 outside, linked in as revision 2.
            let target = outside.appendingPathComponent("0000000002.snapshot")
            try Data(try SnapshotRecord.encode(StoreFixture.draft(2).snapshot(revision: 2))).write(to: target)
            let keyDirectory = store.directory(for: StoreFixture.key)
            try FileManager.default.createSymbolicLink(
                at: keyDirectory.appendingPathComponent("0000000002.snapshot"), withDestinationURL: target)
            let before = try FileTree(outside)
            let read = store.read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
            guard case .found(let snapshot, let fallback?) = read else {
                Issue.record("expected a fallback past the link, got \(read)")
                return
            }
            #expect(snapshot.revision == 1)
            #expect(fallback.skipped == [InvalidRevision(revision: 2, problem: .notAFile)])
            // The next commits number after the link's name, and clean-up removes the link itself.
            for value in 3...6 { _ = try store.commit(StoreFixture.draft(value)) }
            #expect(revisionFiles(in: keyDirectory) == [4, 5, 6])
            #expect(try FileTree(outside) == before)
        }
    }
}
