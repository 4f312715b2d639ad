// swift-tools-version:6.0
import PackageDescription

/// Platforms without WidgetKit, where the adapter and the example app compile against
/// `WidgetKitStandIn` instead. On Apple platforms the stand-in is never linked (and compiles to an
/// empty module), so nothing can shadow the real frameworks.
let platformsWithoutWidgetKit: [Platform] = [.linux, .windows, .android]
let widgetKitStandIn = Target.Dependency.target(
    name: "WidgetKitStandIn", condition: .when(platforms: platformsWithoutWidgetKit))

let package = Package(
    name: "WidgetTimeline",
    platforms: [.iOS(.v17), .macOS(.v14), .watchOS(.v10)],
    products: [
        .library(name: "WidgetTimeline", targets: ["WidgetTimeline"]),
        .library(name: "WidgetTimelineExamples", targets: ["WidgetTimelineExamples"]),
        .library(name: "WidgetTimelineTesting", targets: ["WidgetTimelineTesting"]),
        .library(name: "WidgetTimelineSimulation", targets: ["WidgetTimelineSimulation"]),
        .library(name: "WidgetTimelineWidgetKit", targets: ["WidgetTimelineWidgetKit"]),
        .library(name: "WidgetTimelinePush", targets: ["WidgetTimelinePush"]),
        .executable(name: "widget-timeline", targets: ["widget-timeline"]),
    ],
    targets: [
        // The platform-neutral core: Foundation only.
        .target(name: "WidgetTimeline"),
        // The seed widgets: schedule, task count, parking, park conditions.
        .target(name: "WidgetTimelineExamples", dependencies: ["WidgetTimeline"]),
        // Test doubles shipped as a product, so apps test their widgets with the same tools.
        .target(name: "WidgetTimelineTesting", dependencies: ["WidgetTimeline"]),
        // The refresh-scheduling simulator: the system model, scenarios, strategies, metrics, reports.
        // Its push strategies' server plans with the real push planner.
        .target(name: "WidgetTimelineSimulation", dependencies: ["WidgetTimeline", "WidgetTimelinePush"]),
        // The server half of WidgetKit push: registrations, the token registry, the push planner and
        // APNs requests. Foundation only, so it runs on a Linux server.
        .target(name: "WidgetTimelinePush", dependencies: ["WidgetTimeline"]),
        // The WidgetKit adapter: TimelineProvider / AppIntentTimelineProvider conformances, the
        // WidgetCenter reloader, App Group resolution, the live clock and timer. Every file imports
        // WidgetKit where it exists and WidgetKitStandIn elsewhere, so Linux type-checks the exact
        // code that ships (docs/adopting.md, "How the adapter is gated").
        .target(
            name: "WidgetTimelineWidgetKit",
            dependencies: ["WidgetTimeline", "WidgetTimelinePush", widgetKitStandIn]),
        // Just the WidgetKit, SwiftUI and AppIntents API the adapter, the example app and typical
        // provider code use, each declaration with Apple's signature and the page it was copied from.
        // Empty on Apple platforms. Swift 5 mode, as Apple builds these frameworks (the SDK's
        // `-swift-version 5`), so concurrency checking sees the same declarations it would there.
        .target(
            name: "WidgetKitStandIn", exclude: ["README.md"], swiftSettings: [.swiftLanguageMode(.v5)]),
        // The example app and its widget extension, ready to drop into an Xcode project; built by
        // `swift build` (against the stand-in on Linux) so they cannot rot.
        .executableTarget(
            name: "ExampleWidgetExtension",
            dependencies: [
                "WidgetTimelineWidgetKit", "WidgetTimeline", "WidgetTimelineExamples", widgetKitStandIn,
            ],
            path: "Examples/WidgetApp/WidgetExtension"
        ),
        .executableTarget(
            name: "ExampleHostApp",
            dependencies: [
                "WidgetTimelineWidgetKit", "WidgetTimeline", "WidgetTimelineExamples", widgetKitStandIn,
            ],
            path: "Examples/WidgetApp/HostApp"
        ),
        // The command line, as a library so tests drive it in-process.
        .target(
            name: "WidgetTimelineCLI",
            dependencies: [
                "WidgetTimeline", "WidgetTimelineExamples", "WidgetTimelineSimulation", "WidgetTimelinePush",
            ]
        ),
        .executableTarget(name: "widget-timeline", dependencies: ["WidgetTimelineCLI"]),
        // Runs a program and reports its peak resident memory without inflating it (see its source),
        // for the resource-bound tests and the memory benchmark (Benchmarks/, a package of its own).
        .executableTarget(name: "peak-rss", path: "Tests/Helpers/peak-rss"),
        // The snapshot store's process-level torture helper: writers killed with SIGKILL, readers,
        // compare-and-swap writers. Run by the store's tests, never shipped.
        .executableTarget(
            name: "SnapshotStoreTorture", dependencies: ["WidgetTimeline", "WidgetTimelineTesting"],
            path: "Tests/Helpers/SnapshotStoreTorture"),
        // Plays the host app or the extension in process-level tests of the sync pipeline.
        .executableTarget(
            name: "WidgetPipelineProbe", dependencies: ["WidgetTimeline", "WidgetTimelineExamples"],
            path: "Tests/Helpers/WidgetPipelineProbe"),

        .testTarget(
            name: "WidgetTimelineTests",
            dependencies: ["WidgetTimeline", "WidgetTimelineTesting"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "WidgetTimelineTestingTests",
            dependencies: ["WidgetTimelineTesting", "WidgetTimeline"]
        ),
        .testTarget(
            name: "WidgetTimelineExamplesTests",
            dependencies: ["WidgetTimelineExamples", "WidgetTimeline", "WidgetTimelineTesting"]
        ),
        .testTarget(
            name: "WidgetTimelineSimulationTests",
            dependencies: [
                "WidgetTimelineSimulation", "WidgetTimeline", "WidgetTimelineExamples",
                "WidgetTimelineTesting",
            ]
        ),
        .testTarget(
            name: "WidgetTimelineWidgetKitTests",
            dependencies: [
                "WidgetTimelineWidgetKit", "WidgetTimeline", "WidgetTimelineTesting",
                "WidgetTimelineExamples", "WidgetTimelinePush",
                widgetKitStandIn,
            ]
        ),
        .testTarget(
            name: "WidgetAppExampleTests",
            dependencies: [
                "ExampleWidgetExtension", "ExampleHostApp", "WidgetTimelineWidgetKit", "WidgetTimeline",
                "WidgetTimelineTesting", "WidgetTimelineExamples", "WidgetTimelinePush", widgetKitStandIn,
            ]
        ),
        .testTarget(
            name: "WidgetTimelinePushTests",
            dependencies: ["WidgetTimelinePush", "WidgetTimeline", "WidgetTimelineTesting"]
        ),
        .testTarget(
            name: "WidgetTimelineCLITests",
            dependencies: [
                "WidgetTimelineCLI", "WidgetTimeline", "WidgetTimelineExamples", "WidgetTimelineTesting",
                "WidgetTimelineSimulation", "WidgetTimelinePush",
            ],
            exclude: ["Snapshots", "Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Upcoming language features, on for every target:
// - ExistentialAny (SE-0335): existential types are spelled `any P`.
//   https://github.com/swiftlang/swift-evolution/blob/main/proposals/0335-existential-any.md
// - MemberImportVisibility (SE-0444): a file sees members only of the modules it imports.
//   https://github.com/swiftlang/swift-evolution/blob/main/proposals/0444-member-import-visibility.md
// - InternalImportsByDefault (SE-0409): an import is internal unless marked `public import`, so a
//   module's public interface states which modules it exposes.
//   https://github.com/swiftlang/swift-evolution/blob/main/proposals/0409-access-level-on-imports.md
// The example app and its tests follow the Xcode project (Examples/WidgetApp/project.yml), which
// builds them without these features; the stand-in is written in Apple's Swift 5 interface style.
let targetsWithoutUpcomingFeatures: Set = [
    "WidgetKitStandIn", "ExampleWidgetExtension", "ExampleHostApp", "WidgetAppExampleTests",
]
for target in package.targets where !targetsWithoutUpcomingFeatures.contains(target.name) {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
