// swift-tools-version:6.0
import PackageDescription

// An app's own widget kind, planned and simulated with WidgetTimeline:
//
//     swift run simulate-departures     # the comparison, and departures-report.html
//     swift test                        # 0 minutes of stale data shown as fresh, from the trace
//
// It depends on this repository two folders up. Your own package depends on it by URL instead,
// as the repository's README shows, with `package: "widget-timeline"`.
let package = Package(
    name: "DepartureBoard",
    platforms: [.iOS(.v17), .macOS(.v14), .watchOS(.v10)],
    dependencies: [.package(name: "WidgetTimeline", path: "../..")],
    targets: [
        // The widget kind: Foundation and the core only, so the app and its extension can use it.
        .target(
            name: "DepartureBoard",
            dependencies: [.product(name: "WidgetTimeline", package: "WidgetTimeline")]),
        // Five lines: simulate a scenario with the kind, print the comparison, write the report.
        .executableTarget(
            name: "simulate-departures",
            dependencies: [
                "DepartureBoard", .product(name: "WidgetTimelineSimulation", package: "WidgetTimeline"),
            ]),
        .testTarget(
            name: "DepartureBoardTests",
            dependencies: [
                "DepartureBoard", .product(name: "WidgetTimeline", package: "WidgetTimeline"),
                .product(name: "WidgetTimelineSimulation", package: "WidgetTimeline"),
                .product(name: "WidgetTimelineTesting", package: "WidgetTimeline"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
