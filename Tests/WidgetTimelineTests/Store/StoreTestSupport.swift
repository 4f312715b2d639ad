import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The payload the store tests commit.
struct Counter: Codable, Sendable, Equatable {
    var value: Int
    var label: String = "tasks"
}

/// Fixed instants: time in tests is an input.
enum StoreFixture {
    static let generatedAt = Date(timeIntervalSince1970: 1_795_950_000)  // 2026-11-29T…Z
    static let key = try! SnapshotKey(validating: "task-count")
    static let otherKey = try! SnapshotKey(validating: "parking.yeouido.compact")

    static func draft(
        _ value: Int, key: SnapshotKey = key, schemaVersion: Int = 1, label: String = "tasks",
        generatedAt: Date? = nil
    ) -> SnapshotDraft<Counter> {
        try! SnapshotDraft(
            kind: "task-count", key: key, schemaVersion: schemaVersion,
            generatedAt: generatedAt ?? Self.generatedAt.addingTimeInterval(Double(value)),
            observedAt: Self.generatedAt.addingTimeInterval(Double(value) - 30),
            payload: Counter(value: value, label: label))
    }
}

/// A fresh directory under the system's temporary directory, removed when the body returns.
func withTemporaryDirectory<Result>(
    _ body: (URL) throws -> Result
) throws -> Result {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("widget-timeline-store-\(getpid())-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url)
}

/// The names in a directory (empty when it does not exist).
func names(in url: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
}

/// The temporary files left in a key's directory, but for writers' spares: a writer keeps one on
/// purpose (`docs/store-format.md`, "The spare file"); ``spareFiles(in:)`` lists those.
func temporaryFiles(in url: URL) -> [String] {
    names(in: url).filter { $0.hasPrefix(".tmp-") && !isSpareName($0) }
}

/// The writers' spare files in a key's directory.
func spareFiles(in url: URL) -> [String] {
    names(in: url).filter(isSpareName)
}

/// `.tmp-<pid>-spare`.
func isSpareName(_ name: String) -> Bool {
    name.hasPrefix(".tmp-") && name.hasSuffix("-spare")
        && Int32(name.dropFirst(".tmp-".count).dropLast("-spare".count)) != nil
}

/// The revision files in a key's directory, as revision numbers, oldest first.
func revisionFiles(in url: URL) -> [Int] {
    names(in: url).filter { $0.hasSuffix(".snapshot") }.compactMap { Int($0.dropLast(".snapshot".count)) }
        .sorted()
}

/// The seed for a randomised test: `WIDGET_TIMELINE_SEED` when set (to reproduce a failure),
/// otherwise `fallback`. Every randomised test prints its seed in its failure messages.
func testSeed(_ fallback: UInt64) -> UInt64 {
    ProcessInfo.processInfo.environment["WIDGET_TIMELINE_SEED"].flatMap { UInt64($0) } ?? fallback
}

/// File locks the kernel lists in `/proc/locks` (Linux), the 0xdead10cc proxy.
enum ProcLocks {
    struct Entry: Equatable {
        var line: String
        var processID: Int32?
        var inode: UInt64?
    }

    /// Whether this system has `/proc/locks`.
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: "/proc/locks") }

    static func entries() -> [Entry] {
        guard let text = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map { line in
            // "1: POSIX  ADVISORY  WRITE 1234 08:01:5678 0 EOF" (a "->" marks a waiting lock).
            let fields = line.split(separator: " ").filter { $0 != "->" }
            let processID = fields.count > 4 ? Int32(fields[4]) : nil
            let inode = fields.count > 5 ? fields[5].split(separator: ":").last.flatMap { UInt64($0) } : nil
            return Entry(line: String(line), processID: processID, inode: inode)
        }
    }

    /// Lock entries held by `processID` or on any of `inodes`.
    static func held(by processID: Int32 = getpid(), orOn inodes: Set<UInt64> = []) -> [Entry] {
        entries().filter { entry in
            entry.processID == processID || entry.inode.map(inodes.contains) == true
        }
    }

    /// The inode numbers of everything under `url`.
    static func inodes(under url: URL) -> Set<UInt64> {
        var result: Set<UInt64> = []
        let enumerator = FileManager.default.enumerator(atPath: url.path)
        var paths = [url.path]
        while let next = enumerator?.nextObject() as? String { paths.append(url.path + "/" + next) }
        for path in paths {
            var info = stat()
            if lstat(path, &info) == 0 { result.insert(UInt64(info.st_ino)) }
        }
        return result
    }
}

/// A file system that passes every call to `target`, which a test may change: one store instance
/// can remember a commit it made on one copy of a simulated file system and make its next commit
/// on another.
final class RetargetableFileSystem: ForwardingFileSystem, @unchecked Sendable {
    // @unchecked: `target` is changed only between a store's calls, on the test's own thread.
    init(target: any SnapshotFileSystem) {
        super.init(target)
    }
}

/// A flag the first caller sets, across threads: for a file-system pause point that must act once.
final class Once: @unchecked Sendable {
    // @unchecked: `done` is read and written under `lock`.
    private let lock = NSLock()
    private var done = false

    /// `true` for the first call only.
    func first() -> Bool {
        lock.withLock {
            defer { done = true }
            return !done
        }
    }

    /// Whether ``first()`` has been called.
    var isDone: Bool { lock.withLock { done } }
}
