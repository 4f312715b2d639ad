#if canImport(WidgetKit)
    import SwiftUI
    import WidgetKit
#else
    import WidgetKitStandIn
#endif

/// The widget extension's entry point: the four seed widgets.
///
/// Drop this folder into a Widget Extension target (delete the template's files), add the
/// `WidgetTimelineWidgetKit` and `WidgetTimelineExamples` package products to the target, and set
/// the App Group as `Config/README.md` describes.
@main
struct ExampleWidgetBundle: WidgetBundle {
    var body: some Widget {
        TaskCountWidgetConfiguration()
        ScheduleWidgetConfiguration()
        ParkingWidgetConfiguration()
        ParkConditionsWidgetConfiguration()
    }
}
