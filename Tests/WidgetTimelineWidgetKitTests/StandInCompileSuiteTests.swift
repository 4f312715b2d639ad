import Foundation
import Testing

/// The stand-in against code written the way apps write it (`Tests/StandInCompileSuite`, README
/// there): the good files build, each must-not-compile file is refused for exactly its reason, and
/// the watchOS check catches what a watchOS build would.
@Suite(
    "WidgetKitStandIn: app-style widget code compiles, and what an Apple build refuses is refused",
    .enabled(if: CompileSuite.isSupported, "the stand-in is empty on Apple platforms"))
struct StandInCompileSuiteTests {
    @Test(
        "The provider and widget files build in the Swift 6 and Swift 5 modes, importing WidgetKit, SwiftUI, AppIntents"
    )
    func goodTargetsBuild() throws {
        let suite = try CompileSuite.shared.get()
        for module in ["Swift6Widgets", "Swift5Widgets", "WidgetKit", "SwiftUI", "AppIntents"] {
            let path = suite.iOSModules.appendingPathComponent("\(module).swiftmodule").path
            #expect(FileManager.default.fileExists(atPath: path), "\(module) was not built")
        }
    }

    @Test(
        "Each must-not-compile file is refused with exactly the errors its header names",
        arguments: CheckedFile.all(in: "MustNotCompile"))
    func refused(file: CheckedFile) throws {
        let platform = try #require(file.platform, "\(file.url.lastPathComponent) names no platform")
        let mode = try #require(file.languageMode, "\(file.url.lastPathComponent) names no language mode")
        try #require(!file.expectedErrors.isEmpty, "\(file.url.lastPathComponent) expects no error")

        let result = try CompileSuite.shared.get().typecheck([file.url], for: platform, languageMode: mode)

        #expect(result.status != 0, "\(result.transcript)")
        let errors = result.messages("error")
        for expected in file.expectedErrors {
            #expect(
                errors.contains { $0.contains(expected) },
                "missing error \"\(expected)\" in:\n\(result.transcript)")
        }
        for error in errors {
            #expect(file.expectedErrors.contains { error.contains($0) }, "unexpected error: \(error)")
        }
    }

    @Test(
        "Each must-compile file type-checks, with the warnings its header names",
        arguments: CheckedFile.all(in: "MustCompile"))
    func accepted(file: CheckedFile) throws {
        let platform = try #require(file.platform, "\(file.url.lastPathComponent) names no platform")
        let mode = try #require(file.languageMode, "\(file.url.lastPathComponent) names no language mode")
        #expect(file.expectedErrors.isEmpty, "a must-compile file cannot expect errors")

        let result = try CompileSuite.shared.get().typecheck([file.url], for: platform, languageMode: mode)

        #expect(result.status == 0, "\(result.transcript)")
        let warnings = result.messages("warning")
        for expected in file.expectedWarnings {
            #expect(
                warnings.contains { $0.contains(expected) },
                "missing warning \"\(expected)\" in:\n\(result.transcript)")
        }
    }

    @Test("The suite has the cases it claims: a dozen good files, each refusal named in the issue")
    func inventory() {
        let good = ["Swift6Widgets", "Swift5Widgets"].flatMap { target in
            (try? FileManager.default.contentsOfDirectory(
                atPath: CompileSuite.fixtureRoot.appendingPathComponent("Sources/\(target)").path)) ?? []
        }
        #expect(good.filter { $0.hasSuffix(".swift") }.count >= 12)
        let refused = Set(CheckedFile.all(in: "MustNotCompile").map(\.url.lastPathComponent))
        for name in [
            "SwitchOverTwoFamilies.swift", "SystemLargeOnWatchOS.swift",
            "NonSendableCaptureInCompletion.swift",
            "MissingRecommendationsOnWatchOS.swift",
        ] {
            #expect(refused.contains(name), "\(name) is missing")
        }
    }

    /// The package's own adapter under the watchOS check: it builds for watchOS, which
    /// `Package.swift` declares, because `PlanningAppIntentTimelineProvider` implements
    /// `recommendations()` (WidgetKit's default is unavailable there).
    @Test("The adapter type-checks under the watchOS check, with no error")
    func adapterUnderWatchOS() throws {
        let result = try typecheckAdapter(for: .watchOS)
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.messages("error").isEmpty, "\(result.transcript)")
    }

    @Test("The adapter type-checks under the iOS check, with no error")
    func adapterUnderIOS() throws {
        let result = try typecheckAdapter(for: .iOS)
        #expect(result.status == 0, "\(result.transcript)")
    }

    /// The check is not vacuous: the same adapter with `recommendations()` taken out is refused
    /// under the watchOS check for exactly that, and still accepted under the iOS one.
    @Test("Without its recommendations(), the adapter is refused for watchOS and accepted for iOS")
    func adapterWithoutRecommendations() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
            "adapter-without-recommendations-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: Self.adapterDirectory, to: copy)
        let provider = copy.appendingPathComponent("Provider/PlanningAppIntentTimelineProvider.swift")
        let source = try String(contentsOf: provider, encoding: .utf8)
        let implementation =
            "    public func recommendations() -> [AppIntentRecommendation<Intent>] { recommended() }\n"
        try #require(source.contains(implementation), "the implementation moved; update this test")
        try source.replacingOccurrences(of: implementation, with: "").write(
            to: provider, atomically: true, encoding: .utf8)

        let watchOS = try typecheckAdapter(for: .watchOS, in: copy)
        #expect(watchOS.status != 0)
        let errors = watchOS.messages("error")
        #expect(errors.contains { $0.contains("does not conform to protocol 'AppIntentTimelineProvider'") })
        #expect(errors.contains { $0.contains("recommendations()") })
        #expect(
            errors.allSatisfy { $0.contains("AppIntentTimelineProvider") || $0.contains("recommendations()") }
        )
        #expect(try typecheckAdapter(for: .iOS, in: copy).status == 0)
    }

    static let adapterDirectory = CompileSuite.packageRoot.appendingPathComponent(
        "Sources/WidgetTimelineWidgetKit")

    /// Type-checks every Swift file under `directory` (the adapter by default) for `platform`,
    /// against the core module of this very test run, built by SwiftPM beside the test bundle.
    private func typecheckAdapter(for platform: CompileSuite.Platform, in directory: URL = adapterDirectory)
        throws -> TypeCheckResult
    {
        let suite = try CompileSuite.shared.get()
        let files =
            (FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted().map { directory.appendingPathComponent($0) }
        try #require(files.count > 10)
        return try suite.typecheck(
            files, for: platform, languageMode: 6, extraModules: [Self.thisBuildsModules])
    }

    /// `.build/<triple>/debug/Modules` of the running test: the test executable sits in
    /// `.build/<triple>/debug`.
    static var thisBuildsModules: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("Modules")
    }
}
