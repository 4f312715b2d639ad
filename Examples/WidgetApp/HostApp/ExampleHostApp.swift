import Foundation

#if canImport(WidgetKit)
    import SwiftUI
#else
    import WidgetKitStandIn
#endif

/// The host app: its project state feeds the widgets through ``WidgetBridge``.
///
/// The one line that matters for widgets beyond the bridge is the scene-phase hook: reloads are
/// coalesced while the app is in use, and sent when it leaves the foreground. Saves are
/// never delayed.
@main
struct ExampleHostApp: App {
    @Environment(\.scenePhase) private var scenePhase
    private let widgets = WidgetBridge.live()

    init() {
        widgets.commitFixtureIfRequested(arguments: ProcessInfo.processInfo.arguments)
    }

    var body: some Scene {
        WindowGroup {
            ContentView(widgets: widgets)
        }
        .onChange(of: scenePhase) {
            widgets.sceneDidChange(to: scenePhase)
        }
    }
}
