public import Foundation

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
/// passes ``maximumBytes`` the writer renames it to `events.1.jsonl` (replacing the older
/// generation) and starts a new one: at most twice the limit is kept.
///
/// Like the snapshot store, the log never leaves the shared directory and never blocks: the
/// `diagnostics` directory and the files are opened relative to it without following a symbolic
/// link and without blocking, and anything but a directory and regular files there is refused.
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
        previousPath = logDirectory + "/" + Self.previousName
    }

    static let directoryName = "diagnostics"
    static let currentName = "events.jsonl"
    static let previousName = "events.1.jsonl"

    private let layout: StoreLayout
    /// The `diagnostics` directory.
    public let logDirectory: String
    /// The file new events are appended to.
    public let currentPath: String
    /// The previous generation, kept after a rotation.
    public let previousPath: String

    /// How much of one generation a read loads at most: the newest part of a larger file.
    public var readLimit: Int { maximumBytes * 2 }

    /// Whether the log has been written at all: either generation has an entry, whatever it is.
    public var exists: Bool {
        withLogDirectory { opened in
            switch opened {
            case .success(nil): return false
            // A `diagnostics` that is not a directory is there all the same; reading it says why.
            case .failure: return true
            case .success(let log?):
                return [Self.currentName, Self.previousName].contains { name in
                    (try? interruptible { () throws(FileSystemError) in
                        try fileSystem.status(of: name, in: log.file)
                    }) != nil
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
            guard let line = try? JSONCoding.sharedEncoder.encode(event) else { continue }
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

    /// Makes the file `measured` — the current file as this process opened and measured it — the
    /// previous generation, unless another process already did, without a lock and without ever
    /// renaming a file this process did not measure.
    ///
    /// A plain `rename(events.jsonl, events.1.jsonl)` goes by name: two processes that both measured
    /// the full file would both rename, and the second would move the new, nearly empty current
    /// file over the generation the first had just kept. Instead the file is claimed by its
    /// identity: `link` gives it a second name made of its device and inode, which fails for every
    /// other process that measured it. The claimant checks that the name is the file it measured
    /// (the current name may already name a newer file: that mistaken name is released), removes
    /// the current name — the next append starts a new file — and renames its claim over the
    /// previous generation. A claim left by a process killed mid-rotation is taken over, under the
    /// next claim name, once the file has grown a whole generation past it.
    private func rotate(_ measured: OpenFile, in log: OpenDirectory) {
        guard
            let identity = try? interruptible({ () throws(FileSystemError) in
                try fileSystem.status(measured).identity
            }) ?? nil
        else {
            // A file system that cannot tell files apart: rotate by name.
            _ = try? interruptible { () throws(FileSystemError) in
                try fileSystem.rename(Self.currentName, to: Self.previousName, in: log.file)
            }
            return
        }
        var level = 0
        while !link(Self.currentName, to: Self.claimName(for: identity, level: level), in: log) {
            // Claimed already: by a process rotating it now, or by one killed mid-rotation. Only a
            // claim left behind lets the file grow a generation past it.
            guard level < Self.maximumClaimLevel,
                let current = try? interruptible({ () throws(FileSystemError) in
                    try fileSystem.status(of: Self.currentName, in: log.file)
                }),
                current.identity == identity, current.size >= (level + 2) * maximumBytes
            else { return }
            level += 1
        }
        let claim = Self.claimName(for: identity, level: level)
        guard names(claim, identity, in: log) else {
            // The current name named a newer file: release the mistaken second name.
            unlink(claim, in: log)
            return
        }
        // Checked again just before: a process that stopped between its claim and here for as long
        // as the others took to write a whole generation was taken over, and the current name may
        // name the next file by now.
        if names(Self.currentName, identity, in: log) { unlink(Self.currentName, in: log) }
        _ = try? interruptible { () throws(FileSystemError) in
            try fileSystem.rename(claim, to: Self.previousName, in: log.file)
        }
        // Every other claim of this file — left by a killed process, or by one taken over; and this
        // one if the file was the previous generation already, when a rename does nothing.
        for stale in 0...Self.maximumClaimLevel {
            let name = Self.claimName(for: identity, level: stale)
            if names(name, identity, in: log) { unlink(name, in: log) }
        }
    }

    /// Whether the entry `name` of the log directory is the file `identity`.
    private func names(_ name: String, _ identity: FileIdentity, in log: OpenDirectory) -> Bool {
        let status = try? interruptible { () throws(FileSystemError) in
            try fileSystem.status(of: name, in: log.file)
        }
        return status?.identity == identity
    }

    /// How many claims left behind a rotation takes over before it leaves the file unrotated.
    static let maximumClaimLevel = 8

    /// The name a rotation claims the file `identity` under:
    /// `events.rotating-<device>-<inode>-<level>`.
    public static func claimName(for identity: FileIdentity, level: Int) -> String {
        "events.rotating-\(identity.device)-\(identity.inode)-\(level)"
    }

    private func link(_ source: String, to destination: String, in log: OpenDirectory) -> Bool {
        (try? interruptible { () throws(FileSystemError) in
            try fileSystem.link(source, to: destination, in: log.file)
        }) != nil
    }

    private func unlink(_ name: String, in log: OpenDirectory) {
        _ = try? interruptible { () throws(FileSystemError) in try fileSystem.unlink(name, in: log.file) }
    }

    /// The current file, opened to append, and its size; `nil` when it cannot be opened or is not a
    /// regular file (a FIFO planted there: nothing is written, and nothing blocks).
    private func openForAppending(in log: OpenDirectory) -> (file: OpenFile, size: Int)? {
        guard
            let file = try? interruptible({ () throws(FileSystemError) in
                try fileSystem.open(Self.currentName, in: log.file, .append)
            })
        else { return nil }
        guard
            let status = try? interruptible({ () throws(FileSystemError) in try fileSystem.status(file) }),
            status.kind == .regular
        else {
            try? fileSystem.close(file)
            return nil
        }
        return (file, status.size)
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

    /// Both generations' events, in file order, into `contents`.
    private func read(into contents: inout DiagnosticLogContents, from log: OpenDirectory) {
        for name in [Self.previousName, Self.currentName] {
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
        var text = String(format: "%.1f", value)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return "\(text) \(unit)"
    }
}
