#if canImport(WidgetKit)
    import SwiftUI
    import WidgetKit
#else
    import WidgetKitStandIn
#endif

/// The layout every example widget uses: what it is about, the value (or why there is none), and how
/// current it is. No branching on state here: ``WidgetScreen`` has already decided the words.
struct WidgetScreenView: View {
    let screen: WidgetScreen

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(screen.title).font(.caption2)
            Text(screen.headline).font(.headline)
            Text(screen.detail).font(.caption2)
        }
        .containerBackground(.background, for: .widget)
        .widgetURL(screen.link)
    }
}
