public import Foundation

#if canImport(Darwin)
    public import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    public import Musl
#endif

/// The diagnostics log in the shared directory: written by the host and the extension,
/// readable by both, bounded in size, and safe without locks.
///
/// Events are JSON lines in `<directory>/diagnostics/events.jsonl`. Each event — or each batch
/// given to ``record(contentsOf:)`` — is appended with a single `write` on a descriptor opened
/// with `O_APPEND`, so two processes never interleave inside a line, and a process killed with
/// `kill -9` leaves every earlier line intact. When the file passes ``maximumBytes`` the writer
/// renames it to `events.1.jsonl` (replacing the older generation) and starts a new one: at most
/// twice the limit is kept. Readers skip any line that is not a complete event (a torn last line
/// after a power loss), so nothing half-written is read.
///
/// Logging never fails the caller: an event that cannot be written is dropped.
public struct FileDiagnosticLog: DiagnosticSink {
    /// The shared directory; the log lives in its `diagnostics` subdirectory.
    public let directory: URL
    /// The size at which the current file is rotated.
    public let maximumBytes: Int

    public init(directory: URL, maximumBytes: Int = 128 * 1024) {
        self.directory = directory
        self.maximumBytes = max(4096, maximumBytes)
        // Paths are computed once: URL path building can touch the file system.
        logDirectory = directory.appendingPathComponent("diagnostics", isDirectory: true).path
        currentPath = logDirectory + "/events.jsonl"
        previousPath = logDirectory + "/events.1.jsonl"
    }

    let logDirectory: String
    /// The file new events are appended to.
    public let currentPath: String
    /// The previous generation, kept after a rotation.
    public let previousPath: String

    /// Whether the log has been written at all.
    public var exists: Bool { access(currentPath, F_OK) == 0 || access(previousPath, F_OK) == 0 }

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
        var descriptor = open(currentPath, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor < 0 && errno == ENOENT {
            // First event in this shared directory: create the log's directory, then try again.
            if mkdir(logDirectory, 0o755) != 0 && errno != EEXIST { return }
            descriptor = open(currentPath, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { return }
        var status = stat()
        if fstat(descriptor, &status) == 0, Int(status.st_size) + lines.count > maximumBytes,
            status.st_size > 0
        {
            // Rotate: whichever process gets here first renames; the other's descriptor then
            // points at the renamed file, which is why it reopens the current path.
            _ = rename(currentPath, previousPath)
            close(descriptor)
            descriptor = open(currentPath, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return }
        }
        lines.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let result = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result > 0 {
                    written += result
                } else if result < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
        }
        close(descriptor)
    }

    /// Every complete event in the log, oldest first. Lines that are not complete events are
    /// skipped and counted.
    public func read() -> DiagnosticLogContents {
        var events: [DiagnosticEvent] = []
        var skipped = 0
        for path in [previousPath, currentPath] {
            guard let handle = FileHandle(forReadingAtPath: path) else { continue }
            defer { try? handle.close() }
            // Bounded: a log larger than two generations was not written by this package.
            guard let data = try? handle.read(upToCount: maximumBytes * 2) else { continue }
            let parsed = Self.parse(data)
            events += parsed.events
            skipped += parsed.skippedLines
        }
        let ordered = events.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
            .map(\.element)
        return DiagnosticLogContents(events: ordered, skippedLines: skipped)
    }

    /// The events in JSON-lines `data`; a last line without its newline is incomplete and skipped.
    public static func parse(_ data: Data) -> DiagnosticLogContents {
        var events: [DiagnosticEvent] = []
        var skipped = 0
        let decoder = JSONCoding.decoder()
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
        if let last = lines.last {
            if last.isEmpty {
                lines.removeLast()
            } else {
                lines.removeLast()
                skipped += 1
            }
        }
        for line in lines where !line.isEmpty {
            if let event = try? decoder.decode(DiagnosticEvent.self, from: Data(line)) {
                events.append(event)
            } else {
                skipped += 1
            }
        }
        return DiagnosticLogContents(events: events, skippedLines: skipped)
    }
}

/// What a read of the diagnostics log found.
public struct DiagnosticLogContents: Sendable, Equatable {
    /// The complete events, oldest first.
    public var events: [DiagnosticEvent]
    /// Lines that were not complete events (torn by a crash, or not written by this package).
    public var skippedLines: Int

    public init(events: [DiagnosticEvent], skippedLines: Int) {
        self.events = events
        self.skippedLines = skippedLines
    }
}
