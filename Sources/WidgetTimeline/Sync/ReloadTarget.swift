/// One thing the system can be asked to reload: the timelines of a widget kind, or the controls of
/// a control kind. The reload coordinator keys every request by it, so a widget and a control that
/// share a kind string are still two requests.
public struct ReloadTarget: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Which reload channel: `WidgetCenter` for timelines, `ControlCenter` for controls.
    public enum Channel: String, Sendable, Hashable, Comparable, CaseIterable {
        /// `WidgetCenter.reloadTimelines(ofKind:)`.
        case timelines = "timeline"
        /// `ControlCenter.reloadControls(ofKind:)`.
        case controls = "control"

        public static func < (lhs: Channel, rhs: Channel) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public let channel: Channel
    /// The kind string of the widget or control configuration.
    public let kind: String

    public init(_ channel: Channel, kind: String) {
        self.channel = channel
        self.kind = kind
    }

    /// The timelines of every widget of `kind`.
    public static func timelines(_ kind: String) -> ReloadTarget { ReloadTarget(.timelines, kind: kind) }

    /// Every control of `kind`.
    public static func controls(_ kind: String) -> ReloadTarget { ReloadTarget(.controls, kind: kind) }

    /// `task-count` for timelines, `control:task-toggle` for controls: the kind as the diagnostics
    /// log names it, so a control's reload is never read as its namesake widget's.
    public var loggedKind: String { channel == .timelines ? kind : "control:" + kind }

    public var description: String { "\(channel.rawValue):\(kind)" }

    public static func < (lhs: ReloadTarget, rhs: ReloadTarget) -> Bool {
        (lhs.channel, lhs.kind) < (rhs.channel, rhs.kind)
    }
}
