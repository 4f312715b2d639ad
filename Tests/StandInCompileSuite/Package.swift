// swift-tools-version:6.0
import PackageDescription

// The stand-in compile suite: provider and widget files written the way apps write them, importing
// `WidgetKit`, `SwiftUI` and `AppIntents` by those names. Here, and only here, those names are facade
// modules that re-export the package's `WidgetKitStandIn`, reached through a symbolic link to
// `Sources/WidgetKitStandIn` (not a copy). The shipped package never has a module with an Apple
// framework's name. `StandInCompileSuiteTests` builds this package on Linux and type-checks the files
// in `MustNotCompile/` and `WatchOS/` against it; see README.md.
let package = Package(
    name: "StandInCompileSuite",
    targets: [
        // Built as Apple builds WidgetKit (the SDK's `-swift-version 5 -enable-library-evolution`):
        // with library evolution its enums are not frozen, so a `switch` over `WidgetFamily`
        // without `@unknown default` draws the warning it draws in Xcode. (Its own warnings, such as
        // Foundation not being built for library evolution, are the main build's business.)
        .target(
            name: "WidgetKitStandIn", exclude: ["README.md"],
            swiftSettings: [
                .swiftLanguageMode(.v5), .unsafeFlags(["-enable-library-evolution", "-suppress-warnings"]),
            ]),
        .target(name: "WidgetKit", dependencies: ["WidgetKitStandIn"]),
        .target(name: "SwiftUI", dependencies: ["WidgetKitStandIn"]),
        .target(name: "AppIntents", dependencies: ["WidgetKitStandIn"]),
        // Provider and widget files in the Swift 6 language mode.
        .target(name: "Swift6Widgets", dependencies: ["WidgetKit", "SwiftUI", "AppIntents"]),
        // The same kind of files as apps that have not moved to Swift 6 write them.
        .target(
            name: "Swift5Widgets", dependencies: ["WidgetKit", "SwiftUI", "AppIntents"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
)
