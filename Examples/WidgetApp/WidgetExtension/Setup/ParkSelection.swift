#if canImport(WidgetKit)
    import AppIntents
    import WidgetKit
#else
    import WidgetKitStandIn
#endif

/// The configuration of the park widgets: which park. The park picks the snapshot key's scope, so
/// two widgets showing two parks never read each other's snapshot.
struct ParkSelection: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Choose a park"

    // The parameter attribute is AppIntents' own; where the stand-in compiles this file, the
    // property is plain (IntentParameter's initializers drag in half of AppIntents).
    #if canImport(AppIntents)
        @Parameter(title: "Park", default: "yeouido")
        var parkID: String
    #else
        var parkID: String = "yeouido"
    #endif

    init() {}

    init(parkID: String) {
        self.init()
        self.parkID = parkID
    }
}
