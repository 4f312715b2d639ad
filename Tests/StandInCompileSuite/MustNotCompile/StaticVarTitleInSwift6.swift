// platform: iOS
// language-mode: 6
// expect: error: static property 'title' is not concurrency-safe
//
// A configuration intent written as Apple's documentation writes it (`static var title = …`): a
// mutable global, which the Swift 6 language mode refuses. `static let` (or a computed property) is
// the fix; `Sources/Swift5Widgets/LegacyConfigurationIntent.swift` is the same intent in Swift 5.
import AppIntents
import WidgetKit

struct FavoriteBook: WidgetConfigurationIntent {
    static var title: LocalizedStringResource = "Favorite book"

    var book = "The Swift Programming Language"
}
