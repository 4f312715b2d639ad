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
        .target(
            name: "WidgetTimelineSimulation",
            dependencies: ["WidgetTimeline", "WidgetTimelineExamples"]
        ),
        // The WidgetKit adapter: TimelineProvider / AppIntentTimelineProvider conformances, the
        // WidgetCenter reloader, App Group resolution, the live clock and timer. Every file imports
        // WidgetKit where it exists and WidgetKitStandIn elsewhere, so Linux type-checks the exact
        // code that ships (docs/adopting.md, "How the adapter is gated").
        .target(name: "WidgetTimelineWidgetKit", dependencies: ["WidgetTimeline", widgetKitStandIn]),
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
            dependencies: ["WidgetTimeline", "WidgetTimelineExamples", "WidgetTimelineSimulation"]
        ),
        .executableTarget(name: "widget-timeline", dependencies: ["WidgetTimelineCLI"]),
        // Benchmarks with targets: `swift run -c release widget-timeline-bench [--json]`.
        .executableTarget(
            name: "widget-timeline-bench",
            dependencies: [
                "WidgetTimelineSimulation", "WidgetTimeline", "WidgetTimelineExamples",
                // Built with the benchmarks so the memory case can run them as child processes.
                "widget-timeline", "foundation-hello", "peak-rss",
            ],
            path: "Benchmarks/widget-timeline-bench"
        ),
        // The memory benchmark's baseline: a Foundation "hello world".
        .executableTarget(name: "foundation-hello", path: "Benchmarks/foundation-hello"),
        // Runs a program and reports its peak resident memory without inflating it (see its source),
        // for the memory benchmark and the resource-bound tests.
        .executableTarget(name: "peak-rss"),
        // The snapshot store's process-level torture helper: writers killed with SIGKILL, readers,
        // compare-and-swap writers. Run by the store's tests, never shipped.
        .executableTarget(name: "SnapshotStoreTorture", dependencies: ["WidgetTimeline"]),
        // Plays the host app or the extension in process-level tests of the sync pipeline.
        .executableTarget(
            name: "WidgetPipelineProbe", dependencies: ["WidgetTimeline", "WidgetTimelineExamples"]),

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
                "WidgetTimelineExamples",
                widgetKitStandIn,
            ]
        ),
        .testTarget(
            name: "WidgetAppExampleTests",
            dependencies: [
                "ExampleWidgetExtension", "ExampleHostApp", "WidgetTimelineWidgetKit", "WidgetTimeline",
                "WidgetTimelineTesting", "WidgetTimelineExamples", widgetKitStandIn,
            ]
        ),
        .testTarget(
            name: "WidgetTimelineCLITests",
            dependencies: [
                "WidgetTimelineCLI", "WidgetTimeline", "WidgetTimelineExamples", "WidgetTimelineTesting",
                "WidgetTimelineSimulation",
            ],
            exclude: ["Snapshots", "Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
