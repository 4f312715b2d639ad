// A provider from before Swift 6: a class-based cache captured by escaping closures and a `switch`
// with `default`. The Swift 5 language mode accepts the captures without checking them.
import SwiftUI
import WidgetKit

final class HeadlineCache {
    var lastHeadline: String?
}

struct HeadlineEntry: TimelineEntry {
    let date: Date
    let headline: String
}

struct HeadlineProvider: TimelineProvider {
    let cache = HeadlineCache()

    func placeholder(in context: Context) -> HeadlineEntry { HeadlineEntry(date: Date(), headline: "…") }

    func getSnapshot(in context: Context, completion: @escaping (HeadlineEntry) -> ()) {
        completion(HeadlineEntry(date: Date(), headline: cache.lastHeadline ?? "…"))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<HeadlineEntry>) -> ()) {
        let limit: Int
        switch context.family {
        case .systemLarge: limit = 120
        default: limit = 60
        }
        DispatchQueue.global().async {
            let headline = String("Markets open higher".prefix(limit))
            self.cache.lastHeadline = headline
            let entry = HeadlineEntry(date: Date(), headline: headline)
            completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(3600))))
        }
    }
}
