#if !canImport(WidgetKit)
    import Foundation

    /// An object that contains details about how a widget is rendered, including its size and
    /// whether it appears in the widget gallery.
    ///
    /// WidgetKit creates contexts; there is no public initializer. The stand-in's internal one lets
    /// the package's own tests (`@testable import WidgetKitStandIn`) build a context on Linux.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovidercontext
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    public struct TimelineProviderContext {
        /// A Boolean value that indicates when the widget appears in the widget gallery.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovidercontext/ispreview
        public let isPreview: Bool

        init(isPreview: Bool) { self.isPreview = isPreview }
    }
#endif
