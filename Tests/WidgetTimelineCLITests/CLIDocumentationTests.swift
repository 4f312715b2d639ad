import Foundation
import Testing
import WidgetTimelineCLI
import WidgetTimelineSimulation

/// `docs/cli.md` says it covers every command and option: checked against the help pages, so a
/// new command or option without documentation fails here.
@Suite("docs/cli.md covers every command and option in the help")
struct CLIDocumentationTests {
    static let document: String = {
        let url = CLIHarness.packageRoot.appendingPathComponent("docs/cli.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The text under `## \`name\``, up to the next `## ` heading.
    static func section(_ name: String) -> String? {
        guard let heading = document.range(of: "\n## `\(name)`\n") else { return nil }
        let rest = document[heading.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    /// The `--option`s and `<argument>`s a help page lists under ARGUMENTS and OPTIONS.
    static func listed(in page: String) -> [String] {
        page.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  -") || line.hasPrefix("  <") else { return nil }
            let entry = line.dropFirst(2).prefix { $0 != " " }
            return entry.hasSuffix(",") ? String(entry.dropLast()) : String(entry)
        }
    }

    @Test(
        "each command has a section naming every argument and option its help lists",
        arguments: CommandRegistry.commands.map { $0.spec.name })
    func command(name: String) throws {
        let section = try #require(Self.section(name), "docs/cli.md has no section ## `\(name)`")
        let page = CLIHarness.run(["help"] + name.split(separator: " ").map(String.init)).standardOutput
        let entries = Self.listed(in: page).filter { $0 != "-h" && $0 != "--help" }
        #expect(!entries.isEmpty || page.contains("OPTIONS:"))
        for entry in entries {
            #expect(section.contains(entry), "the section on '\(name)' does not mention \(entry)")
        }
    }

    @Test("the program's own options, from the overview's help, are documented before the commands")
    func programOptions() throws {
        let page = CLIHarness.run(["help"]).standardOutput
        let firstSection = try #require(Self.document.range(of: "\n## `"))
        let introduction = Self.document[..<firstSection.lowerBound]
        let entries = Self.listed(in: page.components(separatedBy: "OPTIONS:").last ?? "")
        #expect(entries.contains("--version"))
        for entry in entries {
            #expect(
                introduction.contains("`\(entry)`"), "docs/cli.md's introduction does not mention \(entry)")
        }
    }

    @Test("every command section in docs/cli.md is a command or a command group")
    func noStaleSections() {
        let known = Set(
            CommandRegistry.commands.map { $0.spec.name } + CommandRegistry.groups.map { $0.name })
        for line in Self.document.split(separator: "\n") where line.hasPrefix("## `") {
            let name = line.dropFirst(4).prefix { $0 != "`" }
            #expect(known.contains(String(name)), "docs/cli.md documents '\(name)', which is not a command")
        }
    }

    @Test("every strategy name is in docs/cli.md's strategy table")
    func strategies() throws {
        let section = try #require(Self.section("simulate"))
        let page = CLIHarness.run(["help", "simulate"]).standardOutput
        let line = try #require(page.range(of: "repeatable: "))
        let names = page[line.upperBound...].prefix { $0 != "(" }
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(names.count == StrategyName.allCases.count)
        for name in names { #expect(section.contains("| `\(name)` |"), "\(name)") }
    }

    @Test("the strategy table begins with the six `demo` runs, which is what `demo` and `simulate` say")
    func demoStrategies() throws {
        let section = try #require(Self.section("simulate"))
        let rows = section.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `"), !line.hasPrefix("| `--") else { return nil }
            return String(line.dropFirst(3).prefix { $0 != "`" })
        }
        #expect(Array(rows.prefix(StrategyName.demo.count)) == StrategyName.demo.map(\.rawValue))
        #expect(section.contains("default the first six below"))
        #expect(try #require(Self.section("demo")).contains("the first six\nstrategies of `simulate`"))
        #expect(StrategyName.demo.count == 6)
    }
}
