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
    let output = CapturedText()
    let errors = CapturedText()
    let invocation: Invocation
    do {
        invocation = try Invocation.parse(arguments)
    } catch {
        fuzzCheck(error.exitCode == .usage, "a parse failure that is not a usage error: \(error.exitCode)")
        let context = makeContext(output: output, errors: errors, stdin: Data())
        let status = CommandLineTool.run(arguments, in: context)
        fuzzCheck(status == .usage, "run and parse disagree: \(status)")
        checkFailure(errors.text, output: output.text)
        return 0
    }
    switch invocation {
    case .help(let topic):
        let status = CommandLineTool.run(
            arguments, in: makeContext(output: output, errors: errors, stdin: Data()))
        fuzzCheck(status == .success && output.text.hasPrefix("OVERVIEW: "), "help does not print a page")
        if let topic { fuzzCheck(output.text.contains(topic), "the help page for \(topic) does not name it") }
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
        let status = CommandLineTool.run(
            arguments, in: makeContext(output: output, errors: errors, stdin: stdin))
        switch status {
        case .success, .problemFound:
            fuzzCheck(!output.text.isEmpty, "\(status) without output")
            fuzzCheck(errors.text.isEmpty || status == .problemFound, "errors on success: \(errors.text)")
        case .badData:
            checkFailure(errors.text, output: output.text)
        case .usage, .noInput, .ioError:
            fuzzCheck(false, "a command that parsed fails with \(status): \(errors.text)")
        }
    }
    return 0
}

private func makeContext(output: CapturedText, errors: CapturedText, stdin: Data) -> CommandContext {
    CommandContext(
        standardOutput: output, standardError: errors, readStandardInput: { stdin.prefix($0 + 1) },
        currentDirectory: URL(fileURLWithPath: "/nonexistent"),
        now: { Date(timeIntervalSince1970: 1_796_000_000) },
        environment: [:])
}

/// A failure prints `error: …` on one line (and at most a hint line), free of control characters
/// that could fake further lines or drive the terminal, and nothing on standard output.
private func checkFailure(_ errors: String, output: String) {
    fuzzCheck(output.isEmpty, "output on failure: \(output.debugDescription)")
    fuzzCheck(
        errors.hasPrefix("error: ") && errors.hasSuffix("\n"), "not an error line: \(errors.debugDescription)"
    )
    let lines = errors.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
    fuzzCheck(lines.count <= 2, "more than an error and a hint: \(errors.debugDescription)")
    if lines.count == 2 {
        fuzzCheck(lines[1].hasPrefix("see 'widget-timeline help"), "not a hint: \(lines[1])")
    }
    fuzzCheck(
        !errors.unicodeScalars.contains {
            $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
        },
        "a control character in \(errors.debugDescription)")
}
