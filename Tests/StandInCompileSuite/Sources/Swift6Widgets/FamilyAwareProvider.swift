// A provider that plans differently per family: every family the platform has is handled, the
// display size decides how many items fit, the gallery gets sample data, and the reload date is
// given with `.after`.
import WidgetKit

struct AgendaEntry: TimelineEntry {
    let date: Date
    let items: [String]
    let relevance: TimelineEntryRelevance?
}

struct AgendaProvider: TimelineProvider {
    func placeholder(in context: Context) -> AgendaEntry {
        AgendaEntry(date: .now, items: Array(repeating: "—", count: itemCount(for: context)), relevance: nil)
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (AgendaEntry) -> Void) {
        let items = context.isPreview ? ["Standup", "Lunch", "Review"] : loadItems()
        completion(
            AgendaEntry(date: .now, items: Array(items.prefix(itemCount(for: context))), relevance: nil))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<AgendaEntry>) -> Void) {
        let now = Date.now
        let items = Array(loadItems().prefix(itemCount(for: context)))
        let relevance = TimelineEntryRelevance(score: items.isEmpty ? 0 : 50, duration: 30 * 60)
        let entry = AgendaEntry(date: now, items: items, relevance: relevance)
        completion(Timeline(entries: [entry], policy: .after(now.addingTimeInterval(30 * 60))))
    }

    private func itemCount(for context: Context) -> Int {
        switch context.family {
        case .systemSmall: 2
        case .systemMedium: context.displaySize.height > 160 ? 4 : 3
        case .systemLarge, .systemExtraLarge: 8
        case .accessoryCircular, .accessoryInline: 1
        case .accessoryRectangular: 2
        @unknown default: 1
        }
    }

    private func loadItems() -> [String] { ["Standup", "Lunch", "Review", "1:1", "Planning"] }
}
