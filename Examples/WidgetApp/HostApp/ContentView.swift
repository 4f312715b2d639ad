#if canImport(WidgetKit)
    import SwiftUI
#else
    import WidgetKitStandIn
#endif

/// The app's screen, reduced to what the example is about: whether the widgets can be fed.
struct ContentView: View {
    let widgets: WidgetBridge

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("Widget example").font(.headline)
            Text(widgets.status).font(.caption2)
        }
    }
}
