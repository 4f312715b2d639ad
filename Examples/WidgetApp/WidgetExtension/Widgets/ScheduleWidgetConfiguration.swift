import WidgetTimelineExamples
import WidgetTimelineWidgetKit

#if canImport(WidgetKit)
    import SwiftUI
    import WidgetKit
#else
    import WidgetKitStandIn
#endif

/// The next check-in: upcoming, due and overdue at their times without a reload.
struct ScheduleWidgetConfiguration: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(
            kind: ScheduleWidget().kind,
            provider: PlanningTimelineProvider(kind: ScheduleWidget(), in: ExtensionSetup.container)
        ) { entry in
            WidgetScreenView(screen: .schedule(entry, calendar: .current))
        }
        .configurationDisplayName("Next check-in")
        .description("What is due next, and when it becomes overdue.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
