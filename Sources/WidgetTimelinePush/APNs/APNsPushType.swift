/// The two push types that reload WidgetKit content, with the `apns-topic` suffix each needs.
///
/// - Widgets: `apns-push-type: widgets`, topic `<your bundleID>.push-type.widgets`
///   (https://developer.apple.com/documentation/widgetkit/updating-widgets-with-widgetkit-push-notifications).
/// - Controls: `apns-push-type = controls`, topic `com.example.MyApp.push-type.controls` in Apple's
///   sample request (https://developer.apple.com/documentation/widgetkit/updating-controls-locally-and-remotely).
///   That page states the topic only by its sample; it has no sentence like the widget page's.
///
/// Both carry the same body, `{"aps":{"content-changed":true}}`.
public enum APNsPushType: String, Sendable, Hashable, CaseIterable {
    /// Reloads the timelines of the widgets a `WidgetPushInfo` token serves.
    case widgets
    /// Reloads the one control a `ControlPushInfo` token belongs to ("the POST request indicates
    /// that state changed for the single control representing that given push token").
    case controls

    /// The text after the bundle identifier in `apns-topic`.
    public var topicSuffix: String { ".push-type." + rawValue }
}
