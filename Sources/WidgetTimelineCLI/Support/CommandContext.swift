import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

#if canImport(Glibc)
    public import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    public import Darwin
    private let systemWrite = Darwin.write
#endif

/// Where text goes: standard output, standard error, or a buffer in tests.
public protocol TextSink: AnyObject {
    func write(_ text: String)
    /// Why output stopped reaching its destination (a full disk, a closed descriptor, a reader
    /// gone), once a write has failed; `nil` while every write has arrived.
    var failure: POSIXErrorCode? { get }
}

extension TextSink {
    public var failure: POSIXErrorCode? { nil }
}

/// Everything a command touches outside itself, passed in so tests run commands in-process with
/// fixed inputs: the streams, whether standard error is a terminal, standard input, the working
/// directory and the clock.
///
/// The real process's working directory is asked for only when a relative path needs it, and with
/// `getcwd`: `FileManager`, `URL` and the environment each bring a megabyte of Foundation's code
/// into memory, which `build` — the job a widget extension does — has no use for.
public struct CommandContext {
    public var standardOutput: any TextSink
    public var standardError: any TextSink
    /// Reads standard input, up to `limit` bytes plus one (so a caller can tell "too large").
    public var readStandardInput: (_ limit: Int) throws -> Data
    /// The current instant, for commands that stamp what they write and for progress lines.
    public var now: () -> Date
    /// Whether standard error is a terminal someone watches: only then is a long run's progress
    /// drawn there (``ProgressLine``); in a pipe, a file or CI it would only be noise.
    public var standardErrorIsTerminal: Bool
    /// Standard error as given, before ``CommandLineTool`` escapes control characters in what
    /// passes through it: progress lines redraw themselves with a carriage return, and carry only
    /// the tool's own text.
    var unescapedStandardError: (any TextSink)?
    private let currentDirectoryPath: () -> String

    public init(
        standardOutput: any TextSink,
        standardError: any TextSink,
        standardErrorIsTerminal: Bool = false,
        readStandardInput: @escaping (_ limit: Int) throws -> Data,
        currentDirectory: URL,
        now: @escaping () -> Date
    ) {
        let path = currentDirectory.path
        self.init(
            standardOutput: standardOutput, standardError: standardError,
            standardErrorIsTerminal: standardErrorIsTerminal, readStandardInput: readStandardInput,
            currentDirectoryPath: { path }, now: now)
    }

    private init(
        standardOutput: any TextSink,
        standardError: any TextSink,
        standardErrorIsTerminal: Bool,
        readStandardInput: @escaping (_ limit: Int) throws -> Data,
        currentDirectoryPath: @escaping () -> String,
        now: @escaping () -> Date
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.standardErrorIsTerminal = standardErrorIsTerminal
        self.readStandardInput = readStandardInput
        self.currentDirectoryPath = currentDirectoryPath
        self.now = now
    }

    /// The real process: file descriptors 1 and 2 (asking whether 2 is a terminal), the real
    /// stdin, working directory and clock.
    public static func live() -> CommandContext {
        // A descriptor closed at start (`>&-`) would be the next file the command opens — a record,
        // the log — and output would land in it. /dev/null takes its place; output to it is a
        // failure all the same.
        var closed: Set<Int32> = []
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            if open("/dev/null", O_RDWR) == descriptor { closed.insert(descriptor) }
        }
        return CommandContext(
            standardOutput: FileDescriptorSink(descriptor: 1, failure: closed.contains(1) ? .EBADF : nil),
            standardError: FileDescriptorSink(descriptor: 2),
            standardErrorIsTerminal: isatty(2) == 1,
            readStandardInput: { [stdinClosed = closed.contains(0)] limit in
                // Closed at start, it reads as /dev/null: empty, which is not what was given.
                if stdinClosed { throw POSIXError(.EBADF) }
                return try InputFile.readDescriptor(0, upTo: limit + 1, startingWith: 4096)
            },
            currentDirectoryPath: {
                // A working directory that is gone or unreadable resolves relative paths against
                // "." — opening them then fails with the system's own reason.
                guard let path = getcwd(nil, 0) else { return "." }
                defer { free(path) }
                return String(cString: path)
            },
            now: { Date() }
        )
    }

    /// Relative paths are resolved against it.
    public var currentDirectory: URL { URL(fileURLWithPath: currentDirectoryPath(), isDirectory: true) }

    /// Resolves a path argument against the working directory.
    public func url(forPath path: String) -> URL { URL(fileURLWithPath: filePath(path)) }

    /// Resolves a path argument against the working directory, as a path.
    func filePath(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let directory = currentDirectoryPath()
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }

    func print(_ text: String) { standardOutput.write(text + "\n") }
}

/// A sink writing straight to a file descriptor, unbuffered, so output and errors interleave as
/// they happen. The first failed write ends the writing and is kept in ``failure``: a reader that
/// went away (`widget-timeline demo | head`) ends it quietly; ``CommandLineTool`` reports the rest.
public final class FileDescriptorSink: TextSink {
    private let descriptor: Int32
    public private(set) var failure: POSIXErrorCode?

    /// - Parameter failure: a failure known before any write (the descriptor was closed when the
    ///   process started).
    public init(descriptor: Int32, failure: POSIXErrorCode? = nil) {
        self.descriptor = descriptor
        self.failure = failure
    }

    public func write(_ text: String) {
        guard failure == nil else { return }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                failure = written < 0 ? POSIXErrorCode(rawValue: errno) ?? .EIO : .EIO
                return
            }
        }
    }
}

/// A sink that keeps what was written, for tests.
public final class CapturedText: TextSink {
    public private(set) var text = ""

    public init() {}

    public func write(_ text: String) { self.text += text }
}

/// The command context's clock as a `WidgetClock`.
struct CommandClock: WidgetClock, @unchecked Sendable {
    // @unchecked: the closure is the command context's clock, called only on the command's thread.
    let read: () -> Date

    init(now: @escaping () -> Date) { read = now }

    var now: Date { read() }
}
