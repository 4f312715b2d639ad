import Foundation
public import WidgetTimeline

#if canImport(Darwin)
    public import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    public import Musl
#endif

/// An in-memory ``SnapshotFileSystem`` that models what survives a crash, so a test can crash a
/// save after any call and check every state the disk could be left in (ALICE, SQLite's crash
/// tests).
///
/// It keeps, for every file, its contents as written (the page cache) and as of its last
/// `fsync`; for every directory, its entries as changed and as of its last `fsync`, with the
/// changes in between. From that it builds:
/// - ``afterProcessCrash(processID:)``: what `kill -9` leaves — everything written, synchronised
///   or not;
/// - ``afterPowerLoss(using:processID:)``: a random state a power cut can leave — unsynchronised
///   file data dropped, kept, or torn (the size updated before the content, with garbage in the
///   gap), and any subset of unsynchronised directory changes (create, rename, link, unlink,
///   mkdir) undone, in any combination, as file systems that reorder metadata do.
///
/// ``crash(afterCalls:)`` freezes the file system after a number of calls: later calls fail with
/// `EIO` and change nothing, as if the process had died there.
///
/// Calls relative to a directory work on the directory the descriptor refers to, even after its
/// name was removed, as on POSIX. There are no symbolic links in the model: the tests of links
/// below the shared directory use the live file system.
///
/// Only the process with ``processID`` counts as running. Thread-safe (an in-memory mutex).
public final class CrashSimulatingFileSystem: SnapshotFileSystem, @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    /// Whether ``renameExclusively(_:to:)`` is supported; when `false` it fails with `EINVAL`, as
    /// on file systems without `RENAME_NOREPLACE`, and the store falls back to `link` + `unlink`.
    public let supportsExclusiveRename: Bool

    public let processID: Int32

    /// An empty file system with the given directories (and their parents) already durable.
    public init(directories: [String] = [], processID: Int32 = 1000, supportsExclusiveRename: Bool = true) {
        self.processID = processID
        self.supportsExclusiveRename = supportsExclusiveRename
        state = State()
        for directory in directories {
            var path = ""
            for component in directory.split(separator: "/") {
                path += "/" + component
                _ = try? state.makeDirectory(path)
            }
        }
        state.synchroniseEverything()
    }

    private init(state: State, processID: Int32, supportsExclusiveRename: Bool) {
        self.state = state
        self.processID = processID
        self.supportsExclusiveRename = supportsExclusiveRename
    }

    // MARK: - Crashing

    /// Freezes the file system after `count` more calls, counted from now: every call after those
    /// fails with `EIO` and changes nothing.
    public func crash(afterCalls count: Int) {
        withState { $0.remainingCalls = count }
    }

    /// Whether a call was refused because the file system is frozen.
    public var hasCrashed: Bool { withState { $0.hasCrashed } }

    /// Every call made so far, in order (including refused ones).
    public var calls: [FileSystemCall] { withState { $0.calls } }

    /// The state `kill -9` of the process leaves: every write and directory change so far is
    /// kept (in the page cache) but not made more durable than it was; open files are closed.
    /// The new file system belongs to a new process.
    public func afterProcessCrash(processID: Int32? = nil) -> CrashSimulatingFileSystem {
        var copy = withState { $0 }
        copy.descriptors = [:]
        copy.calls = []
        copy.remainingCalls = nil
        copy.hasCrashed = false
        return CrashSimulatingFileSystem(
            state: copy, processID: processID ?? self.processID + 1,
            supportsExclusiveRename: supportsExclusiveRename)
    }

    /// A random state a power loss can leave, after which everything on it is durable.
    ///
    /// Each unsynchronised directory change is kept or undone at random (independently, so
    /// renames may be half kept and operations reordered). Each file with unsynchronised data keeps
    /// its synchronised contents, all of its written contents, or a torn mix: a size between the
    /// two, the written bytes up to a random point, and then the old bytes or garbage.
    public func afterPowerLoss(
        using generator: inout some RandomNumberGenerator, processID: Int32? = nil
    ) -> CrashSimulatingFileSystem {
        let current = withState { $0 }
        var next = State(clock: current.clock, nextNode: current.nextNode)
        next.nodes = [:]
        // Directory entries first: synchronised ones plus a random subset of later changes.
        var entriesByNode: [Int: [String: Int]] = [:]
        for (id, node) in current.nodes where node.isDirectory {
            var entries = node.syncedEntries
            for change in node.pendingChanges where Bool.random(using: &generator) {
                entries[change.name] = change.node
            }
            entriesByNode[id] = entries
        }
        // Then every node still reachable from the root, with its surviving contents.
        var queue = [State.root]
        var seen: Set<Int> = []
        while let id = queue.popLast() {
            guard seen.insert(id).inserted, var node = current.nodes[id] else { continue }
            if node.isDirectory {
                let entries = entriesByNode[id] ?? [:]
                node.entries = entries
                node.syncedEntries = entries
                node.pendingChanges = []
                queue += entries.values
            } else {
                node.data = Self.survivingData(of: node, using: &generator)
                node.syncedData = node.data
            }
            next.nodes[id] = node
        }
        return CrashSimulatingFileSystem(
            state: next, processID: processID ?? self.processID + 1,
            supportsExclusiveRename: supportsExclusiveRename)
    }

    private static func survivingData(
        of node: State.Node, using generator: inout some RandomNumberGenerator
    ) -> [UInt8] {
        let written = node.data
        let synced = node.syncedData
        if written == synced { return written }
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: return synced
        case 1: return written
        default:
            // Torn: the size reached the disk, the content only up to `cut`.
            let low = min(synced.count, written.count)
            let high = max(synced.count, written.count)
            let size = Int.random(in: low...high, using: &generator)
            let cut = Int.random(in: 0...size, using: &generator)
            let zeros = Bool.random(using: &generator)
            return (0..<size).map { index in
                if index < cut && index < written.count { return written[index] }
                if index < synced.count { return synced[index] }
                return zeros ? 0 : UInt8.random(in: 0...255, using: &generator)
            }
        }
    }

    // MARK: - Inspecting and arranging (tests)

    /// An independent copy of the file system as it is now, for the same process, with no calls
    /// recorded and no crash armed.
    public func copy() -> CrashSimulatingFileSystem {
        var copy = withState { $0 }
        copy.calls = []
        copy.remainingCalls = nil
        copy.hasCrashed = false
        return CrashSimulatingFileSystem(
            state: copy, processID: processID, supportsExclusiveRename: supportsExclusiveRename)
    }

    /// Makes everything durable as it is now, as a clean shutdown would.
    public func synchroniseEverything() {
        withState { $0.synchroniseEverything() }
    }

    /// The current contents of the file at `path`, or `nil` if there is none.
    public func contents(ofFile path: String) -> [UInt8]? {
        withState { state in
            guard let id = try? state.resolve(path), let node = state.nodes[id], !node.isDirectory else {
                return nil
            }
            return node.data
        }
    }

    /// Replaces the contents of the file at `path` durably, bypassing the seam (to plant corruption).
    public func setContents(_ bytes: [UInt8], ofFile path: String) {
        withState { state in
            guard let id = try? state.resolve(path), state.nodes[id]?.isDirectory == false else { return }
            state.nodes[id]?.data = bytes
            state.nodes[id]?.syncedData = bytes
        }
    }

    /// The names in the directory at `path`, sorted, or `[]` if there is none.
    public func names(in path: String) -> [String] {
        withState { state in
            guard let id = try? state.resolve(path), let node = state.nodes[id], node.isDirectory else {
                return []
            }
            return node.entries.keys.sorted()
        }
    }

    // MARK: - SnapshotFileSystem

    public func isProcessRunning(_ processID: Int32) -> Bool { processID == self.processID }

    public func openRoot(_ path: String) throws(FileSystemError) -> OpenFile {
        try perform(FileSystemCall(.openRoot, path: path)) { (state) throws(FileSystemError) in
            let id = try state.resolve(path)
            guard state.nodes[id]?.isDirectory == true else { throw FileSystemError(code: ENOTDIR) }
            return state.openDescriptor(node: id, path: path, isWritable: false)
        }
    }

    public func openDirectory(_ name: String, belowRoot rootPath: String) throws(FileSystemError) -> OpenFile
    {
        let path = (rootPath == "/" ? "" : rootPath) + "/" + name
        return try perform(FileSystemCall(.open, path: path, mode: .directory)) {
            (state) throws(FileSystemError) in
            let root = try state.resolve(rootPath)
            guard state.nodes[root]?.isDirectory == true else { throw FileSystemError(code: ENOTDIR) }
            guard let id = state.nodes[root]?.entries[name] else { throw FileSystemError(code: ENOENT) }
            guard state.nodes[id]?.isDirectory == true else { throw FileSystemError(code: ENOTDIR) }
            return state.openDescriptor(node: id, path: path, isWritable: false)
        }
    }

    public func open(_ name: String, in directory: OpenFile, _ mode: FileOpenMode) throws(FileSystemError)
        -> OpenFile
    {
        try perform(FileSystemCall(.open, path: pathOf(name, in: directory), mode: mode)) {
            (state) throws(FileSystemError) in
            try state.open(name, in: directory, mode)
        }
    }

    public func read(_ file: OpenFile, upTo count: Int) throws(FileSystemError) -> [UInt8] {
        try perform(FileSystemCall(.read, path: pathOf(file))) { (state) throws(FileSystemError) in
            guard var descriptor = state.descriptors[file.rawValue] else {
                throw FileSystemError(code: EBADF)
            }
            let bytes = try state.bytes(of: descriptor.node, at: descriptor.offset, upTo: count)
            descriptor.offset += bytes.count
            state.descriptors[file.rawValue] = descriptor
            return bytes
        }
    }

    public func read(_ file: OpenFile, at offset: Int, upTo count: Int) throws(FileSystemError) -> [UInt8] {
        try perform(FileSystemCall(.read, path: pathOf(file))) { (state) throws(FileSystemError) in
            guard let descriptor = state.descriptors[file.rawValue] else {
                throw FileSystemError(code: EBADF)
            }
            guard offset >= 0 else { throw FileSystemError(code: EINVAL) }
            return try state.bytes(of: descriptor.node, at: offset, upTo: count)
        }
    }

    public func write(_ file: OpenFile, _ bytes: ArraySlice<UInt8>) throws(FileSystemError) -> Int {
        try perform(FileSystemCall(.write, path: pathOf(file))) { (state) throws(FileSystemError) in
            guard var descriptor = state.descriptors[file.rawValue], descriptor.isWritable else {
                throw FileSystemError(code: EBADF)
            }
            guard var node = state.nodes[descriptor.node] else { throw FileSystemError(code: EBADF) }
            if descriptor.isAppending { descriptor.offset = node.data.count }
            if node.data.count < descriptor.offset {
                node.data += [UInt8](repeating: 0, count: descriptor.offset - node.data.count)
            }
            let overlap = min(bytes.count, node.data.count - descriptor.offset)
            node.data.replaceSubrange(
                descriptor.offset..<descriptor.offset + overlap, with: bytes.prefix(overlap))
            node.data += bytes.dropFirst(overlap)
            node.modificationTime = state.tick()
            descriptor.offset += bytes.count
            state.nodes[descriptor.node] = node
            state.descriptors[file.rawValue] = descriptor
            return bytes.count
        }
    }

    public func truncate(_ file: OpenFile, to length: Int) throws(FileSystemError) {
        try perform(FileSystemCall(.truncate, path: pathOf(file))) { (state) throws(FileSystemError) in
            guard let descriptor = state.descriptors[file.rawValue], descriptor.isWritable, length >= 0 else {
                throw FileSystemError(code: EINVAL)
            }
            guard var node = state.nodes[descriptor.node], !node.isDirectory else {
                throw FileSystemError(code: EINVAL)
            }
            node.data =
                length <= node.data.count
                ? Array(node.data.prefix(length))
                : node.data + [UInt8](repeating: 0, count: length - node.data.count)
            node.modificationTime = state.tick()
            state.nodes[descriptor.node] = node
        }
    }

    public func synchronize(_ file: OpenFile, barrierOnly: Bool) throws(FileSystemError) {
        // A barrier is modelled as a full synchronisation: what survives a power loss in this model
        // depends only on what was synchronised, not on when the drive flushed it.
        try perform(FileSystemCall(.synchronize, path: pathOf(file))) { (state) throws(FileSystemError) in
            guard let descriptor = state.descriptors[file.rawValue], var node = state.nodes[descriptor.node]
            else {
                throw FileSystemError(code: EBADF)
            }
            if node.isDirectory {
                node.syncedEntries = node.entries
                node.pendingChanges = []
            } else {
                node.syncedData = node.data
            }
            state.nodes[descriptor.node] = node
        }
    }

    public func close(_ file: OpenFile) throws(FileSystemError) {
        try perform(FileSystemCall(.close, path: pathOf(file))) { (state) throws(FileSystemError) in
            guard state.descriptors.removeValue(forKey: file.rawValue) != nil else {
                throw FileSystemError(code: EBADF)
            }
        }
    }

    public func status(_ file: OpenFile) throws(FileSystemError) -> FileStatus {
        try perform(FileSystemCall(.status, path: pathOf(file))) { (state) throws(FileSystemError) in
            guard let descriptor = state.descriptors[file.rawValue], state.nodes[descriptor.node] != nil
            else {
                throw FileSystemError(code: EBADF)
            }
            return state.status(of: descriptor.node)
        }
    }

    public func status(of name: String, in directory: OpenFile) throws(FileSystemError) -> FileStatus {
        try perform(FileSystemCall(.statusOfEntry, path: pathOf(name, in: directory))) {
            (state) throws(FileSystemError) in
            let id = try state.entry(name, in: directory)
            guard state.nodes[id] != nil else { throw FileSystemError(code: ENOENT) }
            return state.status(of: id)
        }
    }

    public func renameExclusively(_ source: String, to destination: String, in directory: OpenFile)
        throws(FileSystemError)
    {
        let supported = supportsExclusiveRename
        try perform(FileSystemCall(.renameExclusively, path: pathOf(destination, in: directory))) {
            (state) throws(FileSystemError) in
            guard supported else { throw FileSystemError(code: EINVAL) }
            let parent = try state.directoryNode(directory)
            let node = try state.entry(source, in: directory)
            guard state.nodes[parent]?.entries[destination] == nil else {
                throw FileSystemError(code: EEXIST)
            }
            state.setEntry(destination, to: node, in: parent)
            state.setEntry(source, to: nil, in: parent)
        }
    }

    public func rename(_ source: String, to destination: String, in directory: OpenFile)
        throws(FileSystemError)
    {
        try perform(FileSystemCall(.rename, path: pathOf(destination, in: directory))) {
            (state) throws(FileSystemError) in
            let parent = try state.directoryNode(directory)
            let node = try state.entry(source, in: directory)
            if let replaced = state.nodes[parent]?.entries[destination],
                state.nodes[replaced]?.isDirectory == true
            {
                throw FileSystemError(code: EISDIR)
            }
            state.setEntry(destination, to: node, in: parent)
            state.setEntry(source, to: nil, in: parent)
        }
    }

    public func link(_ source: String, to destination: String, in directory: OpenFile) throws(FileSystemError)
    {
        try perform(FileSystemCall(.link, path: pathOf(destination, in: directory))) {
            (state) throws(FileSystemError) in
            let parent = try state.directoryNode(directory)
            let node = try state.entry(source, in: directory)
            guard state.nodes[node]?.isDirectory == false else { throw FileSystemError(code: EPERM) }
            guard state.nodes[parent]?.entries[destination] == nil else {
                throw FileSystemError(code: EEXIST)
            }
            state.setEntry(destination, to: node, in: parent)
        }
    }

    public func unlink(_ name: String, in directory: OpenFile) throws(FileSystemError) {
        try perform(FileSystemCall(.unlink, path: pathOf(name, in: directory))) {
            (state) throws(FileSystemError) in
            let parent = try state.directoryNode(directory)
            let node = try state.entry(name, in: directory)
            guard state.nodes[node]?.isDirectory == false else { throw FileSystemError(code: EISDIR) }
            state.setEntry(name, to: nil, in: parent)
        }
    }

    public func makeDirectory(_ name: String, in directory: OpenFile) throws(FileSystemError) {
        try perform(FileSystemCall(.makeDirectory, path: pathOf(name, in: directory))) {
            (state) throws(FileSystemError) in
            try state.makeDirectory(name, in: try state.directoryNode(directory))
        }
    }

    public func removeDirectory(_ name: String, in directory: OpenFile) throws(FileSystemError) {
        try perform(FileSystemCall(.removeDirectory, path: pathOf(name, in: directory))) {
            (state) throws(FileSystemError) in
            let parent = try state.directoryNode(directory)
            let node = try state.entry(name, in: directory)
            guard let removed = state.nodes[node], removed.isDirectory else {
                throw FileSystemError(code: ENOTDIR)
            }
            guard removed.entries.isEmpty else { throw FileSystemError(code: ENOTEMPTY) }
            state.setEntry(name, to: nil, in: parent)
        }
    }

    public func contentsOfDirectory(_ directory: OpenFile) throws(FileSystemError) -> [String] {
        try perform(FileSystemCall(.contentsOfDirectory, path: pathOf(directory))) {
            (state) throws(FileSystemError) in
            guard let node = state.nodes[try state.directoryNode(directory)] else {
                throw FileSystemError(code: EBADF)
            }
            return Array(node.entries.keys)
        }
    }

    // MARK: - Plumbing

    private func pathOf(_ file: OpenFile) -> String {
        withState { $0.descriptors[file.rawValue]?.path } ?? file.description
    }

    private func pathOf(_ name: String, in directory: OpenFile) -> String {
        let parent = pathOf(directory)
        return parent == "/" ? "/" + name : parent + "/" + name
    }

    private func perform<Result>(
        _ call: FileSystemCall, _ body: (inout State) throws(FileSystemError) -> Result
    ) throws(FileSystemError) -> Result {
        lock.lock()
        defer { lock.unlock() }
        state.calls.append(call)
        if let remaining = state.remainingCalls {
            guard remaining > 0 else {
                state.hasCrashed = true
                throw FileSystemError(code: EIO)
            }
            state.remainingCalls = remaining - 1
        }
        return try body(&state)
    }

    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }
}

extension CrashSimulatingFileSystem {
    /// The whole model: nodes (files and directories) by number, open files, a logical clock.
    fileprivate struct State {
        static let root = 0

        struct EntryChange {
            var name: String
            var node: Int?
        }

        struct Node {
            var isDirectory: Bool
            var data: [UInt8] = []
            var syncedData: [UInt8] = []
            var entries: [String: Int] = [:]
            var syncedEntries: [String: Int] = [:]
            var pendingChanges: [EntryChange] = []
            var modificationTime: Int64 = 0

        }

        /// What `fstat` says of node `id`: its number is its inode, and its names are counted in
        /// every directory.
        func status(of id: Int) -> FileStatus {
            let node = nodes[id]!
            let names = nodes.values.reduce(0) { count, directory in
                count + directory.entries.values.reduce(0) { $0 + ($1 == id ? 1 : 0) }
            }
            return FileStatus(
                kind: node.isDirectory ? .directory : .regular,
                size: node.isDirectory ? 4096 : node.data.count,
                modificationTime: node.modificationTime,
                identity: FileIdentity(device: 1, inode: UInt64(id)), linkCount: node.isDirectory ? 2 : names)
        }

        struct Descriptor {
            var node: Int
            var path: String
            var isWritable: Bool
            var isAppending = false
            var offset = 0
        }

        var nodes: [Int: Node] = [root: Node(isDirectory: true)]
        var descriptors: [Int32: Descriptor] = [:]
        var nextDescriptor: Int32 = 3
        var clock: Int64 = 1_000_000_000
        var nextNode = 1
        var calls: [FileSystemCall] = []
        var remainingCalls: Int?
        var hasCrashed = false

        init() {}

        init(clock: Int64, nextNode: Int) {
            self.clock = clock
            self.nextNode = nextNode
        }

        /// Advances the logical clock by a millisecond and returns it (nanoseconds).
        mutating func tick() -> Int64 {
            clock += 1_000_000
            return clock
        }

        func resolve(_ path: String) throws(FileSystemError) -> Int {
            var id = Self.root
            for component in path.split(separator: "/") {
                guard let node = nodes[id], node.isDirectory else { throw FileSystemError(code: ENOTDIR) }
                guard let next = node.entries[String(component)] else { throw FileSystemError(code: ENOENT) }
                id = next
            }
            return id
        }

        func parentAndName(_ path: String) throws(FileSystemError) -> (parent: Int, name: String) {
            guard let slash = path.lastIndex(of: "/") else { throw FileSystemError(code: ENOENT) }
            let name = String(path[path.index(after: slash)...])
            guard !name.isEmpty else { throw FileSystemError(code: EINVAL) }
            let parent = try resolve(String(path[..<slash]))
            guard nodes[parent]?.isDirectory == true else { throw FileSystemError(code: ENOTDIR) }
            return (parent, name)
        }

        mutating func setEntry(_ name: String, to node: Int?, in directory: Int) {
            nodes[directory]?.entries[name] = node
            nodes[directory]?.pendingChanges.append(EntryChange(name: name, node: node))
            let time = tick()
            nodes[directory]?.modificationTime = time
        }

        mutating func makeDirectory(_ path: String) throws(FileSystemError) {
            let (parent, name) = try parentAndName(path)
            try makeDirectory(name, in: parent)
        }

        mutating func makeDirectory(_ name: String, in parent: Int) throws(FileSystemError) {
            guard nodes[parent]?.entries[name] == nil else { throw FileSystemError(code: EEXIST) }
            let id = nextNode
            nextNode += 1
            nodes[id] = Node(isDirectory: true, modificationTime: tick())
            setEntry(name, to: id, in: parent)
        }

        /// The directory node an open descriptor refers to (it may have been removed since: an open
        /// directory outlives its name, as on POSIX).
        func directoryNode(_ directory: OpenFile) throws(FileSystemError) -> Int {
            guard let descriptor = descriptors[directory.rawValue] else { throw FileSystemError(code: EBADF) }
            guard nodes[descriptor.node]?.isDirectory == true else { throw FileSystemError(code: ENOTDIR) }
            return descriptor.node
        }

        /// The node the entry `name` of an open directory names.
        func entry(_ name: String, in directory: OpenFile) throws(FileSystemError) -> Int {
            guard !name.isEmpty, !name.contains("/") else { throw FileSystemError(code: EINVAL) }
            guard let node = nodes[try directoryNode(directory)]?.entries[name] else {
                throw FileSystemError(code: ENOENT)
            }
            return node
        }

        func bytes(of id: Int, at offset: Int, upTo count: Int) throws(FileSystemError) -> [UInt8] {
            guard let node = nodes[id], !node.isDirectory else { throw FileSystemError(code: EISDIR) }
            let end = min(node.data.count, offset + max(0, count))
            return offset < end ? Array(node.data[offset..<end]) : []
        }

        mutating func openDescriptor(node: Int, path: String, isWritable: Bool, isAppending: Bool = false)
            -> OpenFile
        {
            let descriptor = nextDescriptor
            nextDescriptor += 1
            descriptors[descriptor] = Descriptor(
                node: node, path: path, isWritable: isWritable, isAppending: isAppending)
            return OpenFile(rawValue: descriptor)
        }

        mutating func open(_ name: String, in directory: OpenFile, _ mode: FileOpenMode)
            throws(FileSystemError)
            -> OpenFile
        {
            let parent = try directoryNode(directory)
            guard let parentPath = descriptors[directory.rawValue]?.path else {
                throw FileSystemError(code: EBADF)
            }
            let path = parentPath == "/" ? "/" + name : parentPath + "/" + name
            let existing = nodes[parent]?.entries[name]
            switch mode {
            case .readOnly:
                guard let existing else { throw FileSystemError(code: ENOENT) }
                return openDescriptor(node: existing, path: path, isWritable: false)
            case .directory:
                guard let existing else { throw FileSystemError(code: ENOENT) }
                guard nodes[existing]?.isDirectory == true else { throw FileSystemError(code: ENOTDIR) }
                return openDescriptor(node: existing, path: path, isWritable: false)
            case .append:
                if let existing {
                    guard nodes[existing]?.isDirectory == false else { throw FileSystemError(code: EISDIR) }
                    return openDescriptor(node: existing, path: path, isWritable: true, isAppending: true)
                }
                return openDescriptor(
                    node: createFile(name, in: parent), path: path, isWritable: true, isAppending: true)
            case .createNew:
                guard existing == nil else { throw FileSystemError(code: EEXIST) }
                return openDescriptor(node: createFile(name, in: parent), path: path, isWritable: true)
            case .rewrite:
                guard let existing else { throw FileSystemError(code: ENOENT) }
                guard nodes[existing]?.isDirectory == false else { throw FileSystemError(code: EISDIR) }
                return openDescriptor(node: existing, path: path, isWritable: true)
            }
        }

        private mutating func createFile(_ name: String, in parent: Int) -> Int {
            let id = nextNode
            nextNode += 1
            nodes[id] = Node(isDirectory: false, modificationTime: tick())
            setEntry(name, to: id, in: parent)
            return id
        }

        /// Makes every file and directory durable as it is now.
        mutating func synchroniseEverything() {
            for (id, var node) in nodes {
                node.syncedData = node.data
                node.syncedEntries = node.entries
                node.pendingChanges = []
                nodes[id] = node
            }
        }
    }
}
