import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// Where text goes: standard output, standard error, or a buffer in tests.
public protocol TextSink: AnyObject {
    func write(_ text: String)
}

/// Everything a command touches outside itself, passed in so tests run commands in-process with
/// fixed inputs: the streams, standard input, the working directory, the clock and the environment.
public struct CommandContext {
    public var standardOutput: any TextSink
    public var standardError: any TextSink
    /// Reads standard input, up to `limit` bytes plus one (so a caller can tell "too large").
    public var readStandardInput: (_ limit: Int) throws -> Data
    /// Relative paths are resolved against it.
    public var currentDirectory: URL
    /// The current instant, for commands that stamp what they write.
    public var now: () -> Date
    public var environment: [String: String]

    public init(
        standardOutput: any TextSink,
        standardError: any TextSink,
        readStandardInput: @escaping (_ limit: Int) throws -> Data,
        currentDirectory: URL,
        now: @escaping () -> Date,
        environment: [String: String]
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.readStandardInput = readStandardInput
        self.currentDirectory = currentDirectory
        self.now = now
        self.environment = environment
    }

    /// The real process: file descriptors 1 and 2, the real stdin, clock and environment.
    public static func live() -> CommandContext {
        CommandContext(
            standardOutput: FileDescriptorSink(descriptor: 1),
            standardError: FileDescriptorSink(descriptor: 2),
            readStandardInput: { limit in
                try FileHandle.standardInput.read(upToCount: limit + 1) ?? Data()
            },
            currentDirectory: URL(
                fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
            now: { Date() },
            environment: ProcessInfo.processInfo.environment
        )
    }

    /// Resolves a path argument against the working directory.
    public func url(forPath path: String) -> URL {
        path.hasPrefix("/")
            ? URL(fileURLWithPath: path) : currentDirectory.appendingPathComponent(path)
    }

    func print(_ text: String) { standardOutput.write(text + "\n") }
}

/// A sink writing straight to a file descriptor, unbuffered, so output and errors interleave as
/// they happen. A reader that went away (`widget-timeline demo | head`) ends the writing quietly.
public final class FileDescriptorSink: TextSink {
    private let descriptor: Int32

    public init(descriptor: Int32) { self.descriptor = descriptor }

    public func write(_ text: String) {
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
