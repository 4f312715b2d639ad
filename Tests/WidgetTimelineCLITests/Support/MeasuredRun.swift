import Foundation
import WidgetTimelineTesting

/// One run of a real process with its peak memory: standard input from a file, output to files (so
/// a large output cannot block it on a full pipe), and the child's peak resident set size.
///
/// Linux carries a process's peak RSS across `exec`, and a child spawned from the test runner
/// starts with the runner's (hundreds of MiB, after a test builds a 256 MiB input). So the binary
/// is started by the package's small launcher, `peak-rss`, which reports `wait4`'s `ru_maxrss`: the
/// binary's own peak, or the launcher's few MiB if that is more.
struct MeasuredRun {
    var status: Int32
    var standardOutput: String
    var standardError: String
    /// The child's peak resident set size, in KiB (at least the launcher's, a few MiB).
    var peakResidentKiB: Int
    /// Wall-clock time, for the report only: tests never assert on it.
    var seconds: Double

    struct LaunchError: Error, CustomStringConvertible {
        var description: String
    }

    /// Longer than any of these runs takes (a few seconds in a debug build); only a hang reaches it,
    /// and the launcher kills it (status -9), so a run can never stall the test suite.
    static let limitSeconds = 300

    /// Runs `executable` with `input` on standard input. Paths in `arguments` must be absolute.
    static func run(_ executable: URL, _ arguments: [String], input: Data = Data()) throws -> MeasuredRun {
        guard let launcher = BuiltProducts.executable("peak-rss") else {
            throw LaunchError(description: "peak-rss, built with the package, is not next to the tests")
        }
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("widget-timeline-measured-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let files = ["stdin", "stdout", "stderr", "report"].map { scratch.appendingPathComponent($0) }
        try input.write(to: files[0])
        let process = Process()
        process.executableURL = launcher
        process.arguments =
            ["--report", files[3].path, "--limit", String(limitSeconds), executable.path] + arguments
        process.standardInput = try FileHandle(forReadingFrom: files[0])
        _ = FileManager.default.createFile(atPath: files[1].path, contents: nil)
        _ = FileManager.default.createFile(atPath: files[2].path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: files[1])
        process.standardError = try FileHandle(forWritingTo: files[2])
        let started = Date.timeIntervalSinceReferenceDate
        try process.run()
        process.waitUntilExit()
        let seconds = Date.timeIntervalSinceReferenceDate - started
        func text(_ url: URL) -> String {
            String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
        }
        let report = text(files[3]).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard report.count == 2 else {
            throw LaunchError(
                description: "the launcher reported nothing (status \(process.terminationStatus)): "
                    + text(files[2]).suffix(500))
        }
        return MeasuredRun(
            status: Int32(report[0]), standardOutput: text(files[1]), standardError: text(files[2]),
            peakResidentKiB: report[1], seconds: seconds)
    }
}
