import Foundation

/// One widget screen as text — what ``WidgetScreenView`` lays out.
///
/// Views render a screen; they never look at a state themselves. Every `WidgetState` case becomes a
/// screen in ``WidgetScreen/init(title:state:link:calendar:value:)``, a pure function the example's
/// tests check case by case on Linux.
struct WidgetScreen: Equatable, Sendable {
    /// What the widget is about: "Open tasks".
    var title: String
    /// The value, or what stands in for it: "3", "Unavailable", "—".
    var headline: String
    /// How current the value is, or why there is none: "Last known · 09:02".
    var detail: String
    /// Where a tap goes.
    var link: URL?
}
