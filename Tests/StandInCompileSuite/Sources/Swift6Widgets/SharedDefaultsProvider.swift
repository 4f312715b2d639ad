// The App Group pattern most widgets start with: the app writes a value to
// `UserDefaults(suiteName:)` and asks WidgetKit to reload; the widget reads it and never schedules a
// refresh itself (`.never`).
import SwiftUI
import WidgetKit

enum SharedCounter {
    static let suiteName = "group.com.example.counter"
    static let key = "count"
    static let widgetKind = "CounterWidget"

    /// The host app's side: save, then reload the widget that shows it.
    static func save(_ count: Int) {
        UserDefaults(suiteName: suiteName)?.set(count, forKey: key)
        WidgetCenter.shared.reloadTimelines(ofKind: widgetKind)
    }

    /// The extension's side.
    static func load() -> Int? {
        guard let defaults = UserDefaults(suiteName: suiteName), defaults.object(forKey: key) != nil else {
            return nil
        }
        return defaults.integer(forKey: key)
    }
}

struct CounterEntry: TimelineEntry {
    let date: Date
    let count: Int?
}

struct CounterProvider: TimelineProvider {
    func placeholder(in context: Context) -> CounterEntry { CounterEntry(date: Date(), count: 3) }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (CounterEntry) -> Void) {
        completion(CounterEntry(date: Date(), count: context.isPreview ? 3 : SharedCounter.load()))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<CounterEntry>) -> Void) {
        let entry = CounterEntry(date: Date(), count: SharedCounter.load())
        completion(Timeline(entries: [entry], policy: .never))
    }
}

struct CounterWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: SharedCounter.widgetKind, provider: CounterProvider()) { entry in
            Text(entry.count.map { "\($0)" } ?? "—")
                .font(.headline)
                .containerBackground(.background, for: .widget)
                .widgetURL(URL(string: "counter://open"))
        }
        .configurationDisplayName(Text("Counter"))
        .description("The count from the app.")
        .supportedFamilies([.systemSmall, .accessoryCircular])
        .contentMarginsDisabled()
        .containerBackgroundRemovable(false)
    }
}
