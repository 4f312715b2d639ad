// platform: watchOS
// language-mode: 6
// expect: error: 'promptsForUserConfiguration()' is unavailable
//
// watchOS has no configuration interface to prompt with; the modifier does not exist there.
import AppIntents
import SwiftUI
import WidgetKit

struct TeamIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Team"
    var team = "Rovers"
}

struct TeamEntry: TimelineEntry {
    let date: Date
    let team: String
}

struct TeamProvider: AppIntentTimelineProvider {
    func recommendations() -> [AppIntentRecommendation<TeamIntent>] {
        [AppIntentRecommendation(intent: TeamIntent(), description: "Rovers")]
    }

    func placeholder(in context: Context) -> TeamEntry { TeamEntry(date: .now, team: "—") }

    func snapshot(for configuration: TeamIntent, in context: Context) async -> TeamEntry {
        TeamEntry(date: .now, team: configuration.team)
    }

    func timeline(for configuration: TeamIntent, in context: Context) async -> Timeline<TeamEntry> {
        Timeline(entries: [TeamEntry(date: .now, team: configuration.team)], policy: .atEnd)
    }
}

struct TeamWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Team", intent: TeamIntent.self, provider: TeamProvider()) { entry in
            Text(entry.team)
        }
        .promptsForUserConfiguration()
    }
}
