// platform: iOS
// language-mode: 6
// expect: error: capture of 'cache' with non-Sendable type 'ArticleCache' in a '@Sendable' closure
//
// The provider hands its completion to the app's own loader, whose completion is `@Sendable`, and
// writes to a non-`Sendable` cache from inside it: a data race the Swift 6 language mode refuses.
// (The same capture in a closure passed to WidgetKit's own `@preconcurrency` methods only warns:
// see `MustCompile/PreconcurrencyCaptureWarns.swift`.)
import WidgetKit

final class ArticleCache {
    var latest: String?
}

struct ArticleLoader: Sendable {
    func load(completion: @escaping @Sendable (String) -> Void) { completion("Headline") }
}

struct ArticleEntry: TimelineEntry {
    let date: Date
    let title: String
}

struct ArticleProvider: TimelineProvider {
    let loader = ArticleLoader()

    func placeholder(in context: Context) -> ArticleEntry { ArticleEntry(date: .now, title: "…") }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (ArticleEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<ArticleEntry>) -> Void) {
        let cache = ArticleCache()
        loader.load { title in
            cache.latest = title
            completion(Timeline(entries: [ArticleEntry(date: .now, title: title)], policy: .atEnd))
        }
    }
}
