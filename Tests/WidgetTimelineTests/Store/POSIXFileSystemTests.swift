import Foundation
import Testing
import WidgetTimeline

/// The live file system under a writer: old revisions are removed, and nothing stays open.
struct POSIXFileSystemTests {
    /// What this process's open descriptors point at (Linux): a removed file reads
    /// `<path> (deleted)`.
    static func openDescriptorTargets() -> [String]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else {
            return nil
        }
        return names.compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)
        }
    }

    @Test("a writer's commits keep three revisions and hold no file of the store open")
    func commitsReleaseRemovedRevisions() throws {
        try withTemporaryDirectory { directory throws in
            let store = FileSnapshotStore(directory: directory)
            for value in 1...20 { _ = try store.commit(StoreFixture.draft(value)) }
            #expect(revisionFiles(in: store.directory(for: StoreFixture.key)) == [18, 19, 20])
            if let targets = Self.openDescriptorTargets() {
                let held = targets.filter { $0.hasPrefix(directory.path) }
                #expect(held == [], "still open: \(held)")
            }
        }
    }
}
