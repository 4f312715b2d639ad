import Foundation
import Testing
import WidgetTimelineCLI

/// Every help page, the version, and the "did you mean" of every kind of typo, against golden
/// files in `Snapshots/` (re-recorded with `WIDGET_TIMELINE_RECORD=1`).
@Suite("Help pages, the version and did-you-mean")
struct HelpTests {
    /// Every command's name, from the registry: a new command without a golden help page fails.
    static let commandNames = CommandRegistry.commands.map { $0.spec.name }

    @Test("every command's help page, by 'help <command>' and '<command> --help'", arguments: commandNames)
    func commandHelp(name: String) {
        let words = name.split(separator: " ").map(String.init)
        let viaHelp = CLIHarness.run(["help"] + words)
        let viaFlag = CLIHarness.run(words + ["--help"])
        #expect(viaHelp.exitCode == .success && viaFlag.exitCode == .success)
        #expect(viaHelp.standardError.isEmpty && viaFlag.standardError.isEmpty)
        #expect(viaFlag.standardOutput == viaHelp.standardOutput)
        #expect(viaHelp.standardOutput.hasPrefix("OVERVIEW: "))
        CLIHarness.expectGolden(viaHelp.standardOutput, "help-\(words.joined(separator: "-")).txt")
    }

    @Test(
        "the overview lists every command and the program's own options",
        arguments: [[], ["help"], ["--help"], ["-h"]])
    func overview(arguments: [String]) {
        let result = CLIHarness.run(arguments)
        #expect(result.exitCode == .success)
        #expect(result.standardError.isEmpty)
        CLIHarness.expectGolden(result.standardOutput, "help.txt")
        for name in Self.commandNames {
            #expect(result.standardOutput.contains("  \(name)  "), "\(name) is not listed")
        }
        #expect(result.standardOutput.contains("OPTIONS:\n  --version "))
    }

    @Test(
        "a command group's page has an overview and lists its subcommands",
        arguments: CommandRegistry.groups.map { $0.name })
    func group(name: String) {
        let viaHelp = CLIHarness.run(["help", name])
        let viaFlag = CLIHarness.run([name, "--help"])
        #expect(viaHelp.exitCode == .success)
        #expect(viaFlag.standardOutput == viaHelp.standardOutput)
        let overview = CommandRegistry.groups.first { $0.name == name }?.overview ?? "?"
        #expect(viaHelp.standardOutput.replacingOccurrences(of: "\n", with: " ").contains(overview))
        CLIHarness.expectGolden(viaHelp.standardOutput, "help-\(name).txt")
    }

    @Test(
        "-h and --help ask for help where an option or a positional stands, even among bad options",
        arguments: [
            ["store", "read", "--dir", "x", "-h"],
            ["store", "read", "-h", "--dir", "x"],
            ["store", "read", "--dir=x", "--help"],
            ["store", "read", "--dir", "x", "--key", "k", "--no-such-option", "-h"],
            ["store", "read", "--dir", "x", "--key", "--help"],
            ["simulate", "scenario.json", "--devices", "2", "-h"],
        ])
    func helpWherever(arguments: [String]) {
        let result = CLIHarness.run(arguments)
        #expect(result.exitCode == .success)
        let command = arguments.prefix(arguments[0] == "store" ? 2 : 1)
        #expect(result.standardOutput == CLIHarness.run(["help"] + command).standardOutput)
        #expect(result.standardError.isEmpty)
    }

    /// An option's value may start with a single `-`; `-h` there is a value like any other, so it
    /// fails or succeeds exactly as `-x` does in its place.
    @Test(
        "-h as an option's value, or after --, is a value: it does as -x does there",
        arguments: [
            ["store", "read", "--dir", "x", "--key", "-h"],
            ["store", "write", "--dir", "x", "--key", "k", "--widget", "-h"],
            ["simulate", "--", "-h"],
        ])
    func helpAsValue(arguments: [String]) {
        let asHelp = CLIHarness.run(arguments)
        let asOther = CLIHarness.run(arguments.map { $0 == "-h" ? "-x" : $0 })
        #expect(asHelp.exitCode != .success)
        #expect(asHelp.exitCode == asOther.exitCode)
        #expect(asHelp.standardOutput.isEmpty)
        #expect(asHelp.standardError == asOther.standardError.replacingOccurrences(of: "-x", with: "-h"))
    }

    @Test("every help page fits in 100 columns")
    func width() {
        for arguments in [["help"]] + Self.commandNames.map({ ["help", $0] }) {
            let page = CLIHarness.run(arguments).standardOutput
            for line in page.split(separator: "\n") {
                #expect(line.count <= 100, "\(arguments.joined(separator: " ")): \(line)")
            }
        }
    }

    @Test("--version prints the newest release in CHANGELOG.md")
    func version() throws {
        let changelog = try String(
            contentsOf: CLIHarness.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let release = try #require(
            changelog.split(separator: "\n").first {
                $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]")
            })
        let number = release.dropFirst(4).prefix { $0 != "]" }
        let result = CLIHarness.run(["--version"])
        #expect(result.exitCode == .success)
        #expect(result.standardOutput == "\(number)\n")
        #expect(CLIHarness.run(["help"]).standardOutput.contains("(\(number))"))
    }

    /// Typos of every kind, and words too far from anything to guess.
    static let typos: [[String]] = [
        ["simulte"], ["Demo"], ["stroe"], ["store", "wrte"], ["help", "simulte"], ["help", "store", "lst"],
        ["--verison"], ["frobnicate"],
        ["simulate", "--strateg", "library"], ["simulate", "--dev", "3"], ["demo", "-report", "r.html"],
        ["lint", "-", "--formt", "json"],
        ["simulate", "--strategy", "libary"], ["simulate", "--strategy", "reload-frist"],
        ["simulate", "--strategy", "single-entry-15m"], ["simulate", "--strategy", "fastest"],
        ["simulate", "--format", "jsno"], ["simulate", "--format", "html"],
        [
            "build", "--widget=parkng", "--snapshot", "-", "--now", "2026-11-29T09:00:00+09:00",
            "--time-zone", "UTC",
        ],
        [
            "build", "--widget", "weather", "--snapshot", "-", "--now", "2026-11-29T09:00:00+09:00",
            "--time-zone", "UTC",
        ],
    ]

    @Test("a typo gets 'did you mean' with the closest known word, exit 64 and nothing on standard output")
    func didYouMean() {
        var transcript = ""
        for arguments in Self.typos {
            let result = CLIHarness.run(arguments)
            #expect(result.exitCode == .usage, "\(arguments)")
            #expect(result.standardOutput.isEmpty, "\(arguments)")
            transcript += "$ widget-timeline \(arguments.joined(separator: " "))\n\(result.standardError)\n"
        }
        CLIHarness.expectGolden(transcript, "did-you-mean.txt")
    }
}
