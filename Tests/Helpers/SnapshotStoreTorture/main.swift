import Foundation
import WidgetTimeline

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// The snapshot store's torture helper: real processes for the tests that threads cannot stand in
// for (kill -9 at any moment, SIGSTOP at any moment, concurrent readers, writers racing on one key).
//
//   SnapshotStoreTorture write --dir DIR --key KEY [--count N] [--retain N] [--check-locks]
//       Commits revisions one after another (compare-and-swap on the revision it read), printing
//       `ACK <revision>` after each durable commit.
//   SnapshotStoreTorture cas --dir DIR --key KEY --writer ID --count N [--first-counter C] [--retain N]
//                            [--check-locks]
//       N compare-and-swap increments (counters C, C+1, …), re-reading and retrying on conflict,
//       printing `ACK <revision> <writer>:<counter> <published> <acknowledged>`.
//   SnapshotStoreTorture race --dir DIR --key KEY --writer ID --count N --expect any|read
//                             [--first-counter C] [--retain N]
//       N commits, each after whatever revision is current (`any`) or compare-and-swap on the
//       revision just read (`read`, retrying on conflict); printing `ACK` as `cas` does.
//   SnapshotStoreTorture sweep --dir DIR --key KEY [--orphan-age SECONDS]
//       Calls removeAbandonedFiles in a loop until standard input closes; prints `SWEPT <count>`.
//   (Every mode takes --orphan-age SECONDS, the store's orphanAge, 600 by default, and
//   --legacy KEY, a legacy key for --key.)
//   SnapshotStoreTorture read --dir DIR --key KEY [--progress N] [--report-seen]
//       Reads in a tight loop until standard input closes, checking every read; prints
//       `READS <count>` every N reads, `SEEN <revision> <writer>:<counter> <time>` for each newer
//       revision (with --report-seen), and `DONE <reads> <found> <last revision>` at the end.
//
// Times are CLOCK_MONOTONIC nanoseconds, one clock for every process: `published` is taken just
// before the acknowledged record's publish call (a lower bound of when it became visible),
// `acknowledged` just after the commit returned, a reader's `time` just after its read returned.
// A kill or pause point may be armed through WIDGET_TIMELINE_KILL_POINT / WIDGET_TIMELINE_KILL_AT
// or WIDGET_TIMELINE_PAUSE_POINT / WIDGET_TIMELINE_PAUSE_AT (CommitPoint.swift).
//
// Any broken invariant prints `VIOLATION <what>` and exits with status 1.

let arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: "--" + name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            exit(3)
        }
        offset += written
    }
}

func fail(_ message: String) -> Never {
    say("VIOLATION " + message)
    exit(1)
}

guard let mode = arguments.first, let directory = option("dir"), let keyText = option("key"),
    let key = try? SnapshotKey(validating: keyText)
else {
    FileHandle.standardError.write(
        Data("usage: SnapshotStoreTorture write|cas|read --dir DIR --key KEY …\n".utf8))
    exit(64)
}

let checksLocks = arguments.contains("--check-locks")
let retained = option("retain").flatMap(Int.init) ?? 3
let orphanAge = option("orphan-age").flatMap(Double.init) ?? 600
let environment = ProcessInfo.processInfo.environment
let fileSystem: CommitPointFileSystem
if let name = environment["WIDGET_TIMELINE_KILL_POINT"], let point = CommitPoint(rawValue: name) {
    fileSystem = CommitPointFileSystem(
        point: point, action: .kill, at: environment["WIDGET_TIMELINE_KILL_AT"].flatMap(Int.init) ?? 1,
        key: key.rawValue)
} else if let name = environment["WIDGET_TIMELINE_PAUSE_POINT"], let point = CommitPoint(rawValue: name) {
    fileSystem = CommitPointFileSystem(
        point: point, action: .pause, at: environment["WIDGET_TIMELINE_PAUSE_AT"].flatMap(Int.init) ?? 1,
        key: key.rawValue)
} else {
    fileSystem = CommitPointFileSystem(point: nil, action: .kill, at: 1, key: key.rawValue)
}
let legacyKeys = option("legacy").flatMap { try? SnapshotKey(validating: $0) }.map {
    LegacyKeyMapping([key: $0])
}
let store = FileSnapshotStore(
    directory: URL(fileURLWithPath: directory), access: mode == "read" ? .readOnly : .readWrite,
    legacyKeys: legacyKeys ?? .none, retainedRevisions: retained, orphanAge: orphanAge, fileSystem: fileSystem
)

/// Fails if `/proc/locks` lists a lock held by this process (Linux; elsewhere there is no such file).
func checkNoLocksHeld(after call: String) {
    guard checksLocks, let text = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return }
    let pid = String(getpid())
    for line in text.split(separator: "\n") {
        let fields = line.split(separator: " ")
        if fields.contains(where: { $0 == pid }) { fail("lock held after \(call): \(line)") }
    }
}

func currentRevision() -> Int {
    let result = store.read(key, as: TorturePayload.self, supportedSchema: 1)
    checkNoLocksHeld(after: "read")
    switch result {
    case .found(let snapshot, let fallback):
        if let fallback { fail("writer read fell back: \(fallback)") }
        if !snapshot.payload.belongs(to: snapshot.revision) {
            fail("payload of revision \(snapshot.revision)")
        }
        return snapshot.revision
    case .missing:
        return 0
    default:
        fail("writer read \(result)")
    }
}

/// Prints `ACK <revision> <writer>:<counter> <published> <acknowledged>`.
func acknowledge(_ outcome: CommitOutcome, writer: String, counter: Int) {
    let acknowledged = monotonicNanoseconds()
    say("ACK \(outcome.revision) \(writer):\(counter) \(fileSystem.lastPublishStart) \(acknowledged)")
}

func draft(revision: Int, writer: String, counter: Int) -> SnapshotDraft<TorturePayload> {
    let payload = TorturePayload(revision: revision, writer: writer, counter: counter)
    return try! SnapshotDraft(
        kind: "torture", key: key, generatedAt: Date(timeIntervalSince1970: Double(revision)),
        fingerprint: ContentFingerprint(rawValue: payload.digest), payload: payload)
}

switch mode {
case "write":
    let count = option("count").flatMap(Int.init) ?? Int.max
    do {
        try store.removeAbandonedFiles()
    } catch {
        fail("clean-up at start: \(error)")
    }
    var revision = currentRevision()
    for counter in 1...max(1, count) {
        do {
            let outcome = try store.commit(
                draft(revision: revision + 1, writer: "w", counter: counter), expecting: .revision(revision))
            checkNoLocksHeld(after: "commit")
            guard outcome.isDurable else { fail("not durable: \(outcome)") }
            revision = outcome.revision
            say("ACK \(revision)")
        } catch {
            fail("commit after \(revision): \(error)")
        }
    }

case "cas":
    guard let writer = option("writer"), let count = option("count").flatMap(Int.init) else { exit(64) }
    let first = option("first-counter").flatMap(Int.init) ?? 1
    var conflicts = 0
    for counter in first..<(first + max(1, count)) {
        while true {
            let revision = currentRevision()
            do {
                let outcome = try store.commit(
                    draft(revision: revision + 1, writer: writer, counter: counter),
                    expecting: .revision(revision))
                checkNoLocksHeld(after: "commit")
                guard outcome.isDurable else { fail("not durable: \(outcome)") }
                acknowledge(outcome, writer: writer, counter: counter)
                break
            } catch .conflict {
                checkNoLocksHeld(after: "conflicting commit")
                conflicts += 1
            } catch {
                fail("commit after \(revision): \(error)")
            }
        }
    }
    say("CONFLICTS \(conflicts)")

case "race":
    guard let writer = option("writer"), let count = option("count").flatMap(Int.init),
        let expectation = option("expect"), ["any", "read"].contains(expectation)
    else { exit(64) }
    let first = option("first-counter").flatMap(Int.init) ?? 1
    for counter in first..<(first + max(1, count)) {
        while true {
            let revision = expectation == "read" ? currentRevision() : 0
            do {
                let outcome = try store.commit(
                    draft(
                        revision: expectation == "read" ? revision + 1 : 0, writer: writer, counter: counter),
                    expecting: expectation == "read" ? .revision(revision) : .any)
                guard outcome.isDurable else { fail("not durable: \(outcome)") }
                acknowledge(outcome, writer: writer, counter: counter)
                break
            } catch .conflict {
                continue
            } catch {
                fail("commit: \(error)")
            }
        }
    }

case "read":
    let progress = option("progress").flatMap(Int.init) ?? 1000
    let reportsSeen = arguments.contains("--report-seen")
    var reads = 0
    var found = 0
    var last = 0
    var stdinOpen = true
    while stdinOpen {
        for _ in 0..<16 {
            let result = store.read(key, as: TorturePayload.self, supportedSchema: 1)
            reads += 1
            switch result {
            case .found(let snapshot, let fallback):
                if let fallback { fail("read fell back: \(fallback)") }
                if !snapshot.payload.belongs(to: snapshot.revision) {
                    fail("payload does not belong to revision \(snapshot.revision)")
                }
                if snapshot.revision < last {
                    fail("revision went backwards: \(last) → \(snapshot.revision)")
                }
                if reportsSeen, snapshot.revision > last {
                    say("SEEN \(snapshot.revision) \(snapshot.payload.label) \(monotonicNanoseconds())")
                }
                last = snapshot.revision
                found += 1
            case .missing:
                if last > 0 { fail("missing after revision \(last)") }
            default:
                fail("read \(result)")
            }
            if reads % progress == 0 { say("READS \(reads)") }
        }
        checkNoLocksHeld(after: "read")
        // Poll standard input without blocking: the parent closes it to stop the reader.
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, 0) > 0 {
            var byte: UInt8 = 0
            if read(0, &byte, 1) <= 0 { stdinOpen = false }
        }
    }
    // One read after the parent closed standard input, so the last revision reported is one read
    // after the final state was established, however the reader was scheduled before.
    if case .found(let snapshot, nil) = store.read(key, as: TorturePayload.self, supportedSchema: 1) {
        if snapshot.revision < last { fail("revision went backwards: \(last) → \(snapshot.revision)") }
        last = snapshot.revision
        reads += 1
        found += 1
    }
    say("DONE \(reads) \(found) \(last)")

case "sweep":
    // Removes abandoned files in a loop until standard input closes, printing `SWEPT <count>`.
    var swept = 0
    var stdinOpen = true
    while stdinOpen {
        do {
            swept += try store.removeAbandonedFiles()
        } catch {
            fail("removeAbandonedFiles: \(error)")
        }
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, 1) > 0 {
            var byte: UInt8 = 0
            if read(0, &byte, 1) <= 0 { stdinOpen = false }
        }
    }
    say("SWEPT \(swept)")

default:
    exit(64)
}
exit(0)
