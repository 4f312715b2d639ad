#if !canImport(Darwin)
    // `import WidgetKit` alone gives a file `Date`, `URL`, `UserDefaults` and `FileManager`: WidgetKit
    // re-exports its Objective-C module (`@_exported import WidgetKit` in the iOS 18.0 SDK's
    // WidgetKit.swiftinterface), whose header imports Foundation. The stand-in does the same, so a
    // provider file that imports only WidgetKit type-checks here as it does there. (The header
    // itself is not in the stored SDK text; the re-export is what provider files relying on it
    // show.)
    @_exported import Foundation
#endif
