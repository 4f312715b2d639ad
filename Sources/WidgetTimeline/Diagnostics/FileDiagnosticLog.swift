#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The diagnostics log in the shared directory: written by the host and the extension,
/// readable by both, bounded in size, and safe without locks.
///
/// Events are JSON lines in `<directory>/diagnostics/events.jsonl`. Each event — or each batch
/// given to ``record(contentsOf:)`` — is appended with a single `write` on a descriptor opened
/// with `O_APPEND`, so two processes never interleave inside a line, and a process killed with
/// `kill -9` leaves every earlier line intact. A write that stopped short (a full disk) leaves a
/// fragment without its line feed; the next append starts on a line of its own, and a reader
/// skips the fragment and still reads an event glued to it by a concurrent writer. When the file
/// passes ``maximumBytes`` a writer numbers it — `events.<n>.jsonl`, one above the newest rotated
/// generation — and puts a new, empty file in its place in one rename; older generations are
/// removed, so about twice the limit is kept. Nothing is ever renamed over a generation: a writer
/// stopped or killed at any step of a rotation never makes the kept generation an older one.
///
/// Like the snapshot store, the log never leaves the shared directory and never blocks: the
/// `diagnostics` directory and the files are opened relative to it without following a symbolic
/// link and without blocking, and anything but a directory and regular files there is refused —
/// as is a file with a name outside the `diagnostics` directory (a hard link), which would show
/// what is appended.
///
/// Logging never fails the caller: an event that cannot be written is dropped.
public struct FileDiagnosticLog: DiagnosticSink {
    /// The shared directory; the log lives in its `diagnostics` subdirectory.
    public let directory: URL
    /// The size at which the current file is rotated.
    public let maximumBytes: Int
    /// The file-system calls the log makes.
    public let fileSystem: any SnapshotFileSystem

    public init(
        directory: URL, maximumBytes: Int = 128 * 1024, fileSystem: any SnapshotFileSystem = POSIXFileSystem()
    ) {
        self.directory = directory
        self.maximumBytes = max(4096, maximumBytes)
        self.fileSystem = fileSystem
        // Paths are computed once: URL path building can touch the file system.
        layout = StoreLayout(root: directory.standardizedFileURL.path)
        logDirectory = (layout.root == "/" ? "" : layout.root) + "/" + Self.directoryName
        currentPath = logDirectory + "/" + Self.currentName
    }

    static let directoryName = "diagnostics"
    static let currentName = "events.jsonl"

    private let layout: StoreLayout
    /// The `diagnostics` directory.
    public let logDirectory: String
    /// The file new events are appended to.
    public let currentPath: String
    /// The files a read reads, in its order: the newest rotated generation, then the current file
    /// (those that exist).
    public var readPaths: [String] {
        withLogDirectory { opened in
            guard case .success(let log?) = opened else { return [] }
            let previous = previousGeneration(in: log, current: currentIdentity(in: log))
            return ([previous].compactMap { $0 } + [Self.currentName])
                .filter { exists($0, in: log) }.map { logDirectory + "/" + $0 }
        }
    }

    /// How much of one generation a read loads at most: the newest part of a larger file.
    public var readLimit: Int { maximumBytes * 2 }

    /// Whether the log has been written at all: the current file or a rotated generation has an
    /// entry, whatever it is.
    public var exists: Bool {
        withLogDirectory { opened in
            switch opened {
            case .success(nil): return false
            // A `diagnostics` that is not a directory is there all the same; reading it says why.
            case .failure: return true
            case .success(let log?):
                return listNames(in: log).contains {
                    $0 == Self.currentName || Self.generationNumber(of: $0) != nil
                }
            }
        }
    }

    /// Runs `body` with the `diagnostics` directory opened (`nil` when there is none, a failure
    /// when something else is in its place), and closes it after.
    private func withLogDirectory<Value>(
        creating: Bool = false, _ body: (Result<OpenDirectory?, SnapshotStoreError>) -> Value
    ) -> Value {
        let directories = StoreDirectories(layout: layout, fileSystem: fileSystem)
        defer { directories.closeAll() }
        let opened = Result { () throws(SnapshotStoreError) in
            try directories.belowRoot(Self.directoryName, creating: creating)
        }
        defer { if case .success(let log?) = opened { try? fileSystem.close(log.file) } }
        return body(opened)
    }

    public func record(_ event: DiagnosticEvent) {
        record(contentsOf: [event])
    }

    /// Appends `events` with one `write`, so they stay together and in order: a commit's event and
    /// its reload request cost one append.
    public func record(contentsOf events: [DiagnosticEvent]) {
        var lines: [UInt8] = []
        for event in events {
            // An event that cannot be encoded is dropped; the others are still written.
            guard let line = event.logLine else { continue }
            lines += line
            lines.append(0x0A)
        }
        if !lines.isEmpty { append(lines) }
    }

    /// Appends complete lines with a single `write`, rotating first when they would pass the limit.
    private func append(_ lines: [UInt8]) {
        withLogDirectory(creating: true) { opened in
            guard case .success(let log?) = opened else { return }
            append(lines, in: log)
        }
    }

    private func append(_ lines: [UInt8], in log: OpenDirectory) {
        guard var (file, size) = openForAppending(in: log) else { return }
        if size > 0, size + lines.count > maximumBytes {
            rotate(file, in: log)
            // Whoever rotated, the current name now names a new file, or (another process is
            // between two steps of its rotation) still the measured one: append to what it names.
            try? fileSystem.close(file)
            guard let reopened = openForAppending(in: log) else { return }
            (file, size) = reopened
        }
        defer { try? fileSystem.close(file) }
        var bytes = lines
        // A write that stopped short before left a fragment without its line feed: start on a line
        // of our own, so this event is not glued to it. (A concurrent writer's fragment landing
        // between this check and the write is the reader's to separate; see `parse`.)
        if size > 0,
            let last = try? interruptible({ () throws(FileSystemError) in
                try fileSystem.read(file, at: size - 1, upTo: 1)
            }), last != [0x0A]
        {
            bytes.insert(0x0A, at: 0)
        }
        var written = 0
        var idleWrites = 0
        while written < bytes.count {
            guard
                let count = try? interruptible({ () throws(FileSystemError) in
                    try fileSystem.write(file, bytes[written...])
                })
            else { return }
            if count <= 0 {
                idleWrites += 1
                if idleWrites > 3 { return }
            }
            written += max(0, count)
        }
    }

    /// Makes the file `measured` — the current file as this process opened and measured it — a
    /// rotated generation and puts a new, empty current file in its place, unless another process
    /// already did: without a lock, and without ever replacing a generation, or a current file this
    /// process did not measure. `docs/sync-and-loading.md` argues why it holds against writers
    /// stopped or killed at any step.
    ///
    /// 1. List the rotated generations (`events.<n>.jsonl`) while `measured` is still current.
    /// 2. Claim: create the successor under a name of this process's own,
    ///    `events.next-<device>-<inode>-<level>-<pid>-<random>`, and `link` it to the claim,
    ///    `events.claim-<device>-<inode>-<level>`, which fails for every other process. Level 0 first;
    ///    a claim left behind is taken over at the next level once the file has grown a whole
    ///    generation past it.
    /// 3. Take the lower levels' successors away: their claimants' last step will find nothing.
    /// 4. Give up if a higher claim exists or the current name no longer names `measured`.
    /// 5. Number `measured` one above the highest generation listed — a second name, by `link`,
    ///    never replacing — unless it has the highest number already.
    /// 6. Rename the successor over the current name: it becomes current in one step, and only if it
    ///    was not taken away.
    private func rotate(_ measured: OpenFile, in log: OpenDirectory) {
        let generations = Self.generations(in: listNames(in: log))
        guard
            let identity = try? interruptible({ () throws(FileSystemError) in
                try fileSystem.status(measured).identity
            }) ?? nil
        else {
            // A file system that cannot tell files apart: rotate by name.
            if link(Self.currentName, to: Self.generationName((generations.first?.number ?? 0) + 1), in: log)
            {
                unlink(Self.currentName, in: log)
                removeStragglers(in: log)
            }
            return
        }
        guard let (successor, level) = claim(identity, in: log) else { return }
        let claim = Self.claimName(for: identity, level: level)
        // Done with the claim, whatever happens next: it only ever names the successor.
        defer { unlink(claim, in: log) }
        for name in listNames(in: log) {
            if let other = Self.successorLevel(of: name, for: identity), other < level {
                unlink(name, in: log)
            }
        }
        let overtaken = (level + 1...Self.maximumClaimLevel).contains { higher in
            exists(Self.claimName(for: identity, level: higher), in: log)
        }
        guard !overtaken, names(Self.currentName, identity, in: log) else {
            unlink(successor, in: log)
            return
        }
        if !(generations.first.map { names($0.name, identity, in: log) } ?? false) {
            let name = Self.generationName((generations.first?.number ?? 0) + 1)
            _ = link(Self.currentName, to: name, in: log)
            guard names(name, identity, in: log) else {
                // Not numbered (the number is taken, or the current name moved on): the file stays
                // current, and a later append tries again.
                unlink(successor, in: log)
                return
            }
        }
        do {
            try interruptible { () throws(FileSystemError) in
                try fileSystem.rename(successor, to: Self.currentName, in: log.file)
            }
        } catch {
            // Taken away by a process that took the rotation over: nothing happened.
            return
        }
        removeStragglers(in: log)
    }

    /// Claims the rotation of the current file `identity`: the successor's name and the level
    /// claimed, or `nil` when another process has it.
    private func claim(_ identity: FileIdentity, in log: OpenDirectory) -> (successor: String, level: Int)? {
        var level = 0
        while true {
            let successor =
                Self.successorPrefix(for: identity)
                + "\(level)-\(fileSystem.processID)-\(UInt64.random(in: 1...UInt64.max))"
            guard createEmpty(successor, in: log) else { return nil }
            if link(successor, to: Self.claimName(for: identity, level: level), in: log) {
                return (successor, level)
            }
            unlink(successor, in: log)
            // Claimed already: by a process rotating it now, or by one killed or stopped
            // mid-rotation. Only a claim left behind lets the file grow a generation past it.
            guard level < Self.maximumClaimLevel,
                let current = try? interruptible({ () throws(FileSystemError) in
                    try fileSystem.status(of: Self.currentName, in: log.file)
                }),
                current.identity == identity, current.size >= (level + 2) * maximumBytes
            else { return nil }
            level += 1
        }
    }

    /// Removes what no read needs: every rotated generation older than the newest one that is not
    /// the current file, and every claim and successor but those of the current file (left by a
    /// killed or stopped rotator; taking a successor away only ever makes a rotation give up).
    /// The names are listed before the current file is looked at, so a process stopped in here
    /// removes, when it resumes, only generations older than one it saw kept, and never a claim
    /// made on a file that became current after it looked.
    private func removeStragglers(in log: OpenDirectory) {
        let names = listNames(in: log)
        let current = try? interruptible { () throws(FileSystemError) in
            try fileSystem.status(of: Self.currentName, in: log.file)
        }
        let generations = Self.generations(in: names)
        if let kept = generations.firstIndex(where: { !self.names($0.name, current?.identity, in: log) }) {
            for older in generations[(kept + 1)...] { unlink(older.name, in: log) }
        }
        let ownPrefixes =
            current?.identity.map { [Self.successorPrefix(for: $0), Self.claimPrefix(for: $0)] } ?? []
        for name in names
        where [Self.successorsPrefix, Self.claimsPrefix, Self.legacyClaimsPrefix].contains(
            where: name.hasPrefix)
            && !ownPrefixes.contains(where: name.hasPrefix)
        {
            unlink(name, in: log)
        }
    }

    /// Whether the entry `name` of the log directory is the file `identity`.
    private func names(_ name: String, _ identity: FileIdentity?, in log: OpenDirectory) -> Bool {
        guard let identity else { return false }
        let status = try? interruptible { () throws(FileSystemError) in
            try fileSystem.status(of: name, in: log.file)
        }
        return status?.identity == identity
    }

    private func exists(_ name: String, in log: OpenDirectory) -> Bool {
        do {
            _ = try interruptible { () throws(FileSystemError) in
                try fileSystem.status(of: name, in: log.file)
            }
            return true
        } catch {
            // Unsure (not ENOENT): counted as there, so that this process gives up.
            return error.code != ENOENT
        }
    }

    /// Creates the empty file `name` exclusively; whether this call created it.
    private func createEmpty(_ name: String, in log: OpenDirectory) -> Bool {
        guard
            let file = try? interruptible({ () throws(FileSystemError) in
                try fileSystem.open(name, in: log.file, .createNew)
            })
        else { return false }
        try? fileSystem.close(file)
        return true
    }

    private func listNames(in log: OpenDirectory) -> [String] {
        (try? interruptible { () throws(FileSystemError) in try fileSystem.contentsOfDirectory(log.file) })
            ?? []
    }

    /// How many claims left behind a rotation takes over before it leaves the file unrotated.
    static let maximumClaimLevel = 8

    static let claimsPrefix = "events.claim-"
    static let successorsPrefix = "events.next-"
    /// The claims of the layout before generations were numbered: second names of a current file.
    static let legacyClaimsPrefix = "events.rotating-"

    private static func claimPrefix(for identity: FileIdentity) -> String {
        claimsPrefix + "\(identity.device)-\(identity.inode)-"
    }

    private static func successorPrefix(for identity: FileIdentity) -> String {
        successorsPrefix + "\(identity.device)-\(identity.inode)-"
    }

    /// The level of the successor `name` prepared to replace the current file `identity`, if it is one.
    private static func successorLevel(of name: String, for identity: FileIdentity) -> Int? {
        let prefix = successorPrefix(for: identity)
        guard name.hasPrefix(prefix) else { return nil }
        return name.dropFirst(prefix.count).split(separator: "-").first.flatMap { Int($0) }
    }

    /// The name under which a rotation claims the current file `identity` at `level`:
    /// `events.claim-<device>-<inode>-<level>`, a second name of the successor it prepared.
    public static func claimName(for identity: FileIdentity, level: Int) -> String {
        claimPrefix(for: identity) + "\(level)"
    }

    /// The name of rotated generation `number`: `events.<number>.jsonl`. The log written before
    /// generations were numbered kept one, `events.1.jsonl`: it reads as generation 1.
    public static func generationName(_ number: Int) -> String { "events.\(number).jsonl" }

    /// The generation number in `name`, if it names a rotated generation.
    static func generationNumber(of name: String) -> Int? {
        guard name.hasPrefix("events."), name.hasSuffix(".jsonl") else { return nil }
        let digits = name.dropFirst("events.".count).dropLast(".jsonl".count)
        // At most 15 digits, so that one more never overflows; no leading zero, so one number has
        // one name.
        guard (1...15).contains(digits.count), digits.first != "0",
            digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits)
        else { return nil }
        return number
    }

    /// The rotated generations among `names`, newest (highest number) first.
    static func generations(in names: [String]) -> [(number: Int, name: String)] {
        names.compactMap { name in generationNumber(of: name).map { (number: $0, name: name) } }
            .sorted { $0.number > $1.number }
    }

    private func link(_ source: String, to destination: String, in log: OpenDirectory) -> Bool {
        (try? interruptible { () throws(FileSystemError) in
            try fileSystem.link(source, to: destination, in: log.file)
        }) != nil
    }

    private func unlink(_ name: String, in log: OpenDirectory) {
        _ = try? interruptible { () throws(FileSystemError) in try fileSystem.unlink(name, in: log.file) }
    }

    /// The current file, opened to append, and its size; `nil` when it cannot be opened, is not a
    /// regular file (a FIFO planted there: nothing is written, and nothing blocks), or has a name
    /// outside the log directory (``hasNamesOnlyHere(_:_:in:)``).
    private func openForAppending(in log: OpenDirectory) -> (file: OpenFile, size: Int)? {
        guard
            let file = try? interruptible({ () throws(FileSystemError) in
                try fileSystem.open(Self.currentName, in: log.file, .append)
            })
        else { return nil }
        guard
            let status = try? interruptible({ () throws(FileSystemError) in try fileSystem.status(file) }),
            status.kind == .regular, hasNamesOnlyHere(file, status, in: log)
        else {
            try? fileSystem.close(file)
            return nil
        }
        return (file, status.size)
    }

    /// Whether every name of the open `file` is an entry of the log directory. A rotation gives the
    /// current file a second name there for a moment (its generation's, or its successor's claim),
    /// but a name anywhere else — a hard link planted from outside the store, or one to a snapshot
    /// record — would show what is appended, so such a file is never written. A rotation that adds
    /// or removes a name while this counts is counted again, a few times at most; so is a count
    /// that comes out short, since a listing made while names change can miss one that stayed.
    private func hasNamesOnlyHere(_ file: OpenFile, _ status: FileStatus, in log: OpenDirectory) -> Bool {
        var linkCount = status.linkCount
        var shortCounts = 0
        for _ in 0..<4 {
            if linkCount <= 1 { return true }
            guard let identity = status.identity else { return false }
            let here = listNames(in: log).filter { names($0, identity, in: log) }.count
            guard
                let again = try? interruptible({ () throws(FileSystemError) in try fileSystem.status(file) })
            else { return false }
            if again.linkCount == linkCount {
                if here >= linkCount { return true }
                shortCounts += 1
                if shortCounts == 2 { return false }
            }
            linkCount = again.linkCount
        }
        return false
    }

    /// Every complete event in the log in the order it was written: the previous generation, then
    /// the current one, each line after the one before — never sorted by the events' own times,
    /// which a clock set back would scramble. Lines that are not complete events are skipped and
    /// counted; a generation larger than ``readLimit`` is read from its newest part, and said so.
    public func read() -> DiagnosticLogContents {
        withLogDirectory { opened in
            var contents = DiagnosticLogContents(events: [], skippedLines: 0)
            switch opened {
            case .success(nil): break
            case .success(let log?): read(into: &contents, from: log)
            case .failure(let error):
                contents.notes.append(
                    DiagnosticLogNote(path: logDirectory, kind: .refused(error.description)))
            }
            return contents
        }
    }

    /// The newest rotated generation: the highest-numbered one that is not the current file
    /// `current` (which has its number already while a rotation is between numbering it and
    /// replacing it).
    private func previousGeneration(in log: OpenDirectory, current: FileIdentity?) -> String? {
        Self.generations(in: listNames(in: log)).first { !names($0.name, current, in: log) }?.name
    }

    /// The current file's device and inode, if it is there.
    private func currentIdentity(in log: OpenDirectory) -> FileIdentity? {
        (try? interruptible { () throws(FileSystemError) in
            try fileSystem.status(of: Self.currentName, in: log.file)
        })?.identity
    }

    /// Both generations' events, in file order, into `contents`. A rotation finishing while they
    /// are read would leave the generation it rotated out of both, so when the current file has
    /// changed meanwhile they are read again (a few times at most: a read never waits).
    private func read(into contents: inout DiagnosticLogContents, from log: OpenDirectory) {
        let start = contents
        for _ in 0..<4 {
            let current = currentIdentity(in: log)
            contents = start
            readGenerations(into: &contents, from: log, current: current)
            if currentIdentity(in: log) == current { return }
        }
    }

    private func readGenerations(
        into contents: inout DiagnosticLogContents, from log: OpenDirectory, current: FileIdentity?
    ) {
        for name in [previousGeneration(in: log, current: current), Self.currentName].compactMap({ $0 }) {
            let path = log.path + "/" + name
            switch readGeneration(name, in: log) {
            case .absent:
                continue
            case .refused(let reason):
                contents.notes.append(DiagnosticLogNote(path: path, kind: .refused(reason)))
            case .read(let data, let total):
                if data.count < total {
                    contents.notes.append(
                        DiagnosticLogNote(
                            path: path, kind: .partial(readBytes: data.count, totalBytes: total)))
                }
                // Read from the middle of a file, the first line is usually the end of one: skipped
                // like a torn line, with an event it ends with still read.
                let parsed = Self.parse(data)
                contents.events += parsed.events
                contents.skippedLines += parsed.skippedLines
            }
        }
    }

    private enum Generation {
        case absent
        case refused(String)
        /// The bytes read, and the file's size.
        case read(Data, total: Int)
    }

    /// One generation's newest ``readLimit`` bytes, opened without following a link or blocking.
    private func readGeneration(_ name: String, in log: OpenDirectory) -> Generation {
        let file: OpenFile
        do {
            file = try interruptible { () throws(FileSystemError) in
                try fileSystem.open(name, in: log.file, .readOnly)
            }
        } catch  where error.code == ENOENT {
            return .absent
        } catch  where error.code == ELOOP {
            return .refused("it is a symbolic link, which the log never follows")
        } catch {
            return .refused("it cannot be opened: \(error)")
        }
        defer { try? fileSystem.close(file) }
        let size: Int
        do {
            let status = try interruptible { () throws(FileSystemError) in try fileSystem.status(file) }
            guard status.kind == .regular else { return .refused("it is \(status.kind), not a log file") }
            guard hasNamesOnlyHere(file, status, in: log) else {
                return .refused(
                    "it has a name outside the log directory (a hard link), which the log never follows")
            }
            size = status.size
        } catch {
            return .refused("it cannot be inspected: \(error)")
        }
        let start = max(0, size - readLimit)
        var data = Data()
        while start + data.count < size {
            guard
                let chunk = try? interruptible({ () throws(FileSystemError) in
                    try fileSystem.read(
                        file, at: start + data.count, upTo: min(1 << 16, size - start - data.count))
                }), !chunk.isEmpty
            else { break }
            data += chunk
        }
        return .read(data, total: size)
    }

    /// The events in JSON-lines `data`; a last line without its line feed is incomplete and
    /// skipped. A line that is not an event but ends with one — a fragment a write left short, with
    /// another process's event appended to it — yields that event, and the fragment is skipped.
    public static func parse(_ data: some DataProtocol) -> DiagnosticLogContents {
        var events: [DiagnosticEvent] = []
        var skipped = 0
        let decoder = JSONCoding.decoder()
        let bytes = Array(data)
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        if let last = lines.last {
            if !last.isEmpty { skipped += 1 }
            lines.removeLast()
        }
        for line in lines where !line.isEmpty {
            if let event = try? decoder.decode(DiagnosticEvent.self, from: Data(line)) {
                events.append(event)
                continue
            }
            skipped += 1
            if let glued = gluedEvent(in: line, decoder: decoder) { events.append(glued) }
        }
        return DiagnosticLogContents(events: events, skippedLines: skipped)
    }

    /// The event a malformed line ends with, if any: the longest suffix that starts as this
    /// package writes an event (`{"ageSeconds":` or `{"at":`, its keys sorted) and decodes as one.
    /// Inside a JSON string a `"` is escaped, so a suffix that starts in the middle of an event is
    /// never itself valid JSON. Only the line's last 64 KiB are searched: an event is far smaller.
    private static func gluedEvent(in line: ArraySlice<UInt8>, decoder: JSONDecoder) -> DiagnosticEvent? {
        let starts = [Array(#"{"ageSeconds":"#.utf8), Array(#"{"at":"#.utf8)]
        var index = max(line.index(after: line.startIndex), line.endIndex - (1 << 16))
        while index < line.endIndex {
            if line[index] == UInt8(ascii: "{"),
                starts.contains(where: { line[index...].starts(with: $0) }),
                let event = try? decoder.decode(DiagnosticEvent.self, from: Data(line[index...]))
            {
                return event
            }
            index += 1
        }
        return nil
    }
}

/// What a read of the diagnostics log found.
public struct DiagnosticLogContents: Sendable, Equatable {
    /// The complete events, in the order they were written.
    public var events: [DiagnosticEvent]
    /// Lines that were not complete events (torn by a crash or a full disk, or not written by this
    /// package).
    public var skippedLines: Int
    /// Files read only in part, or not at all, and why.
    public var notes: [DiagnosticLogNote]

    public init(events: [DiagnosticEvent], skippedLines: Int, notes: [DiagnosticLogNote] = []) {
        self.events = events
        self.skippedLines = skippedLines
        self.notes = notes
    }
}

/// A file of the diagnostics log that a read loaded only in part, or refused.
public struct DiagnosticLogNote: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// Larger than a read loads: only its newest `readBytes` of `totalBytes` were read.
        case partial(readBytes: Int, totalBytes: Int)
        /// Not read at all: a symbolic link, a FIFO, or an error; the reason in words.
        case refused(String)
    }

    public var path: String
    public var kind: Kind

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    public var description: String {
        switch kind {
        case .partial(let read, let total):
            "read the last \(Self.size(read)) of \(Self.size(total)) of \(path)"
        case .refused(let reason):
            "\(path) was not read: \(reason)"
        }
    }

    /// `256 KiB`, `8 MiB`, `1.5 MiB`, `812 bytes`.
    static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        let (value, unit) =
            bytes < 1 << 20 ? (Double(bytes) / 1024, "KiB") : (Double(bytes) / 1_048_576, "MiB")
        var text = String(cFormat: "%.1f", value)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return "\(text) \(unit)"
    }
}
