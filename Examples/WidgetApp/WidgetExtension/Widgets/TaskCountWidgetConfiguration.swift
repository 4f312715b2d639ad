import WidgetTimelineExamples
import WidgetTimelineWidgetKit

#if canImport(WidgetKit)
    import SwiftUI
    import WidgetKit
#else
    import WidgetKitStandIn
#endif

/// The open-task count: one number, how current it is, and a "Done" button that saves from the
/// extension (``MarkTaskDoneIntent``).
struct TaskCountWidgetConfiguration: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(
            kind: TaskCountWidget().kind,
            provider: PlanningTimelineProvider(kind: TaskCountWidget(), in: ExtensionSetup.container)
        ) { entry in
            VStack {
                WidgetScreenView(screen: .taskCount(entry, calendar: .current))
                Button("Done", intent: MarkTaskDoneIntent())
            }
        }
        .configurationDisplayName("Open tasks")
        .description("How many tasks are open, and how current that number is.")
        .supportedFamilies([.systemSmall])
    }
}
