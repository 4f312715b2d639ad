// Fuzz target: the timeline JSON decoder and linter behind `lint`.
//
// The input is a timeline JSON file. It is decoded as `lint` decodes it (entries whose states are
// any JSON), linted with and without a `now`, and the real `lint` command runs on it in-process;
// then all of that again with one of its numbers pushed to an edge (Int.max, 1e300, …).
//
// Checked on every input:
// - decoding and linting never trap;
// - every finding names an entry that exists, or none; an empty timeline gets exactly the
//   `empty-timeline` error;
// - an accepted timeline re-encodes to JSON that decodes to the same timeline;
// - `lint` exits 0 or 1 with its report on standard output and nothing on standard error, and
//   exits 1 exactly when there is an error-level finding; or it exits 65 with one
//   `error: timeline on standard input is not valid: …` line and nothing on standard output —
//   exactly when the decoder refuses the timeline or a state's `display` is not a widget state's.
import Foundation
import FuzzSupport

@testable import WidgetTimeline
@testable import WidgetTimelineCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTimelineLint(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    var choices = FuzzChoices(bytes)
    lint(Data(bytes), choices: &choices)
    if let variant = choices.numberAtAnEdge(in: bytes) { lint(Data(variant), choices: &choices) }
    return 0
}

private func lint(_ data: Data, choices: inout FuzzChoices) {
    let timeline = try? JSONCoding.decode(PlannedTimeline<JSONValue>.self, from: data)
    var now: Date?
    if let timeline {
        now = check(timeline, choices: &choices)
    }
    let format = choices.flip() ? "json" : "text"
    var arguments = ["lint", "-", "--format", format]
    if let now { arguments += ["--now", Instant.format(now)] }
    let run = InProcessRun(arguments, standardInput: data)
    // `lint` refuses a `display` no widget state writes, which the decoder (any JSON) takes.
    let unknownDisplay =
        timeline?.entries.contains { entry in
            entry.state["display"].map { display in
                display.stringValue.map { !LintCommand.displays.contains($0) } ?? true
            } ?? false
        } ?? false
    switch run.status {
    case .success, .problemFound:
        guard let timeline else {
            fuzzCheck(false, "lint accepted a timeline the decoder refuses")
            return
        }
        fuzzCheck(!unknownDisplay, "lint accepted a display no widget state has")
        let hasError = TimelineLinter().lint(
            timeline, now: now.flatMap { Instant.parse(Instant.format($0)) },
            situation: { $0["display"]?.stringValue }, claim: LintCommand.claim
        ).contains { $0.severity == .error }
        fuzzCheck(
            hasError == (run.status == .problemFound),
            "lint: exit \(run.status.rawValue) disagrees with the findings")
        run.checkAnswered("lint")
    case .badData:
        fuzzCheck(timeline == nil || unknownDisplay, "lint refused a timeline the decoder accepts")
        run.checkRefused("lint", startingWith: "error: timeline on standard input is not valid: ")
    default:
        fuzzCheck(false, "lint: exit \(run.status.rawValue): \(run.errors)")
    }
}

/// Lints the decoded timeline directly; returns the `now` the CLI run should use.
private func check(_ timeline: PlannedTimeline<JSONValue>, choices: inout FuzzChoices) -> Date? {
    let entries = timeline.entries
    let now: Date? = choices.flip() ? nil : entries.first?.date
    for moment in [nil, now] {
        let findings = TimelineLinter().lint(timeline, now: moment) { $0["display"]?.stringValue }
        for finding in findings {
            if let entry = finding.entry {
                fuzzCheck(
                    entries.indices.contains(entry),
                    "finding \(finding.rule) names entry \(entry) of \(entries.count)")
            }
        }
        if entries.isEmpty {
            fuzzCheck(
                findings.map(\.rule) == ["empty-timeline"], "an empty timeline: \(findings.map(\.rule))")
        }
        _ = LintCommand.text(findings, source: "standard input")
        fuzzCheck((try? JSONCoding.encoder(pretty: true).encode(findings)) != nil, "findings do not encode")
    }
    if let encoded = try? JSONCoding.encoder().encode(timeline) {
        do {
            let decoded = try JSONCoding.decode(PlannedTimeline<JSONValue>.self, from: encoded)
            fuzzCheck(
                decoded.policy == timeline.policy && decoded.entries.count == entries.count
                    && zip(decoded.entries, entries).allSatisfy {
                        $0.date == $1.date && $0.relevance == $1.relevance
                            && $0.state.isEquivalent(to: $1.state)
                    },
                "a timeline re-encodes as another timeline")
        } catch {
            fuzzCheck(false, "a timeline's own JSON does not decode: \(error)")
        }
    }
    return now
}
