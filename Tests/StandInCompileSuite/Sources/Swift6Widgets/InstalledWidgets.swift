// The host app asks which widgets are installed before reloading: the completion-handler API before
// iOS 18, `currentConfigurations()` after, the family and the configuration intent of each.
import WidgetKit

enum InstalledWidgets {
    /// The kinds with at least one widget, as the completion-handler API reports them.
    static func kinds(completion: @escaping @Sendable (Set<String>) -> Void) {
        WidgetCenter.shared.getCurrentConfigurations { result in
            switch result {
            case .success(let widgets): completion(Set(widgets.map(\.kind)))
            case .failure: completion([])
            }
        }
    }

    /// How many widgets of each family the user has, and the stations of the configured ones.
    static func summary() async throws -> (families: [WidgetFamily: Int], stations: [String]) {
        let widgets: [WidgetInfo]
        if #available(iOS 18.0, macOS 15.0, watchOS 11.0, *) {
            widgets = try await WidgetCenter.shared.currentConfigurations()
        } else {
            widgets = try await withCheckedThrowingContinuation { continuation in
                WidgetCenter.shared.getCurrentConfigurations { continuation.resume(with: $0) }
            }
        }
        var families: [WidgetFamily: Int] = [:]
        for widget in widgets { families[widget.family, default: 0] += 1 }
        let stations = widgets.compactMap { $0.widgetConfigurationIntent(of: StationIntent.self)?.stationID }
        return (families, stations)
    }

    /// Reloads only what is installed.
    static func reloadInstalled(of kinds: [String]) async {
        let installed = (try? await summary()) != nil
        for kind in kinds where installed { WidgetCenter.shared.reloadTimelines(ofKind: kind) }
        if kinds.isEmpty { WidgetCenter.shared.reloadAllTimelines() }
    }
}
