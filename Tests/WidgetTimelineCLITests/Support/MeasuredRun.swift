import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// One run of a real process with its peak memory: standard input from a file, output to files (so
/// a large output cannot block it on a full pipe), and the child's peak resident set size.
///
/// Linux carries a process's peak RSS across `exec`, and a child spawned from the test runner
/// starts with the runner's (hundreds of MiB, after a test builds a 256 MiB input). So the binary
/// is started by a small launcher — `python3`, which CI has — that forks and execs it and reports
/// `wait4`'s `ru_maxrss`: the binary's own peak, or the launcher's few MiB if that is more.
struct MeasuredRun {
    var status: Int32
    var standardOutput: String
    var standardError: String
    /// The child's peak resident set size, in KiB (at least the launcher's, about 10 MiB).
    var peakResidentKiB: Int
    /// Wall-clock time, for the report only: tests never assert on it.
    var seconds: Double

    struct LaunchError: Error, CustomStringConvertible {
        var description: String
    }

    /// Forks and execs the binary, waits at most `limit` seconds (a hang is killed and reported
    /// as status -9, so a run can never stall the test suite), and writes "status peak-KiB".
    static let launcher = """
        import os, signal, sys, time
        report_path, limit, argv = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
        pid = os.fork()
        if pid == 0:
            os.execv(argv[0], argv)
        deadline = time.monotonic() + limit
        while True:
            waited, status, usage = os.wait4(pid, os.WNOHANG)
            if waited == pid:
                break
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
            time.sleep(0.01)
        with open(report_path, "w") as report:
            report.write(f"{os.waitstatus_to_exitcode(status)} {usage.ru_maxrss}")
        """

    /// Longer than any of these runs takes (a few seconds in a debug build); only a hang reaches it.
    static let limitSeconds = 300

    /// The launcher's interpreter, if there is one.
    static var python: URL? {
        ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"].map(
            URL.init(fileURLWithPath:)
        )
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `executable` with `input` on standard input. Paths in `arguments` must be absolute.
    static func run(_ executable: URL, _ arguments: [String], input: Data = Data()) throws -> MeasuredRun {
        guard let python else { throw LaunchError(description: "python3 is not installed") }
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("widget-timeline-measured-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let files = ["stdin", "stdout", "stderr", "report"].map { scratch.appendingPathComponent($0) }
        try input.write(to: files[0])
        let process = Process()
        process.executableURL = python
        process.arguments =
            ["-c", launcher, files[3].path, String(limitSeconds), executable.path] + arguments
        process.standardInput = try FileHandle(forReadingFrom: files[0])
        _ = FileManager.default.createFile(atPath: files[1].path, contents: nil)
        _ = FileManager.default.createFile(atPath: files[2].path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: files[1])
        process.standardError = try FileHandle(forWritingTo: files[2])
        let started = Date.timeIntervalSinceReferenceDate
        try process.run()
        process.waitUntilExit()
        let seconds = Date.timeIntervalSinceReferenceDate - started
        let report = String(decoding: (try? Data(contentsOf: files[3])) ?? Data(), as: UTF8.self)
            .split(separator: " ").compactMap { Int32($0) }.map(Int.init)
        guard report.count == 2 else {
            throw LaunchError(
                description: "the launcher reported nothing (status \(process.terminationStatus))")
        }
        func text(_ url: URL) -> String {
            String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
        }
        return MeasuredRun(
            status: Int32(report[0]), standardOutput: text(files[1]), standardError: text(files[2]),
            peakResidentKiB: report[1], seconds: seconds)
    }
}
