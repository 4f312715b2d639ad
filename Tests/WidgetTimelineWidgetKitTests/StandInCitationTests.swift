import Foundation
import Testing
import WidgetTimelineTesting

@Suite("WidgetKitStandIn: every declaration cites the Apple page it was copied from")
struct StandInCitationTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `Scripts/list-standin-citations.sh` with `arguments`.
    static func listCitations(_ arguments: [String] = []) throws -> ProcessOutput {
        try ChildProcess.run(
            "bash", [packageRoot.appendingPathComponent("Scripts/list-standin-citations.sh").path] + arguments
        )
    }

    @Test("The listing succeeds and names a developer.apple.com page for each declaration")
    func everyDeclarationIsCited() throws {
        let result = try Self.listCitations()

        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count >= 100)
        for line in lines {
            let fields = line.split(separator: "\t")
            #expect(fields.count == 3, "\(line)")
            #expect(fields.last?.hasPrefix("https://developer.apple.com/documentation/") == true, "\(line)")
        }
        // The declarations the adapter leans on are all there.
        for declaration in [
            "public protocol TimelineProvider", "public protocol AppIntentTimelineProvider",
            "public struct TimelineEntryRelevance", "public func reloadTimelines(ofKind kind: String)",
            "public func containerURL(forSecurityApplicationGroupIdentifier",
            "func recommendations() -> [AppIntentRecommendation<Self.Intent>]",
            "public let family: WidgetFamily", "public let displaySize: CGSize", "case accessoryCorner",
            "public protocol WidgetPushHandler", "public func pushHandler(", "public class ControlCenter",
            "public protocol ControlPushHandler", "@MainActor @preconcurrency init()",
            "public func promptsForUserConfiguration()",
        ] {
            #expect(lines.contains { $0.contains(declaration) }, "\(declaration) is not listed")
        }
    }

    @Test("A declaration without a page makes the listing fail and names it")
    func uncitedDeclarationFails() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "standin-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
        /// Cited.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetcenter
        public class WidgetCenter {
            /// Not cited.
            public func reloadEverything() {}
        }
        """.write(to: directory.appendingPathComponent("Uncited.swift"), atomically: true, encoding: .utf8)

        let result = try Self.listCitations([directory.path])

        #expect(result.status == 1)
        #expect(result.standardError.contains("missing citation"))
        #expect(result.standardError.contains("public func reloadEverything()"))
        #expect(result.standardOutput.contains("public class WidgetCenter"))
    }

    @Test("The shipped package has no module named like an Apple framework, so none can shadow one")
    func noAppleModuleNames() throws {
        let manifest = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(
            pattern: #"\.(?:target|executableTarget|testTarget)\(\s*name: "([^"]+)""#)
        let names = pattern.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest))
            .compactMap {
                Range($0.range(at: 1), in: manifest).map { String(manifest[$0]) }
            }
        #expect(names.contains("WidgetKitStandIn"))
        #expect(names.count > 10, "\(names)")
        let apple: Set = [
            "WidgetKit", "SwiftUI", "SwiftUICore", "AppIntents", "Intents", "Foundation", "ActivityKit",
        ]
        #expect(Set(names).isDisjoint(with: apple), "\(names)")
    }
}
