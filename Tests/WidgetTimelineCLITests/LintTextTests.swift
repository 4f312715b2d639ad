import Foundation
import Testing
import WidgetTimelineCLI

/// `lint`'s text form: one finding a line, its place in a column of its own.
@Suite("lint's text: each finding's place stays apart from its rule")
struct LintTextTests {
    // Before: "entry 1000" filled the 10-character column, so the line read
    // "warning  entry 1000entries-too-close: …".
    @Test("entries from 1000 on keep a space between the place and the rule")
    func fourDigitEntries() throws {
        let formatter = ISO8601DateFormatter()
        let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
        let entries = (0..<1002).map { index in
            let date = formatter.string(from: start.addingTimeInterval(Double(index) * 60))
            return #"{ "date": "\#(date)", "state": { "display": "noData" }, "relevance": null }"#
        }
        let timeline =
            #"{ "entries": [ \#(entries.joined(separator: ", ")) ], "policy": { "type": "atEnd" } }"#
        let result = CLIHarness.run(["lint", "-"], stdin: Data(timeline.utf8))
        #expect(result.exitCode == .problemFound, "\(result.standardError)")
        let findings = result.standardOutput.split(separator: "\n").dropFirst()
        #expect(findings.contains { $0.contains(" entry 1001 ") })
        for line in findings {
            // severity, then "timeline" or "entry N", then the rule with its colon.
            let words = line.split(separator: " ")
            let rule = words[1] == "entry" ? 3 : 2
            #expect(words.count > rule, "\(line)")
            if words[1] == "entry" { #expect(words[2].allSatisfy { $0.isNumber }, "\(line)") }
            #expect(
                words[rule].hasSuffix(":")
                    && words[rule].allSatisfy { $0.isLetter || $0 == "-" || $0 == ":" }, "\(line)")
        }
    }
}
