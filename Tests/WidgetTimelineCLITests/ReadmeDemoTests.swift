import Foundation
import Testing
import WidgetTimelineCLI

/// The README quotes `demo`'s output; these numbers come from `demo`, never from a keyboard.
@Suite("The README's demo excerpt is what demo prints")
struct ReadmeDemoTests {
    @Test("the README's demo block is demo's output, with '…' only where the README says lines are left out")
    func excerptMatches() throws {
        let readme = try String(
            contentsOf: CLIHarness.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- demo-output:start -->"))
        let end = try #require(readme.range(of: "<!-- demo-output:end -->"))
        let block = readme[start.upperBound..<end.lowerBound].split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map(String.init).filter { !$0.hasPrefix("```") }.drop { $0.isEmpty }
        // Runs of lines quoted whole, separated by the lines left out.
        let runs = block.split(separator: "…", omittingEmptySubsequences: false).map {
            Array($0.reversed().drop { $0.isEmpty }.reversed())
        }
        #expect(runs.joined().count >= 10)
        if runs.count > 1 {
            #expect(readme.contains("with `…` where"), "the README must say that '…' marks left-out lines")
        }

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "readme-demo-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Run where the README's reader would, so the report line is the default one.
        let result = CLIHarness.run(["demo"], directory: directory)
        #expect(result.exitCode == .success, "\(result.standardError)")
        let output = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)

        // Each run appears whole, in order, after the previous one; the first at the start and the
        // last at the end, so nothing is cut from either end without a '…'.
        var position = 0
        for (index, run) in runs.enumerated() {
            let found = (position...max(position, output.count - run.count)).first { start in
                start + run.count <= output.count && Array(output[start..<start + run.count]) == run
            }
            guard let found else {
                Issue.record(
                    "README lines not in demo's output, in this order: \(run.joined(separator: "\n"))")
                return
            }
            if index == 0 {
                #expect(found == 0, "the README's block does not start where demo's output does")
            }
            position = found + run.count
        }
        let after = output[position...].filter { !$0.isEmpty }
        #expect(after.isEmpty, "demo prints more after the README's block: \(after.prefix(3))")
    }
}
