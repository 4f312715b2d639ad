import Foundation

/// A program run to completion as a real child process, with what it printed.
struct ChildProcess {
    let status: Int32
    let output: String
    let errors: String

    /// Runs `command` (looked up on `PATH`) with `arguments` in `directory` and waits for it.
    ///
    /// Standard output and standard error are read on their own threads while the child runs, so a
    /// chatty child never blocks on a full pipe.
    static func run(_ command: String, _ arguments: [String], in directory: URL? = nil) throws -> ChildProcess
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let collected = PipeCollector()
        let group = DispatchGroup()
        for (pipe, isOutput) in [(output, true), (errors, false)] {
            DispatchQueue.global().async(group: group) {
                collected.store(pipe.fileHandleForReading.readDataToEndOfFile(), isOutput: isOutput)
            }
        }
        group.wait()
        process.waitUntilExit()
        return ChildProcess(
            status: process.terminationStatus, output: String(decoding: collected.output, as: UTF8.self),
            errors: String(decoding: collected.errors, as: UTF8.self))
    }

    /// Standard output and standard error together, for failure messages.
    var transcript: String { output + errors }
}

/// The two streams of a child, written by the threads that drain its pipes.
private final class PipeCollector: @unchecked Sendable {
    // @unchecked: both properties are written under `lock`, and read only after every writer is done.
    private let lock = NSLock()
    private(set) var output = Data()
    private(set) var errors = Data()

    func store(_ data: Data, isOutput: Bool) {
        lock.withLock {
            if isOutput { output = data } else { errors = data }
        }
    }
}
