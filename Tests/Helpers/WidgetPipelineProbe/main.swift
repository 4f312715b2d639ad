// A helper for the package's process-level tests: plays the host app or the widget extension
// against a shared directory, as a real separate process. Not a product.
//
//   WidgetPipelineProbe host <dir> <count> [--no-reload]
//       commits task counts 1...count through WidgetSync; prints "ACK <revision>" after each.
//       --no-reload saves and logs the commit but never asks for a reload (a broken host).
//   WidgetPipelineProbe extension <dir> [--kind-name <name>]
//       runs the task-count provider once, read-only; prints "READ <revision>".
//       --kind-name runs it under another kind string (a widget configured with a different kind).
//   WidgetPipelineProbe tap <dir> <count>
//       plays an interactive widget's intent count times: commits task count 100000+i from the
//       extension's side through WidgetSync.commitFromIntent (asking, as the intent path may, for
//       the schedule kind too), then runs the task-count provider as the system does when perform()
//       returns; prints "TAP <committed revision> READ <revision read> COUNT <count read>".
//   WidgetPipelineProbe log <dir> <side> <count> [<key> <maximum bytes>]
//       appends count events to the diagnostics log; prints "ACK <n>" after each. With a key and
//       a rotation size, the events are for that key, revisions 1...count, in a log rotated at that
//       size, and writing starts only once standard input is closed (a start line for many probes).
//   WidgetPipelineProbe chaos <dir> <role> <id> <count> <seed>
//       one writer or reader of a many-process hunt (SyncChaosProcessTests), on a store that keeps
//       every revision; starts once standard input is closed. Roles: host (WidgetSync.commit),
//       intent (commitFromIntent, then the provider run), loader (EntryLoader saving a fetched
//       answer, forced or not), reader (store reads). Each operation prints one line:
//       "OP <role> <id> <seq> <value> <observed ms|-> <forced 0|1> <start ns> <end ns> <outcome> <revision> <value read>"
//       with the monotonic clock's nanoseconds around the call, outcome SAVED, UNCHANGED, LOADED,
//       READ or UNREADABLE (a read that gave up against writers that never paused), and for an
//       intent a second line "PROVIDER <id> <seq> <revision> <value>".
import Foundation
import WidgetTimeline
import WidgetTimelineExamples

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct SystemClock: WidgetClock {
    var now: Date { Date() }
}

/// The task-count widget under another kind string.
struct RenamedTaskCount: WidgetKind {
    let kind: String
    let inner = TaskCountWidget()
    var freshness: FreshnessPolicy { inner.freshness }
    func content(of snapshot: Snapshot<TaskCountPayload>, at instant: Date, in calendar: Calendar)
        -> TaskCountContent
    {
        inner.content(of: snapshot, at: instant, in: calendar)
    }
    func changePoints(
        of snapshot: Snapshot<TaskCountPayload>, after now: Date, through end: Date, in calendar: Calendar
    )
        -> [Date]
    { [] }
    var preview: TaskCountPayload { inner.preview }
}

func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("probe: \(message)\n".utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { fail("usage: see the comment at the top of main.swift") }
let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
let log = FileDiagnosticLog(directory: directory, maximumBytes: 8 << 20)
let widget = TaskCountWidget()

switch arguments[0] {
case "host":
    guard arguments.count >= 3, let count = Int(arguments[2]) else { fail("host <dir> <count>") }
    let store = FileSnapshotStore(directory: directory)
    if arguments.contains("--no-reload") {
        for value in 1...count {
            do {
                let draft = try SnapshotDraft(
                    kind: widget.kind, key: widget.defaultKey, generatedAt: Date(),
                    payload: TaskCountPayload(count: value))
                let outcome = try store.commit(draft)
                log.record(
                    DiagnosticEvent(
                        at: Date(), side: .host, stage: .snapshotCommit, key: widget.defaultKey,
                        kind: widget.kind,
                        revision: outcome.revision))
                say("ACK \(outcome.revision)")
            } catch {
                fail("\(error)")
            }
        }
    } else {
        let sync = WidgetSync(store: store, reloader: LogOnlyReloader(), clock: SystemClock(), log: log)
        for value in 1...count {
            do {
                say("ACK \(try sync.commit(TaskCountPayload(count: value), for: widget).revision)")
            } catch {
                fail("\(error)")
            }
        }
    }
case "tap":
    guard arguments.count >= 3, let count = Int(arguments[2]) else { fail("tap <dir> <count>") }
    let sync = WidgetSync(
        store: FileSnapshotStore(directory: directory), reloader: LogOnlyReloader(), clock: SystemClock(),
        side: .widgetExtension, log: log)
    let provider = WidgetProviderCore(
        loader: EntryLoader(
            kind: widget, store: FileSnapshotStore(directory: directory, access: .readOnly),
            sleeper: ContinuousClock(), log: log))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    for tap in 1...count {
        do {
            let outcome = try sync.commitFromIntent(
                TaskCountPayload(count: 100_000 + tap), for: widget, alsoReloading: [.timelines("schedule")])
            let entry = await provider.timeline(at: Date(), in: calendar).entries[0]
            say(
                "TAP \(outcome.revision) READ \(entry.state.stamp?.revision ?? 0) COUNT \(entry.state.content?.count ?? -1)"
            )
        } catch {
            fail("\(error)")
        }
    }
case "extension":
    let store = FileSnapshotStore(directory: directory, access: .readOnly)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    if let index = arguments.firstIndex(of: "--kind-name"), index + 1 < arguments.count {
        let renamed = RenamedTaskCount(kind: arguments[index + 1])
        let provider = WidgetProviderCore(
            loader: EntryLoader(kind: renamed, store: store, sleeper: ContinuousClock(), log: log))
        let timeline = await provider.timeline(for: widget.defaultKey, at: Date(), in: calendar)
        say("READ \(timeline.entries[0].state.stamp?.revision ?? 0)")
    } else {
        let provider = WidgetProviderCore(
            loader: EntryLoader(kind: widget, store: store, sleeper: ContinuousClock(), log: log))
        let timeline = await provider.timeline(at: Date(), in: calendar)
        say("READ \(timeline.entries[0].state.stamp?.revision ?? 0)")
    }
case "log":
    guard arguments.count >= 4, let count = Int(arguments[3]) else { fail("log <dir> <side> <count>") }
    let side: DiagnosticEvent.Side = arguments[2] == "host" ? .host : .widgetExtension
    var key = widget.defaultKey
    var eventLog = log
    if arguments.count >= 6, let limit = Int(arguments[5]) {
        key = SnapshotKey(purpose: arguments[4])
        eventLog = FileDiagnosticLog(directory: directory, maximumBytes: limit)
        _ = FileHandle.standardInput.readDataToEndOfFile()
    }
    for index in 1...count {
        eventLog.record(
            DiagnosticEvent(
                at: Date(), side: side, stage: .snapshotRead, key: key, kind: widget.kind, revision: index))
        say("ACK \(index)")
    }
case "chaos":
    guard arguments.count >= 6, let id = Int(arguments[3]), let count = Int(arguments[4]),
        let seed = UInt64(arguments[5])
    else { fail("chaos <dir> <role> <id> <count> <seed>") }
    await chaos(role: arguments[2], id: id, count: count, seed: seed)
default:
    fail("unknown mode \(arguments[0])")
}

/// Nanoseconds of the monotonic clock, which every process of the machine shares.
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Milliseconds since 1970, as the store keeps instants.
func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

/// One process of the chaos hunt (see the comment at the top).
func chaos(role: String, id: Int, count: Int, seed: UInt64) async {
    var state = seed &+ UInt64(id) &* 0x9E37_79B9_7F4A_7C15 | 1
    func random(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }
    // Every revision is kept, so the test can read each one back after the run.
    let store = FileSnapshotStore(directory: directory, retainedRevisions: 1_000_000)
    let readOnly = FileSnapshotStore(directory: directory, access: .readOnly)
    let key = widget.defaultKey
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let sync = WidgetSync(
        store: store, reloader: LogOnlyReloader(), clock: SystemClock(),
        side: role == "host" ? .host : .widgetExtension, log: log)
    let loader = EntryLoader(kind: widget, store: store, sleeper: ContinuousClock(), log: log)
    let provider = WidgetProviderCore(
        loader: EntryLoader(kind: widget, store: readOnly, sleeper: ContinuousClock(), log: log))
    _ = FileHandle.standardInput.readDataToEndOfFile()
    for seq in 1...count {
        // A value from a small pool shared by every writer (equal content), or one of its own.
        let value = random(3) == 0 ? random(3) : (id + 1) * 100_000 + seq
        // No observation, one a moment ago or now, or a lagging server's.
        var observedAt: Date?
        switch random(6) {
        case 0, 1, 2: observedAt = nil
        case 3: observedAt = Date()
        case 4: observedAt = Date().addingTimeInterval(-Double(random(20)) / 1000)
        default: observedAt = Date().addingTimeInterval(-1)
        }
        let forced = random(2) == 0
        let observed = observedAt.map { String(milliseconds($0)) } ?? "-"
        let start = monotonicNanoseconds()
        var line = ""
        switch role {
        case "host", "intent":
            if role == "intent", observedAt != nil, random(2) == 0 { observedAt = nil }
            let observed = observedAt.map { String(milliseconds($0)) } ?? "-"
            let outcome: SyncOutcome
            do {
                outcome =
                    role == "host"
                    ? try sync.commit(TaskCountPayload(count: value), for: widget, observedAt: observedAt)
                    : try sync.commitFromIntent(
                        TaskCountPayload(count: value), for: widget, observedAt: observedAt)
            } catch {
                fail("\(error)")
            }
            let end = monotonicNanoseconds()
            let verdict: String
            switch outcome {
            case .saved: verdict = "SAVED"
            case .unchanged: verdict = "UNCHANGED"
            }
            say(
                "OP \(role) \(id) \(seq) \(value) \(observed) 0 \(start) \(end) \(verdict) \(outcome.revision) \(value)"
            )
            if role == "intent" {
                let entry = await provider.timeline(at: Date(), in: calendar).entries[0]
                line =
                    "PROVIDER \(id) \(seq) \(entry.state.stamp?.revision ?? 0) \(entry.state.content?.count ?? -1)"
            }
        case "loader":
            let answer = SourceAnswer(payload: TaskCountPayload(count: value), observedAt: observedAt)
            let result = loader.load(
                key, at: Date(), forceRefresh: forced, fetchingWith: { _ in .success(answer) })
            let end = monotonicNanoseconds()
            line =
                "OP loader \(id) \(seq) \(value) \(observed) \(forced ? 1 : 0) \(start) \(end) LOADED \(result.snapshot?.revision ?? 0) \(result.snapshot?.payload.count ?? -1)"
        case "reader":
            let read = readOnly.read(key, as: TaskCountPayload.self, supportedSchema: widget.schemaVersion)
            let end = monotonicNanoseconds()
            // A read that gave up against writers that never paused says so (a known limit).
            var verdict = "READ"
            if case .unreadable = read { verdict = "UNREADABLE" }
            line =
                "OP reader \(id) \(seq) 0 - 0 \(start) \(end) \(verdict) \(read.snapshot?.revision ?? 0) \(read.snapshot?.payload.count ?? -1)"
        default:
            fail("unknown chaos role \(role)")
        }
        if !line.isEmpty { say(line) }
    }
    say("DONE")
}
