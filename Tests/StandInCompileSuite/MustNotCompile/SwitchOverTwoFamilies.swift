// platform: iOS
// language-mode: 6
// expect: error: switch must be exhaustive
//
// A provider written when WidgetKit had two families, planning by size with a `switch` that names
// only those two. WidgetFamily has eight cases on iOS; the switch is refused.
import WidgetKit

struct TileEntry: TimelineEntry {
    let date: Date
    let columns: Int
}

struct TileProvider: TimelineProvider {
    func placeholder(in context: Context) -> TileEntry {
        TileEntry(date: .now, columns: columns(for: context))
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (TileEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<TileEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }

    private func columns(for context: Context) -> Int {
        switch context.family {
        case .systemSmall: return 1
        case .systemMedium: return 2
        }
    }
}
