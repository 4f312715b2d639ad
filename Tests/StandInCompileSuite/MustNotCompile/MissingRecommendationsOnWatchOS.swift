// platform: watchOS
// language-mode: 6
// expect: error: does not conform to protocol 'AppIntentTimelineProvider'
// expect: error: unavailable instance method 'recommendations()' was used to satisfy a requirement
//
// An App Intent provider without `recommendations()`. On iOS and macOS the default (none) is used;
// on watchOS, which has no configuration interface, the default is unavailable and the provider
// does not conform.
import AppIntents
import WidgetKit

struct CityIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "City"
    var city = "Lisbon"
}

struct CityEntry: TimelineEntry {
    let date: Date
    let city: String
}

struct CityProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> CityEntry { CityEntry(date: .now, city: "—") }

    func snapshot(for configuration: CityIntent, in context: Context) async -> CityEntry {
        CityEntry(date: .now, city: configuration.city)
    }

    func timeline(for configuration: CityIntent, in context: Context) async -> Timeline<CityEntry> {
        Timeline(entries: [CityEntry(date: .now, city: configuration.city)], policy: .atEnd)
    }
}
