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
//   `error: timeline on standard input is not valid: …` line and nothing on standard output.
import Foundation
import FuzzSupport

@testable import WidgetTimeline
@testable import WidgetTimelineCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTimelineLint(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    var choices = FuzzChoices(bytes)
    lint(Data(bytes), choices: &choices)
    // The input again with one number pushed to an edge (see `replacingNumber`).
    if let tree = try? JSONParser.parse(bytes), tree.numberCount > 0 {
        let replaced = tree.replacingNumber(
            at: choices.next(tree.numberCount), with: choices.pick(JSONValue.extremeNumbers))
        lint(Data(CanonicalJSON.encode(replaced)), choices: &choices)
    }
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
    let output = CapturedText()
    let errors = CapturedText()
    let context = CommandContext(
        standardOutput: output, standardError: errors, readStandardInput: { data.prefix($0 + 1) },
        currentDirectory: URL(fileURLWithPath: "/nonexistent"), now: { Date(timeIntervalSince1970: 0) },
        environment: [:])
    let status = CommandLineTool.run(arguments, in: context)
    switch status {
    case .success, .problemFound:
        guard let timeline else {
            fuzzCheck(false, "lint accepted a timeline the decoder refuses")
            return
        }
        let hasError = TimelineLinter().lint(timeline, now: now.flatMap { Instant.parse(Instant.format($0)) })
        {
            $0["display"]?.stringValue
        }.contains { $0.severity == .error }
        fuzzCheck(
            hasError == (status == .problemFound), "lint: exit \(status.rawValue) disagrees with the findings"
        )
        fuzzCheck(!output.text.isEmpty && errors.text.isEmpty, "lint: no report, or errors with a report")
    case .badData:
        fuzzCheck(timeline == nil, "lint refused a timeline the decoder accepts")
        fuzzCheck(output.text.isEmpty, "lint: output on failure")
        fuzzCheck(
            errors.text.hasPrefix("error: timeline on standard input is not valid: ")
                && errors.text.dropLast().split(separator: "\n", omittingEmptySubsequences: false).count == 1,
            "lint: not one clear error line: \(errors.text)")
    default:
        fuzzCheck(false, "lint: exit \(status.rawValue): \(errors.text)")
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
