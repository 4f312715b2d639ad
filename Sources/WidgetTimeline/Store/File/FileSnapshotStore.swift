#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

#if canImport(Darwin)
    public import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    public import Musl
#endif

/// The snapshot store in a shared directory (an App Group container): lock-free, crash-safe and
/// versioned.
///
/// Each commit writes a new file per revision — `snapshots/<key>/0000000018.snapshot` — through a
/// temporary file that is synchronised and then published with an exclusive rename, which fails if
/// the name is taken. A commit is acknowledged only if, listed after it appeared, its revision is
/// the key's newest. No file is ever changed in place, no lock or file coordination is ever taken,
/// and a reader sees either the old record or the new one, never part of one. Every call below the
/// shared directory is relative to an open directory and never follows a symbolic link, so the
/// store never reads, writes or removes anything outside it.
/// `docs/store-format.md` describes the layout and argues the protocol step by step.
///
/// ```swift
/// let store = FileSnapshotStore(directory: containerURL)
/// let outcome = try store.commit(draft)            // revision N+1, durable
/// let extensionStore = FileSnapshotStore.readOnly(directory: containerURL)
/// switch extensionStore.read(key, as: TaskCount.self, supportedSchema: 1) { … }
/// ```
///
/// The store is a value; copies share the file system. Every effect — the directory, the file
/// system — is a parameter; the store never reads a clock (the age of an abandoned temporary file
/// is measured against the file system's own timestamps).
public struct FileSnapshotStore: SnapshotStore {
    /// Whether a store may change the directory.
    public enum Access: Sendable, Hashable {
        /// Commits, clean-up of old revisions and abandoned temporary files.
        case readWrite
        /// Reads only: never creates, writes, renames or removes anything (the widget extension).
        /// Commits throw ``SnapshotStoreError/readOnly``.
        case readOnly
    }

    /// What a commit asks of the drive when it synchronises (Apple platforms; on Linux `fsync`
    /// is both). `docs/store-format.md` says which step needs what.
    public enum Synchronization: Sendable, Hashable {
        /// `F_FULLFSYNC` at every step: each synchronised write is on stable storage before the
        /// next step. The default.
        case full
        /// `F_BARRIERFSYNC` where the protocol needs only ordering — the temporary file's bytes
        /// before its publish, the directories' entries before the records in them — and
        /// `F_FULLFSYNC` for the directory that makes the revision durable, which also flushes
        /// every barriered write before it: one drive flush per commit instead of two. Every
        /// guarantee holds as with ``full``.
        case orderingWhereEnough
    }

    /// The shared directory. The store keeps its files in its `snapshots` subdirectory.
    public let directory: URL
    /// Whether this store may change the directory.
    public let access: Access
    /// The legacy keys read when a key has no snapshot, and migrated on its first commit.
    public let legacyKeys: LegacyKeyMapping
    /// How many of the newest revisions a commit keeps per key; older ones are removed. At least 1.
    public let retainedRevisions: Int
    /// How old, by the file system's clock, another running process's temporary file must be
    /// before a commit treats it as abandoned and removes it.
    public let orphanAge: TimeInterval
    /// The file-system calls the store makes.
    public let fileSystem: any SnapshotFileSystem
    /// What a commit asks of the drive when it synchronises.
    public let synchronization: Synchronization

    let layout: StoreLayout
    /// The key directories this instance has created and made durable, so later commits skip that.
    let preparedDirectories = PathSet()

    /// How many times a commit with ``ExpectedRevision/any`` starts again after another writer's
    /// revision appeared first.
    static let maximumPublishAttempts = 256
    /// How many times a call interrupted by a signal (`EINTR`) is repeated.
    static let maximumInterruptions = 16

    /// A store in `directory`, which must exist (the store creates only its own subdirectories).
    ///
    /// - Parameters:
    ///   - directory: the shared directory (the App Group container, or a directory inside it).
    ///   - access: ``Access/readOnly`` for the widget extension.
    ///   - legacyKeys: keys an earlier version stored snapshots under.
    ///   - retainedRevisions: revisions kept per key, for readers to fall back on (default 3).
    ///   - orphanAge: the age after which a running process's temporary file counts as abandoned
    ///     (default 10 minutes). Temporary files of processes that have exited are removed at once.
    ///   - fileSystem: the file-system seam; the live POSIX one by default.
    ///   - synchronization: what a commit asks of the drive (``Synchronization/full`` by default).
    public init(
        directory: URL,
        access: Access = .readWrite,
        legacyKeys: LegacyKeyMapping = .none,
        retainedRevisions: Int = 3,
        orphanAge: TimeInterval = 600,
        fileSystem: any SnapshotFileSystem = POSIXFileSystem(),
        synchronization: Synchronization = .full
    ) {
        self.directory = directory
        self.access = access
        self.legacyKeys = legacyKeys
        self.retainedRevisions = max(1, retainedRevisions)
        self.orphanAge = max(0, orphanAge)
        self.fileSystem = fileSystem
        self.synchronization = synchronization
        layout = StoreLayout(root: directory.standardizedFileURL.path)
    }

    /// A store that only reads, for the widget extension.
    public static func readOnly(
        directory: URL,
        legacyKeys: LegacyKeyMapping = .none,
        fileSystem: any SnapshotFileSystem = POSIXFileSystem()
    ) -> FileSnapshotStore {
        FileSnapshotStore(
            directory: directory, access: .readOnly, legacyKeys: legacyKeys, fileSystem: fileSystem)
    }

    public var isReadOnly: Bool { access == .readOnly }

    /// The directory holding `key`'s revisions.
    public func directory(for key: SnapshotKey) -> URL {
        URL(fileURLWithPath: layout.directory(for: key), isDirectory: true)
    }

    // MARK: - Reading

    /// The key's newest valid revision (see ``SnapshotStore/read(_:as:supportedSchema:)``): list,
    /// newest valid first, fall back past invalid ones, then the legacy key.
    public func read<Payload: Codable & Sendable & Equatable>(
        _ key: SnapshotKey, as type: Payload.Type, supportedSchema: Int
    ) -> SnapshotReadResult<Payload> {
        let directories = openDirectories()
        defer { directories.closeAll() }
        return NewestRecordReader.read(
            key, legacyKey: legacyKeys.legacyKey(for: key),
            from: FileRevisionSource(directories: directories),
            as: type, supportedSchema: supportedSchema)
    }

    public func newestRevision(of key: SnapshotKey) -> Int? {
        let directories = openDirectories()
        defer { directories.closeAll() }
        do {
            return try FileRevisionSource(directories: directories).revisions(of: key)?.max() ?? 0
        } catch {
            return nil
        }
    }

    public func keys() throws(SnapshotStoreError) -> [SnapshotKey] {
        let directories = openDirectories()
        defer { directories.closeAll() }
        guard let snapshots = try directories.snapshots(creating: false) else { return [] }
        let source = FileRevisionSource(directories: directories)
        var keys: [SnapshotKey] = []
        for name in try directories.names(in: snapshots) where !name.hasPrefix(".") {
            guard let key = try? SnapshotKey(validating: name) else { continue }
            do {
                // An empty listing is confirmed, as a read confirms it (``NewestRecordReader``).
                if let revisions = try source.revisions(of: key),
                    try !revisions.isEmpty || source.revisionsAgain(of: key)?.isEmpty == false
                {
                    keys.append(key)
                }
            } catch {
                // A key whose directory cannot be listed is still a key: reading it says why.
                keys.append(key)
            }
            directories.forget(key)
        }
        return keys.sorted()
    }

    /// A new set of directories for one call.
    func openDirectories() -> StoreDirectories { StoreDirectories(layout: layout, fileSystem: fileSystem) }
}

/// Repeats `call` while it is interrupted by a signal (`EINTR`), a bounded number of times.
func interruptible<Value>(
    _ call: () throws(FileSystemError) -> Value
) throws(FileSystemError) -> Value {
    var interruptions = 0
    while true {
        do {
            return try call()
        } catch  where error.isInterrupted && interruptions < FileSnapshotStore.maximumInterruptions {
            interruptions += 1
        }
    }
}

/// A set of paths shared across threads, guarded by an in-memory mutex (`Lock`) held only for
/// the duration of one call — never a file lock.
///
/// The file store keeps two: the key directories an instance has already created and made durable,
/// and the temporary files this process is writing right now across every instance (so one
/// instance's clean-up never removes another's file mid-write).
final class PathSet: @unchecked Sendable {
    // @unchecked: `paths` is read and written under `lock`.
    private let lock = Lock()
    private var paths: Set<String> = []

    /// The temporary files this process is writing, across every store instance.
    static let temporaryFilesBeingWritten = PathSet()

    func contains(_ path: String) -> Bool { lock.withLock { paths.contains(path) } }

    func insert(_ path: String) { lock.withLock { _ = paths.insert(path) } }

    func remove(_ path: String) { lock.withLock { _ = paths.remove(path) } }
}
