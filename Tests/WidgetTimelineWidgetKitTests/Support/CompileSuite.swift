import Foundation
import Testing
import WidgetTimelineTesting

/// The fixture package in `Tests/StandInCompileSuite`, built once per test run: its good targets by
/// SwiftPM, and the stand-in and its facades a second time with `swiftc` under the watchOS check,
/// for the single files that are type-checked against either.
///
/// Everything goes to `.build/standin-compile-suite` in this package, so a clean clone builds it
/// from scratch and later runs are incremental.
struct CompileSuite: Sendable {
    /// The platform a checked file is type-checked for.
    enum Platform: String, Sendable {
        case iOS
        case watchOS
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fixtureRoot = packageRoot.appendingPathComponent("Tests/StandInCompileSuite")
    static let scratch = packageRoot.appendingPathComponent(".build/standin-compile-suite")

    /// The suite needs the stand-in, which is empty on Apple platforms.
    static var isSupported: Bool {
        #if canImport(Darwin)
            false
        #else
            true
        #endif
    }

    /// The suite, built on first use; every test waits for the same build.
    static let shared: Result<CompileSuite, SuiteBuildFailure> = Result { () throws(SuiteBuildFailure) in
        try CompileSuite.build()
    }

    /// Where the iOS-mode modules are (SwiftPM's build of the fixture).
    let iOSModules: URL
    /// Where the watchOS-mode stand-in and facades are.
    let watchOSModules: URL

    /// A build step that failed, with what it printed.
    struct SuiteBuildFailure: Error, CustomStringConvertible {
        let step: String
        let transcript: String
        var description: String { "\(step) failed:\n\(transcript)" }
    }

    private static func build() throws(SuiteBuildFailure) -> CompileSuite {
        try step(
            "swift build of the compile suite",
            "swift", ["build", "--package-path", fixtureRoot.path, "--scratch-path", scratch.path])
        let watchOS = scratch.appendingPathComponent("watchos-modules")
        try? FileManager.default.createDirectory(at: watchOS, withIntermediateDirectories: true)
        let standIn = fixtureRoot.appendingPathComponent("Sources/WidgetKitStandIn").resolvingSymlinksInPath()
        let standInFiles =
            FileManager.default.enumerator(atPath: standIn.path)?
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            .map { standIn.appendingPathComponent($0).path } ?? []
        let facades = ["WidgetKit", "SwiftUI", "AppIntents"]
        let facadeSources = facades.map {
            fixtureRoot.appendingPathComponent("Sources/\($0)/\($0).swift").path
        }
        let modules = (["WidgetKitStandIn"] + facades).map {
            watchOS.appendingPathComponent("\($0).swiftmodule").path
        }
        // Rebuilt only when a source is newer than the last build's stamp (swiftc keeps a module's
        // date when its content is unchanged): about 4 s saved on most runs.
        let stamp = watchOS.appendingPathComponent("built.stamp")
        if !isUpToDate(stamp.path, from: standInFiles + facadeSources)
            || !modules.allSatisfy(FileManager.default.fileExists(atPath:))
        {
            try? FileManager.default.removeItem(at: stamp)
            // The same flags as the fixture's stand-in target, plus the watchOS check.
            try step(
                "the watchOS stand-in",
                "swiftc",
                [
                    "-emit-module", "-module-name", "WidgetKitStandIn", "-swift-version", "5",
                    "-enable-library-evolution", "-suppress-warnings", "-D", "WIDGETKIT_STANDIN_WATCHOS",
                    "-emit-module-path", modules[0],
                ] + standInFiles)
            for (index, facade) in facades.enumerated() {
                try step(
                    "the watchOS \(facade) facade",
                    "swiftc",
                    [
                        "-emit-module", "-module-name", facade, "-I", watchOS.path,
                        "-emit-module-path", modules[index + 1], facadeSources[index],
                    ])
            }
            try? Data().write(to: stamp)
        }
        return CompileSuite(
            iOSModules: scratch.appendingPathComponent("debug/Modules"), watchOSModules: watchOS)
    }

    /// Whether `stamp` exists and was written after every file of `sources`.
    private static func isUpToDate(_ stamp: String, from sources: [String]) -> Bool {
        func modified(_ path: String) -> Date? {
            (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        }
        guard let built = modified(stamp) else { return false }
        return sources.allSatisfy { (modified($0) ?? .distantFuture) < built }
    }

    private static func step(_ name: String, _ command: String, _ arguments: [String])
        throws(SuiteBuildFailure)
    {
        let result: ProcessOutput
        do {
            result = try ChildProcess.run(command, arguments)
        } catch {
            throw SuiteBuildFailure(step: name, transcript: "could not start \(command): \(error)")
        }
        guard result.status == 0 else { throw SuiteBuildFailure(step: name, transcript: result.transcript) }
    }

    /// Type-checks `files` for `platform` in the Swift `languageMode`, against the suite's modules and
    /// any `extraModules` after them.
    func typecheck(_ files: [URL], for platform: Platform, languageMode: Int, extraModules: [URL] = [])
        throws -> TypeCheckResult
    {
        let modules = [platform == .iOS ? iOSModules : watchOSModules] + extraModules
        let result = try ChildProcess.run(
            "swiftc",
            ["-typecheck", "-swift-version", "\(languageMode)"] + modules.flatMap { ["-I", $0.path] }
                + files.map(\.path))
        return TypeCheckResult(status: result.status, transcript: result.transcript)
    }
}

/// What the compiler said about a type-check.
struct TypeCheckResult {
    let status: Int32
    let transcript: String

    /// The `error:` and `warning:` messages, without file, line and column.
    func messages(_ severity: String) -> [String] {
        transcript.split(separator: "\n").compactMap { line -> String? in
            guard !line.hasPrefix(" "), let range = line.range(of: ": \(severity): ") else { return nil }
            return String(line[range.upperBound...])
        }
    }
}

/// A single file of the suite with its expectations, read from its header:
///
/// ```swift
/// // platform: watchOS
/// // language-mode: 6
/// // expect: error: 'systemLarge' is unavailable
/// ```
struct CheckedFile: Sendable, CustomTestStringConvertible {
    let url: URL
    /// `nil` when the header has no (or no known) `platform:` line.
    let platform: CompileSuite.Platform?
    /// `nil` when the header has no `language-mode:` line.
    let languageMode: Int?
    let expectedErrors: [String]
    let expectedWarnings: [String]

    var testDescription: String { url.lastPathComponent }

    /// The files of `directory` (relative to the suite), sorted by name.
    static func all(in directory: String) -> [CheckedFile] {
        let folder = CompileSuite.fixtureRoot.appendingPathComponent(directory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map {
            CheckedFile(url: folder.appendingPathComponent($0))
        }
    }

    init(url: URL) {
        self.url = url
        let header = ((try? String(contentsOf: url, encoding: .utf8)) ?? "")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { $0.hasPrefix("//") }
            .map { $0.dropFirst(2).trimmingCharacters(in: .whitespaces) }
        func values(_ key: String) -> [String] {
            header.filter { $0.hasPrefix(key) }.map { String($0.dropFirst(key.count)) }
        }
        platform = values("platform: ").first.flatMap(CompileSuite.Platform.init(rawValue:))
        languageMode = values("language-mode: ").first.flatMap { Int($0) }
        expectedErrors = values("expect: error: ")
        expectedWarnings = values("expect: warning: ")
    }
}
