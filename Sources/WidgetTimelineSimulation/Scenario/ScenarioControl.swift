import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// A control of the app (Control Center, the Lock Screen, the Action button) that shows one
/// widget's data, and the user's interactions with it.
///
/// A control reloads when its intent's `perform()` returns, and when the app asks
/// (`ControlCenter.reloadControls(ofKind:)`, which the library's `WidgetSync` does with the widget's
/// reload). Each interaction runs the control's intent, whose `perform()` saves
/// ``ScenarioCommit/payload`` for the widget through `WidgetSync.commitFromIntent`, asking for the
/// widget's timelines as it does.
public struct ScenarioControl: Sendable, Codable, Hashable {
    /// A name for reports, unique among the scenario's controls.
    public var id: String
    /// The control's kind, as its `ControlWidget` configuration names it.
    public var kind: String
    /// The id of the scenario widget whose data the control shows and its intent writes.
    public var widget: String
    /// When the user taps or toggles the control, and the payload its intent saves.
    public var interactions: [ScenarioCommit]

    public init(id: String, kind: String, widget: String, interactions: [ScenarioCommit] = []) {
        self.id = id
        self.kind = kind
        self.widget = widget
        self.interactions = interactions
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case id, kind, widget, interactions }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        kind = try container.decode(String.self, forKey: .kind)
        id = try container.decodeIfPresent(String.self, forKey: .id) ?? kind
        widget = try container.decode(String.self, forKey: .widget)
        interactions = try container.decodeIfPresent([ScenarioCommit].self, forKey: .interactions) ?? []
    }
}
