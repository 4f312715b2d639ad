public import Foundation

/// Executables the package builds, found next to the running test binary, for tests that run a
/// real process (the CLI end to end, crash and concurrency helpers).
public enum BuiltProducts {
    /// The built executable `name`, or `nil` when it is not next to the test binary.
    public static func executable(_ name: String) -> URL? {
        var directories: [URL] = []
        if let executable = Bundle.main.executableURL {
            directories.append(executable.deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL)
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for directory in directories {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}

/// The outcome of running a process to completion.
public struct ProcessOutput: Sendable, Equatable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
}

extension ProcessOutput {
    /// Runs `executable` with `arguments` to completion, feeding `input` on standard input.
    ///
    /// Output is collected on background threads while the process runs, so large output cannot
    /// block it on a full pipe.
    public static func run(
        _ executable: URL,
        _ arguments: [String],
        input: Data = Data(),
        currentDirectory: URL? = nil,
        environment: [String: String]? = nil
    ) throws -> ProcessOutput {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        if let environment { process.environment = environment }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let group = DispatchGroup()
        let collected = CollectedOutput()
        for (pipe, isError) in [(stdout, false), (stderr, true)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.store(data, isError: isError)
                group.leave()
            }
        }
        try? stdin.fileHandleForWriting.write(contentsOf: input)
        try? stdin.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return ProcessOutput(
            status: process.terminationStatus,
            standardOutput: String(decoding: collected.output, as: UTF8.self),
            standardError: String(decoding: collected.error, as: UTF8.self)
        )
    }
}

/// Output gathered from two reader threads; the lock makes the hand-over safe.
private final class CollectedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var storedOutput = Data()
    private var storedError = Data()

    func store(_ data: Data, isError: Bool) {
        lock.withLock {
            if isError { storedError = data } else { storedOutput = data }
        }
    }

    var output: Data { lock.withLock { storedOutput } }
    var error: Data { lock.withLock { storedError } }
}
