import Foundation
import Testing

@Suite("WidgetKitStandIn: every declaration cites the Apple page it was copied from")
struct StandInCitationTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `Scripts/list-standin-citations.sh` with `arguments`.
    static func listCitations(_ arguments: [String] = []) throws -> (
        status: Int32, output: String, errors: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments =
            [packageRoot.appendingPathComponent("Scripts/list-standin-citations.sh").path] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: out, as: UTF8.self),
            String(decoding: err, as: UTF8.self)
        )
    }

    @Test("The listing succeeds and names a developer.apple.com page for each declaration")
    func everyDeclarationIsCited() throws {
        let result = try Self.listCitations()

        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n")
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
        #expect(result.errors.contains("missing citation"))
        #expect(result.errors.contains("public func reloadEverything()"))
        #expect(result.output.contains("public class WidgetCenter"))
    }
}
