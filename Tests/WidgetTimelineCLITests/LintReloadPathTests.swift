import Foundation
import Testing
import WidgetTimelineCLI

/// `lint --reloaded-by`: the push-era checks of a `.never` timeline against what else reloads it.
@Suite("lint --reloaded-by: a .never widget needs the app or a push to reload it")
struct LintReloadPathTests {
    static let never = CLIHarness.fixtures.appendingPathComponent("never-timeline.json").path
    static let after = CLIHarness.fixtures.appendingPathComponent("bad-timeline.json").path

    private func rules(_ arguments: [String]) -> (ExitCode, [String]) {
        let result = CLIHarness.run(["lint"] + arguments + ["--format", "json"])
        let rules = result.standardOutput.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: #""rule" : ""#) else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
        return (result.exitCode, rules)
    }

    @Test(
        "Which paths make which findings",
        arguments: [
            ([], ExitCode.success, [String]()),
            (["--reloaded-by", "none"], .problemFound, ["never-without-reload-path"]),
            (["--reloaded-by", "intent"], .problemFound, ["never-without-reload-path"]),
            (["--reloaded-by", "app"], .success, []),
            (["--reloaded-by", "push"], .success, ["never-fresh-forever"]),
            (["--reloaded-by", "app,push"], .success, ["never-fresh-forever"]),
            (["--reloaded-by", "intent", "--reloaded-by", "app"], .success, []),
        ])
    func paths(options: [String], exit: ExitCode, added: [String]) {
        let (status, rules) = rules([Self.never] + options)
        #expect(status == exit)
        // The timeline's own findings come first, unchanged; the push-era ones follow.
        #expect(Array(rules.prefix(2)) == ["never-policy", "repeated-entry"])
        #expect(Array(rules.dropFirst(2)) == added)
    }

    @Test("A timeline with a reload date has no push-era finding, whatever reloads it")
    func afterPolicy() {
        let plain = rules([Self.after, "--now", "2026-11-29T09:00:00+09:00"])
        let none = rules([Self.after, "--now", "2026-11-29T09:00:00+09:00", "--reloaded-by", "none"])
        #expect(plain.1 == none.1)
        #expect(!plain.1.isEmpty)
    }

    @Test(
        "The text of both findings, and where the intent path leaves the widget",
        arguments: ["intent", "push"])
    func golden(path: String) {
        let result = CLIHarness.run(["lint", Self.never, "--reloaded-by", path])
        CLIHarness.expectGolden(
            result.standardOutput.replacingOccurrences(of: CLIHarness.fixtures.path + "/", with: ""),
            "lint-never-\(path).txt")
    }

    @Test(
        "An unknown or contradictory path is a usage error naming it",
        arguments: [
            (
                "pus",
                "error: --reloaded-by 'pus' must be one of: app, push, intent, none; did you mean 'push'?"
            ),
            ("none,app", "error: --reloaded-by 'none' cannot be combined with another path"),
            ("", "error: --reloaded-by '' must be one of: app, push, intent, none"),
        ])
    func refused(value: String, message: String) {
        let result = CLIHarness.run(["lint", Self.never, "--reloaded-by", value])
        #expect(result.exitCode == .usage)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
    }
}
