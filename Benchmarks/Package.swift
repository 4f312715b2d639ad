// swift-tools-version:6.0
import PackageDescription

// The benchmarks, in a package of their own so the package's manifest shows only what ships:
//
//     cd Benchmarks && swift run -c release widget-timeline-bench [--json] [--filter TEXT]
//
// The memory case also runs the package's own `widget-timeline` and `peak-rss` executables, which
// it builds in release with the package's manifest (docs/performance.md).
let package = Package(
    name: "WidgetTimelineBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "WidgetTimeline", path: "..")],
    targets: [
        .executableTarget(
            name: "widget-timeline-bench",
            dependencies: [
                .product(name: "WidgetTimeline", package: "WidgetTimeline"),
                .product(name: "WidgetTimelineExamples", package: "WidgetTimeline"),
                .product(name: "WidgetTimelineSimulation", package: "WidgetTimeline"),
                // Built with the benchmark so the memory case can run it as a child process.
                "foundation-hello",
            ],
            path: "widget-timeline-bench"
        ),
        // The memory benchmark's baseline: a Foundation "hello world".
        .executableTarget(name: "foundation-hello", path: "foundation-hello"),
    ],
    swiftLanguageModes: [.v6]
)
