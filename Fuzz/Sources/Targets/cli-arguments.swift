// Fuzz target: the command-line parser, and the commands that touch no files.
//
// The input is a command line: arguments separated by NUL bytes (as the kernel hands them to a
// process). Every command line is parsed; `help`, `boundaries`, and `build` or `lint` reading
// standard input (a bundled snapshot) are also run. Commands that read or write directories are
// only parsed: a fuzzer must never write to the machine it runs on.
//
// Checked on every input:
// - parsing and running never trap, and finish in bounded time (`--count` is capped);
// - a parse failure is a usage error (64) printed as one `error: …` line without control
//   characters, then one `see 'widget-timeline help …'` line, with nothing on standard output;
// - a run exits with a documented status; output goes to standard output on success, and
//   failures are single clean `error:` lines;
// - help pages start with OVERVIEW and name their command.
import Foundation
import FuzzSupport

@testable import WidgetTimelineCLI

/// What `build --snapshot -` and `lint -` read: the task-count example and a planned timeline.
private let snapshot = Data(
    #"{"schemaVersion":1,"kind":"task-count","key":"task-count","revision":18,"generatedAt":"2026-11-29T09:00:00+09:00","fingerprint":"x","payload":{"count":12}}"#
        .utf8)
private let timeline = Data(
    #"{"entries":[{"date":"2026-11-29T09:00:00+09:00","state":{"display":"fresh","content":{"count":12},"revision":18,"observedAt":"2026-11-29T08:58:10+09:00"},"relevance":null}],"policy":{"type":"after","date":"2026-11-29T09:30:00+09:00"}}"#
        .utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCLIArguments(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    let arguments =
        bytes.isEmpty
        ? []
        : bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    let now = Date(timeIntervalSince1970: 1_796_000_000)
    let invocation: Invocation
    do {
        invocation = try Invocation.parse(arguments)
    } catch {
        fuzzCheck(error.exitCode == .usage, "a parse failure that is not a usage error: \(error.exitCode)")
        let run = InProcessRun(arguments, now: now)
        fuzzCheck(run.status == .usage, "run and parse disagree: \(run.status)")
        run.checkRefused("a usage error")
        return 0
    }
    switch invocation {
    case .help(let topic):
        let run = InProcessRun(arguments, now: now)
        fuzzCheck(run.status == .success && run.output.hasPrefix("OVERVIEW: "), "help does not print a page")
        if let topic { fuzzCheck(run.output.contains(topic), "the help page for \(topic) does not name it") }
    case .version:
        break
    case .run(let command):
        let stdin: Data
        switch command {
        case is BoundariesCommand: stdin = Data()
        case let build as BuildCommand where build.snapshotPath == "-": stdin = snapshot
        case let lint as LintCommand where lint.path == "-": stdin = timeline
        default: return 0  // reads or writes files: parsed only
        }
        let run = InProcessRun(arguments, standardInput: stdin, now: now)
        switch run.status {
        case .success, .problemFound:
            fuzzCheck(!run.output.isEmpty, "\(run.status) without output")
            fuzzCheck(
                run.errors.isEmpty || run.status == .problemFound, "errors on success: \(run.errors)")
        case .badData:
            run.checkRefused("a command on bad data")
        case .usage, .noInput, .ioError:
            fuzzCheck(false, "a command that parsed fails with \(run.status): \(run.errors)")
        }
    }
    return 0
}
