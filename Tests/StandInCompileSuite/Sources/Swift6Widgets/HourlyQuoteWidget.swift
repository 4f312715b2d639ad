// A static provider in the style of Xcode's widget template: five hourly entries and `.atEnd`, a
// view that switches on the family, and the configuration modifiers with string literals. Only
// `WidgetKit` and `SwiftUI` are imported, so `Date` must come through them.
import SwiftUI
import WidgetKit

struct QuoteEntry: TimelineEntry {
    let date: Date
    let quote: String
}

struct HourlyQuoteProvider: TimelineProvider {
    private let quotes = ["Ship it.", "Measure twice.", "Small steps.", "Rest is work.", "Write it down."]

    func placeholder(in context: Context) -> QuoteEntry {
        QuoteEntry(date: Date(), quote: "…")
    }

    func getSnapshot(in context: Context, completion: @escaping (QuoteEntry) -> Void) {
        completion(QuoteEntry(date: Date(), quote: quotes[0]))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<QuoteEntry>) -> Void) {
        var entries: [QuoteEntry] = []
        let currentDate = Date()
        for hourOffset in 0..<5 {
            let entryDate = Calendar.current.date(byAdding: .hour, value: hourOffset, to: currentDate)!
            entries.append(QuoteEntry(date: entryDate, quote: quotes[hourOffset % quotes.count]))
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct HourlyQuoteView: View {
    @Environment(\.widgetFamily) var family
    let entry: QuoteEntry

    var body: some View {
        switch family {
        case .systemSmall:
            Text(entry.quote).font(.headline)
        default:
            VStack(alignment: .leading) {
                Text(entry.quote).font(.headline)
                Text(entry.date, style: .time).font(.caption2)
            }
        }
    }
}

struct HourlyQuoteWidget: Widget {
    let kind: String = "HourlyQuoteWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: HourlyQuoteProvider()) { entry in
            HourlyQuoteView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Hourly quote")
        .description("A new line every hour.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
    }
}
