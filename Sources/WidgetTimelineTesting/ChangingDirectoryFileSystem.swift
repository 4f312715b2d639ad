import Foundation
public import WidgetTimeline

/// A ``SnapshotFileSystem`` whose directory listings can run while something else changes the
/// directory, and then return no more than POSIX promises of such a pass: the names that were
/// there for all of it. Of a name added or removed meanwhile, "whether a subsequent call to
/// readdir() returns an entry for that file is unspecified" (POSIX `readdir`); a listing read in
/// several `getdents64` calls, paused between two, can miss both a revision removed behind newer
/// ones and the newer ones.
///
/// ```swift
/// let fileSystem = ChangingDirectoryFileSystem()
/// fileSystem.change(duringListing: 1) { _ = try? writer.commit(draft) }
/// let reader = FileSnapshotStore.readOnly(directory: directory, fileSystem: fileSystem)
/// ```
///
/// The change is real: it runs between two listings of the real directory, and the answer is
/// their common names. Every other call is passed on unchanged.
public final class ChangingDirectoryFileSystem: ForwardingFileSystem, @unchecked Sendable {
    // @unchecked: `listings` and `planned` are read and written under `lock`.
    private let lock = NSLock()
    private var listings = 0
    private var planned: (listing: Int, change: @Sendable () -> Void)?

    /// Runs `change` during the `number`-th listing from now (1: the next), once.
    public func change(duringListing number: Int, _ change: @escaping @Sendable () -> Void) {
        lock.withLock { planned = (listings + number, change) }
    }

    /// Whether the planned change has not run yet.
    public var isChangePending: Bool { lock.withLock { planned != nil } }

    override public func contentsOfDirectory(_ directory: OpenFile) throws(FileSystemError) -> [String] {
        let before = try super.contentsOfDirectory(directory)
        let change = lock.withLock { () -> (@Sendable () -> Void)? in
            listings += 1
            guard let planned, planned.listing == listings else { return nil }
            self.planned = nil
            return planned.change
        }
        guard let change else { return before }
        change()
        let after = Set(try super.contentsOfDirectory(directory))
        return before.filter(after.contains)
    }
}
