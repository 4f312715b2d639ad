import WidgetTimelineExamples
import WidgetTimelineWidgetKit

#if canImport(WidgetKit)
    import SwiftUI
    import WidgetKit
#else
    import WidgetKitStandIn
#endif

/// Today at a chosen park: congestion (moving to the forecast at its hour), weather and
/// air.
struct ParkConditionsWidgetConfiguration: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(
            kind: ParkConditionsWidget().kind,
            intent: ParkSelection.self,
            provider: PlanningAppIntentTimelineProvider(
                kind: ParkConditionsWidget(), in: ExtensionSetup.container,
                scope: { ParkConditionsWidget.key(park: $0.parkID) })
        ) { entry in
            WidgetScreenView(screen: .parkConditions(entry, calendar: .current))
        }
        .configurationDisplayName("Park today")
        .description("Congestion, weather and air at a park, with the forecast for later today.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
