import Foundation
import Testing
import WidgetTimelineCLI

/// The README quotes `demo`'s output; these numbers come from `demo`, never from a keyboard.
@Suite("The README's demo excerpt is what demo prints")
struct ReadmeDemoTests {
    @Test("every line between the README's demo-output markers appears in demo's output")
    func excerptMatches() throws {
        let readme = try String(
            contentsOf: CLIHarness.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- demo-output:start -->"))
        let end = try #require(readme.range(of: "<!-- demo-output:end -->"))
        let excerpt = readme[start.upperBound..<end.lowerBound].split(
            separator: "\n", omittingEmptySubsequences: true
        )
        .filter { !$0.hasPrefix("```") }
        #expect(excerpt.count >= 8)

        let report = FileManager.default.temporaryDirectory.appendingPathComponent(
            "readme-demo-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: report) }
        let result = CLIHarness.run(["demo", "--report", report.path])
        #expect(result.exitCode == .success, "\(result.standardError)")
        let lines = Set(result.standardOutput.split(separator: "\n").map(String.init))
        for line in excerpt {
            #expect(lines.contains(String(line)), "README line not in demo's output: \(line)")
        }
    }
}
