import Foundation
import Testing

/// The README's `Package.swift` snippet agrees with this package's own manifest and changelog, so
/// what it tells a user to write resolves to what exists.
@Suite("The README's Package.swift snippet matches the package")
struct ReadmePackageTests {
    static func file(_ path: String) throws -> String {
        try String(contentsOf: CLIHarness.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The Swift block under "Add it to a package".
    static func snippet() throws -> String {
        let readme = try file("README.md")
        let section = try #require(readme.range(of: "## Add it to a package"))
        let start = try #require(readme.range(of: "```swift\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        return String(readme[start.upperBound..<end.lowerBound])
    }

    /// Every `"…"` after `marker` in `text`: `.library(name: "X"` → X.
    static func names(after marker: String, in text: String) -> Set<String> {
        Set(
            text.components(separatedBy: marker).dropFirst().map { String($0.prefix { $0 != "\"" }) })
    }

    /// What the README's code uses from each product: a name only that product declares.
    static let usedByExamples: [(product: String, name: String)] = [
        ("WidgetTimeline", "import WidgetTimeline\n"), ("WidgetTimeline", "TimelinePlanner("),
        ("WidgetTimelineWidgetKit", "PlanningTimelineProvider("),
        ("WidgetTimelineWidgetKit", "SharedContainer("),
        ("WidgetTimelineExamples", "TaskCountWidget()"),
        ("WidgetTimelineSimulation", "Simulation.run("),
    ]

    @Test(
        "the snippet depends on every product the README's examples use, and on nothing that does not exist")
    func products() throws {
        let manifest = try Self.file("Package.swift")
        let libraries = Self.names(after: ".library(name: \"", in: manifest)
        let snippet = try Self.snippet()
        let used = Self.names(after: ".product(name: \"", in: snippet)
        #expect(used.isSubset(of: libraries), "\(used.subtracting(libraries)) are not products")
        let readme = try Self.file("README.md")
        for (product, name) in Self.usedByExamples {
            #expect(readme.contains(name), "the README no longer uses \(name)")
            #expect(
                used.contains(product),
                "the README uses \(name) but the snippet does not depend on \(product)")
        }
        // Tests get the doubles; the section names every product, used or not.
        #expect(used.contains("WidgetTimelineTesting"))
        let section = try #require(
            readme.components(separatedBy: "## Add it to a package").last?
                .components(separatedBy: "\n## ").first)
        for library in libraries { #expect(section.contains("`\(library)`"), "\(library) is not mentioned") }
    }

    @Test("the snippet's platforms are the package's minimum platforms")
    func platforms() throws {
        let manifest = try Self.file("Package.swift")
        let line = try #require(manifest.split(separator: "\n").first { $0.contains("platforms: [") })
        let platforms = line.trimmingCharacters(in: .whitespaces)
        #expect(try Self.snippet().contains(platforms), "the README does not say \(platforms)")
        #expect(platforms == "platforms: [.iOS(.v17), .macOS(.v14), .watchOS(.v10)],")
        #expect(try Self.file("README.md").contains("iOS 17, macOS 14,\n  watchOS 10"))
    }

    @Test("the snippet pins the commit CHANGELOG.md records as the newest release")
    func revision() throws {
        let snippet = try Self.snippet()
        let pinned = try #require(Self.names(after: "revision: \"", in: snippet).first)
        #expect(pinned.count == 40 && pinned.allSatisfy(\.isHexDigit))
        let changelog = try Self.file("CHANGELOG.md")
        let release = try #require(changelog.range(of: "\n## [0.1.0] - "))
        let next = changelog.range(of: "\n## [", range: release.upperBound..<changelog.endIndex)
        let section = changelog[release.upperBound..<(next?.lowerBound ?? changelog.endIndex)]
        #expect(section.contains("`\(pinned)`"), "CHANGELOG's 0.1.0 does not name \(pinned)")
        // The dependency's identity is its URL's last component: what `package:` must say.
        let url = try #require(Self.names(after: "url: \"", in: snippet).first)
        let identity = String(url.split(separator: "/").last ?? "").replacingOccurrences(of: ".git", with: "")
        #expect(Self.names(after: "package: \"", in: snippet) == [identity])
    }
}
