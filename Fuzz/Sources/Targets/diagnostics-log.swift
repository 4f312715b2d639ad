// Fuzz target: the diagnostics log reader and the diagnosis `diagnose` prints.
//
// The input is the contents of `diagnostics/events.jsonl`: JSON lines written by two processes,
// possibly torn by a crash, zero-filled by a power loss, or written by another version.
//
// Checked on every input:
// - reading never traps, and accounts for every line: each complete line is an event, or is
//   counted as skipped (and yields at most one event glued to its end), and a last line without
//   its newline is skipped;
// - every event read re-encodes as a line that reads back as the same event;
// - the diagnosis walks each key's stages in order, with at most one failure, which ends the
//   walk; its text and JSON forms never trap, and the text carries no control character from
//   the log (a `kind` with a line break or an escape sequence is printed escaped).
import Foundation
import FuzzSupport

@testable import WidgetTimeline
@testable import WidgetTimelineCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDiagnosticsLog(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    let contents = FileDiagnosticLog.parse(Data(bytes))

    var pieces = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    let torn = pieces.last.map { !$0.isEmpty } ?? false
    pieces.removeLast()
    let lines = pieces.filter { !$0.isEmpty }.count + (torn ? 1 : 0)
    let accounted = contents.events.count + contents.skippedLines
    fuzzCheck(
        accounted >= lines && accounted <= 2 * lines && contents.events.count <= lines,
        "\(lines) lines, but \(contents.events.count) events and \(contents.skippedLines) skipped")

    let encoder = JSONCoding.encoder()
    for event in contents.events {
        guard var line = try? encoder.encode(event) else {
            fuzzCheck(false, "an event read from the log cannot be written back")
            continue
        }
        line.append(0x0A)
        let again = FileDiagnosticLog.parse(line)
        fuzzCheck(again.events == [event] && again.skippedLines == 0, "an event does not read back as itself")
        _ = event.line
    }

    let diagnosis = Diagnosis(events: contents.events)
    for key in diagnosis.keys {
        let stages = key.findings.map(\.stage.rawValue)
        fuzzCheck(!stages.isEmpty, "key \(key.key) has no findings")
        fuzzCheck(
            zip(stages, stages.dropFirst()).allSatisfy { $0 < $1 },
            "key \(key.key): stages out of order \(stages)")
        let failures = key.findings.filter { $0.verdict == .failed }
        fuzzCheck(failures.count <= 1, "key \(key.key): more than one failing stage")
        if let failure = failures.first {
            fuzzCheck(key.findings.last == failure, "key \(key.key): the walk goes on after a failure")
        }
        _ = key.summary
    }
    let text = DiagnoseCommand.text(diagnosis, contents: contents, directory: "fuzz", showEvents: true)
    fuzzCheck(!text.hasControlCharactersBesidesLineFeeds, "diagnose prints a control character from the log")
    fuzzCheck((try? JSONCoding.encoder(pretty: true).encode(contents.events)) != nil, "events do not encode")
    return 0
}
