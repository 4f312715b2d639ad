import Foundation
import WidgetTimeline
import WidgetTimelineExamples

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The extension's read path and the host's commit path, each against the floor the machine sets
/// for the same bytes.
enum PipelineBenchmarks {
    static let now = Instant.parse("2026-11-30T07:00:00+09:00")!
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Seoul")!
        return calendar
    }()

    /// A day of doses: the schedule widget's realistic payload.
    static let schedule = SchedulePayload(
        pending: [9, 13, 18, 22].map { now.addingTimeInterval(Double($0 - 7) * 3600) }, completedToday: 1)

    struct WallClock: WidgetClock {
        var now: Date { Date() }
    }

    /// A fresh shared directory under the temporary directory, removed by ``removeDirectories()``.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "widget-timeline-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        directoriesLock.withLock { directories.append(url) }
        return url
    }

    private static let directoriesLock = NSLock()
    nonisolated(unsafe) private static var directories: [URL] = []  // guarded by `directoriesLock`

    /// Removes every directory the cases made.
    static func removeDirectories() {
        for url in directoriesLock.withLock({ directories }) { try? FileManager.default.removeItem(at: url) }
    }

    /// The record file of the key's newest revision, and its envelope bytes.
    static func newestRecord(in directory: URL, key: SnapshotKey) throws -> (path: String, envelope: Data) {
        let keyDirectory = directory.appendingPathComponent("snapshots").appendingPathComponent(key.rawValue)
        let name = try FileManager.default.contentsOfDirectory(atPath: keyDirectory.path).filter {
            $0.hasSuffix(".snapshot")
        }.max()!
        let path = keyDirectory.appendingPathComponent(name).path
        let record = try Data(contentsOf: URL(fileURLWithPath: path))
        let newline = record.firstIndex(of: 0x0A)!
        return (path, record[(newline + 1)...])
    }

    /// Reads a whole file with plain POSIX calls: open, fstat, read, close — into a buffer of
    /// exactly the file's size, left uninitialised.
    static func readFile(_ path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return [] }
        let size = Int(status.st_size)
        return [UInt8](unsafeUninitializedCapacity: size) { buffer, initialised in
            initialised = max(0, read(descriptor, buffer.baseAddress, size))
        }
    }

    /// A commit of a changed schedule each time it is called: one more item done than before.
    /// The host's sync over a file store and diagnostics log in `directory`, as an app sets it up.
    static func hostSync(in directory: URL) -> WidgetSync {
        WidgetSync(
            store: FileSnapshotStore(directory: directory), reloader: LogOnlyReloader(), clock: WallClock(),
            log: FileDiagnosticLog(directory: directory))
    }

    static func changedCommits(through sync: WidgetSync) -> () throws -> Void {
        var completed = schedule.completedToday
        return {
            completed += 1
            var payload = schedule
            payload.completedToday = completed
            guard case .saved = try sync.commit(payload, for: ScheduleWidget()) else {
                preconditionFailure("not saved")
            }
        }
    }

    /// The durable-write floor: temp file, write, fsync, close, rename, directory fsync.
    static func durableWrite(_ bytes: [UInt8], directory: String, name: String) throws {
        let temporary = directory + "/.floor-tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard fsync(descriptor) == 0 else { throw POSIXError(.EIO) }
        close(descriptor)
        guard rename(temporary, directory + "/" + name) == 0 else { throw POSIXError(.EIO) }
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fsync(directoryDescriptor) == 0 else { throw POSIXError(.EIO) }
        close(directoryDescriptor)
    }

    static var cases: [RatioCase] {
        [
            RatioCase(
                name: "read.provider-timeline",
                summary: "EntryLoader + planner: a schedule widget's timeline from a file store (read-only)",
                floorSummary: "open + read + JSONDecoder decode of the same envelope bytes",
                target: 2.0, repetitions: 200,
                prepare: {
                    let directory = try directory()
                    let widget = ScheduleWidget()
                    _ = try FileSnapshotStore(directory: directory).commit(
                        SnapshotDraft(
                            kind: widget.kind, key: widget.defaultKey, generatedAt: now, payload: schedule))
                    let provider = WidgetProviderCore(
                        loader: EntryLoader(
                            kind: widget, store: FileSnapshotStore.readOnly(directory: directory),
                            sleeper: ContinuousClock()))
                    let (path, _) = try newestRecord(in: directory, key: widget.defaultKey)
                    let decoder = JSONCoding.decoder()
                    return (
                        subject: {
                            let timeline = provider.timeline(at: now, in: calendar, fetchingWith: nil)
                            precondition(timeline.entries.count > 3)
                        },
                        floor: {
                            let record = readFile(path)
                            let newline = record.firstIndex(of: 0x0A)!
                            _ = try decoder.decode(
                                Snapshot<SchedulePayload>.self, from: Data(record[(newline + 1)...]))
                        }
                    )
                }),
            RatioCase(
                name: "commit.changed",
                summary:
                    "WidgetSync.commit of a changed payload: fingerprint, durable save, reload, log event",
                floorSummary: "write a temp file + fsync + rename + fsync the directory, same bytes",
                target: 1.3, repetitions: 20,
                prepare: {
                    let directory = try directory()
                    let widget = ScheduleWidget()
                    let sync = hostSync(in: directory)
                    try sync.commit(schedule, for: widget)
                    let (path, _) = try newestRecord(in: directory, key: widget.defaultKey)
                    let record = readFile(path)
                    let floorDirectory = try Self.directory().path
                    var floorCount = 0
                    return (
                        subject: changedCommits(through: sync),
                        floor: {
                            floorCount += 1
                            try durableWrite(
                                record, directory: floorDirectory, name: "\(floorCount).snapshot")
                        }
                    )
                }),
            RatioCase(
                name: "commit.unchanged",
                summary: "WidgetSync.commit with display content identical to the stored snapshot",
                floorSummary: "WidgetSync.commit of a changed payload (the case above)",
                target: 0.02, repetitions: 20,
                prepare: {
                    let directory = try directory()
                    let widget = ScheduleWidget()
                    let sync = hostSync(in: directory)
                    let unchangedKey = SnapshotKey(purpose: "schedule", scope: "unchanged")
                    // The schedule's fingerprint holds when its count was observed (a count belongs
                    // to its day), so a repeat names the observation it repeats, as a server's
                    // timestamp would; without one each commit would be a new observation, and saved.
                    let observed = WallClock().now
                    try sync.commit(schedule, for: widget, key: unchangedKey, observedAt: observed)
                    try sync.commit(schedule, for: widget)
                    return (
                        subject: {
                            guard
                                case .unchanged = try sync.commit(
                                    schedule, for: widget, key: unchangedKey, observedAt: observed)
                            else {
                                preconditionFailure("saved")
                            }
                        },
                        floor: changedCommits(through: sync)
                    )
                }),
            RatioCase(
                name: "planning.schedule-day",
                summary: "the planner: a day of the schedule widget, freshness transitions included",
                floorSummary: "JSONDecoder decode of its snapshot envelope",
                target: 0.5, repetitions: 200,
                prepare: {
                    let widget = ScheduleWidget()
                    let snapshot = try SnapshotDraft(
                        kind: widget.kind, key: widget.defaultKey, generatedAt: now, payload: schedule
                    ).snapshot(revision: 7)
                    let envelope = try JSONCoding.encoder().encode(snapshot)
                    let planner = TimelinePlanner(kind: widget)
                    let decoder = JSONCoding.decoder()
                    return (
                        subject: {
                            let plan = planner.plan(.loaded(snapshot), at: now, in: calendar)
                            precondition(plan.timeline.entries.count > 3)
                        },
                        floor: { _ = try decoder.decode(Snapshot<SchedulePayload>.self, from: envelope) }
                    )
                }),
        ]
    }

}
