import Foundation
public import WidgetTimeline

#if canImport(Darwin)
    public import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    public import Musl
#endif

/// A ``SnapshotFileSystem`` that passes every call to another one — the live POSIX one by
/// default — except the calls its faults pick, which fail with any `errno`, write short, or are
/// interrupted. It records every call, with the path of what it concerns, so a test can trace a
/// save and then fail each call in turn, or pause before one (``pausePoint``).
///
/// ```swift
/// let fileSystem = FaultInjectingFileSystem()
/// fileSystem.faults = [FileSystemFault(.error(ENOSPC), at: .kind(.write, occurrence: 1))]
/// let store = FileSnapshotStore(directory: directory, fileSystem: fileSystem)
/// #expect(throws: SnapshotStoreError.self) { try store.commit(draft) }
/// ```
///
/// Thread-safe: its state is guarded by an in-memory mutex, never held across a call to the
/// wrapped file system.
public final class FaultInjectingFileSystem: SnapshotFileSystem, @unchecked Sendable {
    /// The file system calls are passed to.
    public let base: any SnapshotFileSystem

    private let lock = NSLock()
    private var state = State()

    private struct State {
        var pausePoint: (@Sendable (FileSystemCall) -> Void)?
        var faults: [FileSystemFault] = []
        var calls: [FileSystemCall] = []
        var countsByKind: [FileSystemCall.Kind: Int] = [:]
        var openPaths: [OpenFile: String] = [:]
        var lastCallWasInterrupted = false
        var hits: [FileSystemFault: Int] = [:]
    }

    public init(wrapping base: any SnapshotFileSystem = POSIXFileSystem()) {
        self.base = base
    }

    /// The faults to inject. Setting them starts counting calls again from 1.
    public var faults: [FileSystemFault] {
        get { withState { $0.faults } }
        set {
            withState { state in
                state.faults = newValue
                state.calls = []
                state.countsByKind = [:]
                state.lastCallWasInterrupted = false
                state.hits = [:]
            }
        }
    }

    /// Runs before every call is passed on — outside any lock, on the caller's thread — as if the
    /// process were suspended there: what it does (another store's commits, say) happens between
    /// this process's previous call and this one. `nil` by default.
    ///
    /// ```swift
    /// fileSystem.pausePoint = { call in
    ///     if call.kind == .renameExclusively { _ = try? otherWriter.commit(newer) }
    /// }
    /// ```
    public var pausePoint: (@Sendable (FileSystemCall) -> Void)? {
        get { withState { $0.pausePoint } }
        set { withState { $0.pausePoint = newValue } }
    }

    /// Every call since the faults were last set, in order.
    public var calls: [FileSystemCall] { withState { $0.calls } }

    /// How many calls the faults have hit since they were last set.
    public var hits: Int { withState { $0.hits.values.reduce(0, +) } }

    /// How many calls `fault` has hit since the faults were last set.
    public func hits(of fault: FileSystemFault) -> Int { withState { $0.hits[fault, default: 0] } }

    /// Removes every fault and forgets the recorded calls.
    public func disarm() { faults = [] }

    // MARK: - SnapshotFileSystem

    public var processID: Int32 { base.processID }

    public func isProcessRunning(_ processID: Int32) -> Bool { base.isProcessRunning(processID) }

    public func openRoot(_ path: String) throws(FileSystemError) -> OpenFile {
        try failIfFaulted(FileSystemCall(.openRoot, path: path))
        let file = try base.openRoot(path)
        withState { $0.openPaths[file] = path }
        return file
    }

    public func openDirectory(_ name: String, belowRoot rootPath: String) throws(FileSystemError) -> OpenFile
    {
        let path = (rootPath == "/" ? "" : rootPath) + "/" + name
        try failIfFaulted(FileSystemCall(.open, path: path, mode: .directory))
        let file = try base.openDirectory(name, belowRoot: rootPath)
        withState { $0.openPaths[file] = path }
        return file
    }

    public func open(_ name: String, in directory: OpenFile, _ mode: FileOpenMode) throws(FileSystemError)
        -> OpenFile
    {
        let path = path(of: name, in: directory)
        try failIfFaulted(FileSystemCall(.open, path: path, mode: mode))
        let file = try base.open(name, in: directory, mode)
        withState { $0.openPaths[file] = path }
        return file
    }

    public func read(_ file: OpenFile, upTo count: Int) throws(FileSystemError) -> [UInt8] {
        try failIfFaulted(FileSystemCall(.read, path: path(of: file)))
        return try base.read(file, upTo: count)
    }

    public func read(_ file: OpenFile, at offset: Int, upTo count: Int) throws(FileSystemError) -> [UInt8] {
        try failIfFaulted(FileSystemCall(.read, path: path(of: file)))
        return try base.read(file, at: offset, upTo: count)
    }

    public func write(_ file: OpenFile, _ bytes: ArraySlice<UInt8>) throws(FileSystemError) -> Int {
        switch decide(FileSystemCall(.write, path: path(of: file))) {
        case .proceed: return try base.write(file, bytes)
        case .shortWrite: return try base.write(file, bytes.prefix(max(1, bytes.count / 2)))
        case .fail(let code): throw FileSystemError(code: code)
        }
    }

    public func truncate(_ file: OpenFile, to length: Int) throws(FileSystemError) {
        try failIfFaulted(FileSystemCall(.truncate, path: path(of: file)))
        try base.truncate(file, to: length)
    }

    public func synchronize(_ file: OpenFile, barrierOnly: Bool) throws(FileSystemError) {
        try failIfFaulted(FileSystemCall(.synchronize, path: path(of: file), barrierOnly: barrierOnly))
        try base.synchronize(file, barrierOnly: barrierOnly)
    }

    public func close(_ file: OpenFile) throws(FileSystemError) {
        let decision = decide(FileSystemCall(.close, path: path(of: file)))
        withState { _ = $0.openPaths.removeValue(forKey: file) }
        // The file is closed whatever close reports, as on Linux and Darwin.
        try base.close(file)
        if case .fail(let code) = decision { throw FileSystemError(code: code) }
    }

    public func status(_ file: OpenFile) throws(FileSystemError) -> FileStatus {
        try failIfFaulted(FileSystemCall(.status, path: path(of: file)))
        return try base.status(file)
    }

    public func status(of name: String, in directory: OpenFile) throws(FileSystemError) -> FileStatus {
        try failIfFaulted(FileSystemCall(.statusOfEntry, path: path(of: name, in: directory)))
        return try base.status(of: name, in: directory)
    }

    public func renameExclusively(_ source: String, to destination: String, in directory: OpenFile)
        throws(FileSystemError)
    {
        try failIfFaulted(FileSystemCall(.renameExclusively, path: path(of: destination, in: directory)))
        try base.renameExclusively(source, to: destination, in: directory)
    }

    public func rename(_ source: String, to destination: String, in directory: OpenFile)
        throws(FileSystemError)
    {
        try failIfFaulted(FileSystemCall(.rename, path: path(of: destination, in: directory)))
        try base.rename(source, to: destination, in: directory)
    }

    public func link(_ source: String, to destination: String, in directory: OpenFile) throws(FileSystemError)
    {
        try failIfFaulted(FileSystemCall(.link, path: path(of: destination, in: directory)))
        try base.link(source, to: destination, in: directory)
    }

    public func unlink(_ name: String, in directory: OpenFile) throws(FileSystemError) {
        try failIfFaulted(FileSystemCall(.unlink, path: path(of: name, in: directory)))
        try base.unlink(name, in: directory)
    }

    public func makeDirectory(_ name: String, in directory: OpenFile) throws(FileSystemError) {
        try failIfFaulted(FileSystemCall(.makeDirectory, path: path(of: name, in: directory)))
        try base.makeDirectory(name, in: directory)
    }

    public func removeDirectory(_ name: String, in directory: OpenFile) throws(FileSystemError) {
        try failIfFaulted(FileSystemCall(.removeDirectory, path: path(of: name, in: directory)))
        try base.removeDirectory(name, in: directory)
    }

    public func contentsOfDirectory(_ directory: OpenFile) throws(FileSystemError) -> [String] {
        try failIfFaulted(FileSystemCall(.contentsOfDirectory, path: path(of: directory)))
        return try base.contentsOfDirectory(directory)
    }

    // MARK: - Deciding

    private enum Decision {
        case proceed
        case shortWrite
        case fail(Int32)
    }

    private func failIfFaulted(_ call: FileSystemCall) throws(FileSystemError) {
        if case .fail(let code) = decide(call) { throw FileSystemError(code: code) }
    }

    private func path(of file: OpenFile) -> String {
        withState { $0.openPaths[file] } ?? file.description
    }

    /// The path of the entry `name` of an open directory.
    private func path(of name: String, in directory: OpenFile) -> String {
        let parent = path(of: directory)
        return parent == "/" ? "/" + name : parent + "/" + name
    }

    private func decide(_ call: FileSystemCall) -> Decision {
        if let pausePoint = withState({ $0.pausePoint }) { pausePoint(call) }
        return withState { state in
            state.calls.append(call)
            let index = state.calls.count
            let occurrence = state.countsByKind[call.kind, default: 0] + 1
            state.countsByKind[call.kind] = occurrence
            let wasInterrupted = state.lastCallWasInterrupted
            state.lastCallWasInterrupted = false
            for fault in state.faults {
                let position: Int
                let start: Int
                switch fault.trigger {
                case .call(let target):
                    position = index
                    start = target
                case .kind(let kind, let target):
                    guard kind == call.kind else { continue }
                    position = occurrence
                    start = target
                }
                let active = fault.persistence == .once ? position == start : position >= start
                guard active else { continue }
                switch fault.effect {
                case .error(let code):
                    state.hits[fault, default: 0] += 1
                    return .fail(code)
                case .shortWrite:
                    guard call.kind == .write else { continue }
                    state.hits[fault, default: 0] += 1
                    return .shortWrite
                case .interrupted:
                    // Let the repetition of an interrupted call through.
                    if wasInterrupted && fault.persistence == .fromThenOn { continue }
                    state.hits[fault, default: 0] += 1
                    state.lastCallWasInterrupted = true
                    return .fail(EINTR)
                }
            }
            return .proceed
        }
    }

    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }
}
