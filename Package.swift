// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "WidgetTimeline",
    platforms: [.iOS(.v17), .macOS(.v14), .watchOS(.v10)],
    products: [
        .library(name: "WidgetTimeline", targets: ["WidgetTimeline"]),
        .library(name: "WidgetTimelineExamples", targets: ["WidgetTimelineExamples"]),
        .library(name: "WidgetTimelineTesting", targets: ["WidgetTimelineTesting"]),
        .library(name: "WidgetTimelineSimulation", targets: ["WidgetTimelineSimulation"]),
        .executable(name: "widget-timeline", targets: ["widget-timeline"]),
    ],
    targets: [
        // The platform-neutral core: Foundation only.
        .target(name: "WidgetTimeline"),
        // The seed widgets: schedule, task count (and later parking, park conditions).
        .target(name: "WidgetTimelineExamples", dependencies: ["WidgetTimeline"]),
        // Test doubles shipped as a product, so apps test their widgets with the same tools.
        .target(name: "WidgetTimelineTesting", dependencies: ["WidgetTimeline"]),
        // The refresh-scheduling simulator: the system model, scenarios, strategies, metrics, reports.
        .target(
            name: "WidgetTimelineSimulation",
            dependencies: ["WidgetTimeline", "WidgetTimelineExamples"]
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
            dependencies: ["WidgetTimelineSimulation", "WidgetTimeline", "WidgetTimelineExamples"],
            path: "Benchmarks/widget-timeline-bench"
        ),
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
