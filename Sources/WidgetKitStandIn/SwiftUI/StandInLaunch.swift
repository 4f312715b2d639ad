#if !canImport(Darwin)
    import Foundation

    // Stand-in detail: what `main()` of an app or widget prints where SwiftUI does not exist.
    enum StandInLaunch {
        static func explain(_ name: String) {
            FileHandle.standardError.write(
                Data(
                    ("\(name) is an iOS/macOS app target, built here against WidgetKitStandIn so that it "
                        + "type-checks; run it from Xcode on an Apple platform.\n").utf8))
        }
    }
#endif
