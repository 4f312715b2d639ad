import Foundation
import Synchronization
import WidgetTimeline
import WidgetTimelineExamples

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Peak resident memory of the real `widget-timeline build` on a snapshot at the size cap, next to
/// `foundation-hello` (a Foundation "hello world"), each run as a child process through `peak-rss`.
/// A widget extension has about 30 MB.
enum MemoryBenchmark {
    /// Extra peak memory `build` may use over the hello-world process.
    static let targetAboveHello = 8.0 * 1024 * 1024
    /// Peak memory `build` may use in all.
    static let targetTotal = 30.0 * 1024 * 1024

    static let name = "memory.build-at-size-cap"

    static func measure() -> Measurement {
        let summary =
            "peak RSS of build on a \(ByteCountFormatter.string(fromByteCount: Int64(SnapshotLimits.maximumRecordSize), countStyle: .binary)) snapshot"
        do {
            let snapshot = try capSizedSnapshot()
            defer { try? FileManager.default.removeItem(at: snapshot) }
            let hello = try peakResidentBytes("foundation-hello", [])
            let build = try peakResidentBytes(
                "widget-timeline",
                [
                    "build", "--widget", "schedule", "--snapshot", snapshot.path, "--now",
                    "2026-11-30T07:00:00+09:00", "--time-zone", "Asia/Seoul",
                ])
            let above = build - hello
            let met = above <= targetAboveHello && build < targetTotal
            let detail = String(
                format: "build %.1f MiB, hello world %.1f MiB: +%.1f MiB",
                build / 1_048_576, hello / 1_048_576, above / 1_048_576)
            return Measurement(
                name: name, summary: summary, iterations: 1, medianSeconds: 0, minimumSeconds: 0,
                maximumSeconds: 0,
                metTarget: met, detail: detail, targetText: "≤ +8 MiB over hello world and < 30 MiB")
        } catch {
            return Measurement(
                name: name, summary: summary, iterations: 0, medianSeconds: 0, minimumSeconds: 0,
                maximumSeconds: 0,
                metTarget: false, detail: "could not run: \(error)")
        }
    }

    /// A schedule snapshot envelope as close to the size cap as whole due times allow.
    static func capSizedSnapshot() throws -> URL {
        let start = Instant.parse("2026-11-30T07:00:00+09:00")!
        let widget = ScheduleWidget()
        var count = 40_000
        var data = Data()
        while true {
            let pending = (0..<count).map { start.addingTimeInterval(Double($0) * 61) }
            let draft = try SnapshotDraft(
                kind: widget.kind, key: widget.defaultKey, generatedAt: start,
                payload: SchedulePayload(pending: pending, completedToday: 3))
            let candidate = try JSONCoding.encoder().encode(draft.snapshot(revision: 1))
            if candidate.count > SnapshotLimits.maximumRecordSize { break }
            data = candidate
            count += 1_000
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cap-\(UUID().uuidString).json")
        try data.write(to: url)
        return url
    }

    /// Runs the executable `name` with `arguments` through `peak-rss` and returns its peak resident
    /// set in bytes: `foundation-hello` from this benchmark's own build, everything else from the
    /// package's.
    static func peakResidentBytes(_ name: String, _ arguments: [String]) throws -> Double {
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let package = try packageProducts()
        let launcher = package.appendingPathComponent("peak-rss")
        let executable = (name == "foundation-hello" ? own : package).appendingPathComponent(name)
        for url in [launcher, executable] where !FileManager.default.isExecutableFile(atPath: url.path) {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
        }
        let text = try run(launcher, [executable.path] + arguments)
        guard let kilobytes = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw CocoaError(.executableLoad)
        }
        return kilobytes * 1024
    }

    /// The package's release build directory, with `widget-timeline` and `peak-rss` built in it.
    static func packageProducts() throws -> URL {
        if let built = builtProducts.withLock({ $0 }) { return built }
        // This file is Benchmarks/widget-timeline-bench/MemoryBenchmark.swift; the package is two up.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let swift = URL(fileURLWithPath: "/usr/bin/env")
        let build = ["swift", "build", "--package-path", root.path, "-c", "release"]
        for product in ["widget-timeline", "peak-rss"] { _ = try run(swift, build + ["--product", product]) }
        let path = try run(swift, build + ["--show-bin-path"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let directory = URL(fileURLWithPath: path, isDirectory: true)
        builtProducts.withLock { $0 = directory }
        return directory
    }

    private static let builtProducts = Mutex<URL?>(nil)

    /// Runs `executable` and returns its standard output; throws if it fails.
    private static func run(_ executable: URL, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return text
    }
}
