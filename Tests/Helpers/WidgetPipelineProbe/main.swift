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
default:
    fail("unknown mode \(arguments[0])")
}
