// platform: watchOS
// language-mode: 6
// expect: error: 'systemLarge' is unavailable
//
// An iPhone widget's configuration shared with the watch extension unchanged: the system families
// do not exist on watchOS, so listing `.systemLarge` is refused there.
import SwiftUI
import WidgetKit

struct StepsEntry: TimelineEntry {
    let date: Date
    let steps: Int
}

struct StepsProvider: TimelineProvider {
    func placeholder(in context: Context) -> StepsEntry { StepsEntry(date: .now, steps: 0) }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (StepsEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<StepsEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .atEnd))
    }
}

struct StepsWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Steps", provider: StepsProvider()) { entry in
            Text("\(entry.steps)")
        }
        .supportedFamilies([.accessoryCircular, .systemLarge])
    }
}
