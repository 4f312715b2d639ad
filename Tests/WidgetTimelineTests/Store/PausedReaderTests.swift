import Dispatch
import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// A reader suspended between listing a key's revisions and opening the newest, while clean-up
/// frees that name and a stale writer publishes its own record under it before withdrawing it.
/// The name is the same, the content is not: a reader must not return a record it cannot prove
/// was the newest.
@Suite("A paused reader never returns a record published under a reused name")
struct PausedReaderTests {
    @Test("the name the reader listed is reused by a stale writer: it reads the newest instead")
    func reusedName() throws {
        try withTemporaryDirectory { directory throws in
            let other = FileSnapshotStore(directory: directory)
            let readerListed = DispatchSemaphore(value: 0)
            let readerMayOpen = DispatchSemaphore(value: 0)
            let readerDone = DispatchSemaphore(value: 0)
            let result = ResultBox()

            // The reader: it lists revision 1 as the newest, then waits before opening it.
            let readerFileSystem = FaultInjectingFileSystem()
            let readerPaused = Once()
            readerFileSystem.pausePoint = { call in
                guard call.kind == .open, call.path.hasSuffix(".snapshot"), readerPaused.first() else {
                    return
                }
                readerListed.signal()
                readerMayOpen.wait()
            }
            let reader = FileSnapshotStore.readOnly(directory: directory, fileSystem: readerFileSystem)

            // The stale writer: it listed an empty key and chose revision 1. Before its exclusive
            // rename, revision 1 is committed, the reader lists it, and four more commits' clean-up
            // remove revisions 1 and 2. It then publishes its record as 1; before it withdraws it
            // (its confirming listing shows 5), the reader opens the name.
            let writerFileSystem = FaultInjectingFileSystem()
            let beforeRename = Once()
            let renamed = Once()
            let beforeConfirm = Once()
            writerFileSystem.pausePoint = { call in
                if call.publishesRecord, beforeRename.first() {
                    _ = try? other.commit(StoreFixture.draft(1))
                    DispatchQueue.global().async {
                        result.set(reader.read(StoreFixture.key, as: Counter.self, supportedSchema: 1))
                        readerDone.signal()
                    }
                    readerListed.wait()
                    for value in 2...5 { _ = try? other.commit(StoreFixture.draft(value)) }
                    _ = renamed.first()
                } else if call.kind == .contentsOfDirectory, renamed.isDone, beforeConfirm.first() {
                    readerMayOpen.signal()
                    readerDone.wait()
                }
            }
            let stale = FileSnapshotStore(directory: directory, fileSystem: writerFileSystem)
            let outcome = try stale.commit(StoreFixture.draft(100))

            let read = try #require(result.value)
            #expect(read.snapshot?.revision == 5, "\(read)")
            #expect(read.snapshot?.payload.value == 5, "the withdrawn record was read: \(read)")
            // The stale writer was not acknowledged 1: it withdrew it and committed after 5.
            #expect(outcome.revision == 6)
            #expect(revisionFiles(in: stale.directory(for: StoreFixture.key)) == [4, 5, 6])
        }
    }
}

/// The reader thread's result.
private final class ResultBox: @unchecked Sendable {
    // @unchecked: `stored` is read and written under `lock`.
    private let lock = NSLock()
    private var stored: SnapshotReadResult<Counter>?

    func set(_ value: SnapshotReadResult<Counter>) { lock.withLock { stored = value } }
    var value: SnapshotReadResult<Counter>? { lock.withLock { stored } }
}
