import WidgetTimelineExamples
import WidgetTimelineWidgetKit

#if canImport(WidgetKit)
    import SwiftUI
    import WidgetKit
#else
    import WidgetKitStandIn
#endif

/// Free parking at a chosen park. An old count is hidden, not shown: a driver acts on it.
struct ParkingWidgetConfiguration: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(
            kind: ParkingWidget().kind,
            intent: ParkSelection.self,
            provider: PlanningAppIntentTimelineProvider(
                kind: ParkingWidget(), in: ExtensionSetup.container,
                scope: { ParkingWidget.key(park: $0.parkID) })
        ) { entry in
            WidgetScreenView(screen: .parking(entry, calendar: .current))
        }
        .configurationDisplayName("Parking")
        .description("Free spaces at a park, hidden once they are too old to trust.")
        .supportedFamilies([.systemSmall])
    }
}
