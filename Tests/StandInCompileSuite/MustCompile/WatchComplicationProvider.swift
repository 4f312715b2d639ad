// platform: watchOS
// language-mode: 6
//
// A watch complication done right: recommendations for the watch face's gallery, the accessory
// families (the corner one included), and a `switch` over them that needs no `default` because the
// system families do not exist on watchOS. Proves the watchOS check refuses what it should, not
// everything.
import AppIntents
import SwiftUI
import WidgetKit

struct TimerIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Timer"
    var minutes = 25

    init() {}

    init(minutes: Int) { self.minutes = minutes }
}

struct TimerEntry: TimelineEntry {
    let date: Date
    let minutes: Int
    let label: String
}

struct TimerProvider: AppIntentTimelineProvider {
    func recommendations() -> [AppIntentRecommendation<TimerIntent>] {
        [25, 50].map {
            AppIntentRecommendation(intent: TimerIntent(minutes: $0), description: "\($0) minutes")
        }
    }

    func placeholder(in context: Context) -> TimerEntry { TimerEntry(date: .now, minutes: 25, label: "25") }

    func snapshot(for configuration: TimerIntent, in context: Context) async -> TimerEntry {
        TimerEntry(
            date: .now, minutes: configuration.minutes, label: label(configuration.minutes, for: context))
    }

    func timeline(for configuration: TimerIntent, in context: Context) async -> Timeline<TimerEntry> {
        let entry = await snapshot(for: configuration, in: context)
        return Timeline(
            entries: [entry], policy: .after(.now.addingTimeInterval(Double(configuration.minutes) * 60)))
    }

    private func label(_ minutes: Int, for context: Context) -> String {
        switch context.family {
        case .accessoryCorner, .accessoryCircular: "\(minutes)"
        case .accessoryRectangular: "\(minutes) minutes"
        case .accessoryInline: "Timer \(minutes)m"
        @unknown default: "\(minutes)"
        }
    }
}

struct TimerComplication: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Timer", intent: TimerIntent.self, provider: TimerProvider()) { entry in
            Text(entry.label)
        }
        .configurationDisplayName("Timer")
        .supportedFamilies([.accessoryCorner, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}
