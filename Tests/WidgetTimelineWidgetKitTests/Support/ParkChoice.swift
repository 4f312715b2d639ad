import Foundation
import WidgetTimeline

#if canImport(WidgetKit)
    import AppIntents
    import WidgetKit
#else
    import WidgetKitStandIn
#endif

/// A configuration with one choice: the park.
struct ParkChoice: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Park"
    var park = "riverside"

    init() {}

    init(park: String) { self.park = park }
}
