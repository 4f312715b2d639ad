import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The snapshot store in a shared directory (an App Group container): lock-free, crash-safe and
/// versioned (SPEC S1–S6).
///
/// Each commit writes a new file per revision — `snapshots/<key>/0000000018.snapshot` — through a
/// temporary file that is synchronised and then published with an exclusive rename, which fails if
/// another writer took the revision first. No file is ever changed in place, no lock or file
/// coordination is ever taken, and a reader sees either the old record or the new one, never part
/// of one. `docs/store-format.md` describes the layout and the protocol step by step.
///
/// ```swift
/// let store = FileSnapshotStore(directory: containerURL)
/// let outcome = try store.commit(draft)            // revision N+1, durable
/// let extensionStore = FileSnapshotStore.readOnly(directory: containerURL)
/// switch extensionStore.read(key, as: TaskCount.self, supportedSchema: 1) { … }
/// ```
///
/// The store is a value; copies share the file system and what the instance they were copied from
/// remembers to save calls — the key directories it prepared and the newest revision it saw per
/// key, always confirmed on disk before use. Every effect — the directory, the file system — is a
/// parameter; the store never reads a clock (the age of an abandoned temporary file is measured
/// against the file system's own timestamps).
public struct FileSnapshotStore: SnapshotStore {
    /// Whether a store may change the directory.
    public enum Access: Sendable, Hashable {
        /// Commits, clean-up of old revisions and abandoned temporary files.
        case readWrite
        /// Reads only: never creates, writes, renames or removes anything (the widget extension,
        /// SPEC S6). Commits throw ``SnapshotStoreError/readOnly``.
        case readOnly
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

    let layout: StoreLayout
    let preparedDirectories = PathSet()
    /// The newest revision this instance published or listed per key, to confirm with two `stat`s
    /// instead of listing the directory again.
    let knownRevisions = KnownRevisions()

    /// How many times a commit with ``ExpectedRevision/any`` retries after losing a race.
    static let maximumPublishAttempts = 256
    /// How many times a call interrupted by a signal (`EINTR`) is repeated.
    static let maximumInterruptions = 16

    /// A store in `directory`, which must exist (the store creates only its own subdirectories).
    ///
    /// - Parameters:
    ///   - access: ``Access/readOnly`` for the widget extension.
    ///   - legacyKeys: keys an earlier version stored snapshots under.
    ///   - retainedRevisions: revisions kept per key, for readers to fall back on (default 3).
    ///   - orphanAge: the age after which a running process's temporary file counts as abandoned
    ///     (default 10 minutes). Temporary files of processes that have exited are removed at once.
    ///   - fileSystem: the file-system seam; the live POSIX one by default.
    public init(
        directory: URL,
        access: Access = .readWrite,
        legacyKeys: LegacyKeyMapping = .none,
        retainedRevisions: Int = 3,
        orphanAge: TimeInterval = 600,
        fileSystem: any SnapshotFileSystem = POSIXFileSystem()
    ) {
        self.directory = directory
        self.access = access
        self.legacyKeys = legacyKeys
        self.retainedRevisions = max(1, retainedRevisions)
        self.orphanAge = max(0, orphanAge)
        self.fileSystem = fileSystem
        layout = StoreLayout(root: directory.standardizedFileURL.path)
    }

    /// A store that only reads, for the widget extension (SPEC S6).
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

    /// The key's newest valid revision (see ``SnapshotStore/read(_:as:supportedSchema:)``).
    ///
    /// An instance that read or committed the key before remembers its newest revision, N, and
    /// reads it again without listing the directory when one `stat` finds no revision N + 1: a
    /// revision is published only after the one before it, and clean-up removes the oldest first,
    /// so while N + 1 has never existed nothing newer can. Anything else — N + 1 exists, N is gone
    /// or does not decode — is the full read: list, newest valid first, fall back, legacy key.
    public func read<Payload: Codable & Sendable & Equatable>(
        _ key: SnapshotKey, as type: Payload.Type, supportedSchema: Int
    ) -> SnapshotReadResult<Payload> {
        if let remembered = readRemembered(key, as: type, supportedSchema: supportedSchema) {
            return .found(remembered, fallback: nil)
        }
        let outcome = NewestRecordReader.read(key, legacyKey: legacyKeys.legacyKey(for: key), from: source) {
            record, key, revision in
            SnapshotRecord.decode(
                record, key: key, revision: revision, as: type, supportedSchema: supportedSchema)
        }
        // Remember what the listing found newest, when it is the key's own and valid.
        if case .found(let snapshot, fallback: nil) = outcome, snapshot.key == key,
            knownRevisions[key]?.revision != snapshot.revision
        {
            knownRevisions[key] = KnownRevisions.Knowledge(revision: snapshot.revision, isTidy: false)
        }
        return outcome.readResult(supportedSchema: supportedSchema)
    }

    /// The remembered newest revision of `key`, when no newer one exists and it is still valid.
    private func readRemembered<Payload: Codable & Sendable & Equatable>(
        _ key: SnapshotKey, as type: Payload.Type, supportedSchema: Int
    ) -> Snapshot<Payload>? {
        // The `stat` comes first: once revision N + 1 is found absent, revision N — if it can
        // still be opened — was the newest at that moment.
        guard let known = knownRevisions[key]?.revision, hasRevision(after: known, of: key) == false,
            case .bytes(let record) = source.load(key, revision: known),
            case .valid(let snapshot) = SnapshotRecord.decode(
                record, key: key, revision: known, as: type, supportedSchema: supportedSchema)
        else { return nil }
        return snapshot
    }

    public func readStored(_ key: SnapshotKey) -> StoredSnapshotReadResult {
        NewestRecordReader.read(key, legacyKey: legacyKeys.legacyKey(for: key), from: source) {
            record, key, revision in
            SnapshotRecord.decodeStored(record, key: key, revision: revision)
        }
        .storedResult
    }

    /// One `stat` of revision `revision + 1`'s file name.
    public func hasRevision(after revision: Int, of key: SnapshotKey) -> Bool? {
        guard revision < Int.max else { return false }
        do {
            _ = try fileSystem.status(atPath: layout.path(for: key, revision: revision + 1))
            return true
        } catch  where error.code == ENOENT {
            return false
        } catch {
            return nil
        }
    }

    public func keys() throws(SnapshotStoreError) -> [SnapshotKey] {
        let names: [String]
        do {
            names = try interruptible { () throws(FileSystemError) in
                try fileSystem.contentsOfDirectory(layout.snapshots)
            }
        } catch  where error.code == ENOENT {
            return []
        } catch {
            throw .io(operation: .listDirectory, path: layout.snapshots, errno: error.code)
        }
        var keys: [SnapshotKey] = []
        for name in names where !name.hasPrefix(".") {
            guard let key = try? SnapshotKey(validating: name) else { continue }
            switch source.revisions(of: key) {
            case .absent, .revisions([]): continue
            // A key whose directory cannot be listed is still a key: reading it says why.
            case .revisions, .failed: keys.append(key)
            }
        }
        return keys.sorted()
    }

    var source: FileRevisionSource { FileRevisionSource(layout: layout, fileSystem: fileSystem) }
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
