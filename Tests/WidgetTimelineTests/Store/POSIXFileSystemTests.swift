import Foundation
import Testing
import WidgetTimeline

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The live file system's removal of old revisions: the name goes at once, the storage when a
/// background queue closes the descriptor held across the `unlink`.
struct POSIXFileSystemTests {
    static let hasProcFileDescriptors = FileManager.default.fileExists(atPath: "/proc/self/fd")

    /// What this process's open descriptors point at (Linux): a removed file reads
    /// `<path> (deleted)`.
    static func openDescriptorTargets() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)
        }
    }

    @Test("a removed record's name is gone when the call returns; its descriptor is closed after it")
    func nameGoneAtOnce() throws {
        try withTemporaryDirectory { directory throws in
            let fileSystem = POSIXFileSystem()
            let paths = (1...5).map { directory.appendingPathComponent("000000000\($0).snapshot").path }
            for path in paths { try Data("record".utf8).write(to: URL(fileURLWithPath: path)) }
            for path in paths {
                try fileSystem.unlinkReleasingStorageLater(path)
                #expect(throws: FileSystemError(code: ENOENT)) { try fileSystem.status(atPath: path) }
            }
            #expect(names(in: directory) == [])
            POSIXFileSystem.waitForDeferredReleases()
            if Self.hasProcFileDescriptors {
                let held = Self.openDescriptorTargets().filter { $0.hasPrefix(directory.path) }
                #expect(held == [], "still open: \(held)")
            }
        }
    }

    @Test("its errors are unlink's: a missing name, a directory; a symbolic link is removed, not followed")
    func errors() throws {
        try withTemporaryDirectory { directory throws in
            let fileSystem = POSIXFileSystem()
            let missing = directory.appendingPathComponent("0000000001.snapshot").path
            #expect(throws: FileSystemError(code: ENOENT)) {
                try fileSystem.unlinkReleasingStorageLater(missing)
            }

            let folder = directory.appendingPathComponent("0000000002.snapshot")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            #expect(throws: FileSystemError.self) { try fileSystem.unlinkReleasingStorageLater(folder.path) }
            #expect(try fileSystem.status(atPath: folder.path).kind == .directory)

            let target = directory.appendingPathComponent("target")
            try Data("kept".utf8).write(to: target)
            let link = directory.appendingPathComponent("0000000003.snapshot")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
            try fileSystem.unlinkReleasingStorageLater(link.path)
            #expect(names(in: directory) == ["0000000002.snapshot", "target"])
            #expect(try Data(contentsOf: target) == Data("kept".utf8))

            POSIXFileSystem.waitForDeferredReleases()
            if Self.hasProcFileDescriptors {
                let held = Self.openDescriptorTargets().filter { $0.hasPrefix(directory.path) }
                #expect(held == [], "still open: \(held)")
            }
        }
    }

    @Test("a writer's commits keep three revisions and, once released, hold no removed one open")
    func commitsReleaseRemovedRevisions() throws {
        try withTemporaryDirectory { directory throws in
            let store = FileSnapshotStore(directory: directory)
            for value in 1...20 { _ = try store.commit(StoreFixture.draft(value)) }
            #expect(revisionFiles(in: store.directory(for: StoreFixture.key)) == [18, 19, 20])
            POSIXFileSystem.waitForDeferredReleases()
            if Self.hasProcFileDescriptors {
                let held = Self.openDescriptorTargets().filter { $0.hasPrefix(directory.path) }
                #expect(held == [], "still open: \(held)")
            }
        }
    }
}
