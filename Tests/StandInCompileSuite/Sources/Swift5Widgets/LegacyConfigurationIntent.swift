// A configuration intent written as Apple's documentation writes it, with mutable static
// properties: accepted in the Swift 5 language mode, refused in Swift 6
// (`MustNotCompile/StaticVarTitleInSwift6.swift`).
import AppIntents
import WidgetKit

struct FavoriteTeam: WidgetConfigurationIntent {
    static var title: LocalizedStringResource = "Favorite team"
    static var description = IntentDescription("Shows your team's next match.")

    var team: String = "Rovers"
}

struct MatchEntry: TimelineEntry {
    let date: Date
    let team: String
}

struct MatchProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> MatchEntry { MatchEntry(date: Date(), team: "—") }

    func snapshot(for configuration: FavoriteTeam, in context: Context) async -> MatchEntry {
        MatchEntry(date: Date(), team: configuration.team)
    }

    func timeline(for configuration: FavoriteTeam, in context: Context) async -> Timeline<MatchEntry> {
        Timeline(entries: [MatchEntry(date: Date(), team: configuration.team)], policy: .atEnd)
    }
}
