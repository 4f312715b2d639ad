// A configurable widget: a configuration intent, an App Intent provider with async snapshot and
// timeline, recommendations for platforms without a configuration interface, relevance for the
// Smart Stack, and an `AppIntentConfiguration` that prompts for configuration when added.
import AppIntents
import SwiftUI
import WidgetKit

struct StationIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Station"
    static let description: IntentDescription? = IntentDescription("The station whose arrivals to show.")

    var stationID: String

    init() { stationID = "central" }

    init(stationID: String) { self.stationID = stationID }
}

struct ArrivalsEntry: TimelineEntry {
    let date: Date
    let station: String
    let minutes: [Int]
}

struct ArrivalsProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> ArrivalsEntry {
        ArrivalsEntry(date: .now, station: "Central", minutes: [2, 9])
    }

    func snapshot(for configuration: StationIntent, in context: Context) async -> ArrivalsEntry {
        ArrivalsEntry(date: .now, station: configuration.stationID, minutes: [3, 11])
    }

    func timeline(for configuration: StationIntent, in context: Context) async -> Timeline<ArrivalsEntry> {
        let now = Date.now
        let entries = (0..<3).map { step in
            ArrivalsEntry(
                date: now.addingTimeInterval(Double(step) * 60), station: configuration.stationID,
                minutes: [max(0, 4 - step), 12 - step])
        }
        return Timeline(entries: entries, policy: .atEnd)
    }

    func recommendations() -> [AppIntentRecommendation<StationIntent>] {
        [
            AppIntentRecommendation(intent: StationIntent(stationID: "central"), description: "Central"),
            AppIntentRecommendation(
                intent: StationIntent(stationID: "harbour"), description: Text("Harbour")),
        ]
    }

    @available(iOS 18.0, macOS 15.0, watchOS 11.0, *)
    func relevance() async -> WidgetRelevance<StationIntent> {
        WidgetRelevance([
            WidgetRelevanceAttribute(
                configuration: StationIntent(stationID: "central"), group: .named("commute"))
        ])
    }
}

@available(iOS 18.0, macOS 15.0, *)
struct StationArrivalsWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(
            kind: "StationArrivals", intent: StationIntent.self, provider: ArrivalsProvider()
        ) {
            entry in
            VStack(alignment: .leading) {
                Text(entry.station).font(.headline)
                Text(entry.minutes.map { "\($0) min" }.joined(separator: " · ")).font(.caption2)
            }
            .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Arrivals")
        .description("The next departures from a station.")
        .supportedFamilies([.systemSmall, .accessoryRectangular])
        .promptsForUserConfiguration()
    }
}
