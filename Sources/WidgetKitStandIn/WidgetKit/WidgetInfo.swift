#if !canImport(WidgetKit)
    import Foundation

    /// A structure that contains information about user-configured widgets.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/widgetinfo
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @preconcurrency public struct WidgetInfo {
        /// The string specified during creation of the widget's configuration.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetinfo/kind
        public let kind: String
    }
#endif
