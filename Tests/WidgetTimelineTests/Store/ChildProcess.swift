import Foundation
import WidgetTimelineTesting

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A child process with pipes on its standard input and output, for the store's process-level
/// tests: they synchronise on its output lines and its exit status, never on time.
final class ChildProcess {
    enum Termination: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        var description: String {
            switch self {
            case .exited(let code): "exited with status \(code)"
            case .signalled(let signal): "killed by signal \(signal)"
            }
        }
    }

    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    let processID: pid_t
    private var input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    private var reachedEnd = false
    private(set) var termination: Termination?

    /// Starts `executable` with `arguments`; `environment` is added to this process's environment.
    init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        var inputPipe: [Int32] = [0, 0]
        var outputPipe: [Int32] = [0, 0]
        guard Self.makePipe(&inputPipe), Self.makePipe(&outputPipe) else {
            throw SpawnError(description: "pipe failed: errno \(errno)")
        }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)

        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        close(inputPipe[0])
        close(outputPipe[1])
        guard status == 0 else {
            close(inputPipe[1])
            close(outputPipe[0])
            throw SpawnError(description: "cannot start \(executable): errno \(status)")
        }
        processID = pid
        input = inputPipe[1]
        output = outputPipe[0]
    }

    deinit {
        if termination == nil {
            send(SIGKILL)
            waitForExit()
        }
        if input >= 0 { close(input) }
        close(output)
    }

    /// The next line of standard output, or `nil` at its end. Blocks until one is there.
    func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if reachedEnd { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                reachedEnd = true
                if !buffer.isEmpty {
                    let line = String(decoding: buffer, as: UTF8.self)
                    buffer = []
                    return line
                }
                return nil
            }
            buffer += chunk.prefix(count)
        }
    }

    /// The child's standard output, for `poll`.
    var outputDescriptor: Int32 { output }

    /// The complete lines that one `read` of standard output brings, after `poll` said it is
    /// readable; `nil` at its end (with any last line without a line feed returned before).
    func readAvailableLines() -> [String]? {
        var lines: [String] = []
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: buffer[..<newline], as: UTF8.self))
            buffer.removeSubrange(...newline)
        }
        if !lines.isEmpty { return lines }
        if reachedEnd { return nil }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { return [] }
        if count <= 0 {
            reachedEnd = true
            guard buffer.isEmpty else {
                defer { buffer = [] }
                return [String(decoding: buffer, as: UTF8.self)]
            }
            return nil
        }
        buffer += chunk.prefix(count)
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: buffer[..<newline], as: UTF8.self))
            buffer.removeSubrange(...newline)
        }
        return lines
    }

    /// Waits until the child has stopped (`SIGSTOP`); `false` if it ended instead.
    func waitForStop() -> Bool {
        guard termination == nil else { return false }
        var status: Int32 = 0
        while true {
            let result = waitpid(processID, &status, WUNTRACED)
            if result < 0 && errno == EINTR { continue }
            guard result == processID else { return false }
            // WIFSTOPPED: the low byte is 0x7F.
            if status & 0xFF == 0x7F { return true }
            let signal = status & 0x7F
            termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
            return false
        }
    }

    /// Every remaining line of standard output.
    func readAllLines() -> [String] {
        var lines: [String] = []
        while let line = readLine() { lines.append(line) }
        return lines
    }

    /// Closes the child's standard input (the reader's signal to stop).
    func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Sends `signal` (by default SIGKILL: `kill -9`).
    func send(_ signal: Int32 = SIGKILL) {
        _ = kill(processID, signal)
    }

    /// Waits for the child to end (once) and returns how.
    @discardableResult
    func waitForExit() -> Termination {
        if let termination { return termination }
        var status: Int32 = 0
        while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        let result: Termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        termination = result
        return result
    }

    private static func makePipe(_ fds: inout [Int32]) -> Bool {
        // Close-on-exec, so no other child inherits this pipe and keeps it open. (Only the
        // serialised process suites spawn children, so nothing races between pipe and fcntl.)
        guard pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// The torture helper built next to this test binary.
    static func tortureHelper() throws -> String {
        guard let url = BuiltProducts.executable("SnapshotStoreTorture") else {
            throw SpawnError(
                description: "SnapshotStoreTorture is not built next to the tests; run `swift build` first")
        }
        return url.path
    }
}
