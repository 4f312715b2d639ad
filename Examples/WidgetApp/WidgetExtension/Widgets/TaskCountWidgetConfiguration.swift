import WidgetTimelineExamples
import WidgetTimelineWidgetKit

#if canImport(WidgetKit)
    import SwiftUI
    import WidgetKit
#else
    import WidgetKitStandIn
#endif

/// The open-task count: one number and how current it is.
struct TaskCountWidgetConfiguration: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(
            kind: TaskCountWidget().kind,
            provider: PlanningTimelineProvider(kind: TaskCountWidget(), in: ExtensionSetup.container)
        ) { entry in
            WidgetScreenView(screen: .taskCount(entry, calendar: .current))
        }
        .configurationDisplayName("Open tasks")
        .description("How many tasks are open, and how current that number is.")
        .supportedFamilies([.systemSmall])
    }
}
