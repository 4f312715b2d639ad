#if !canImport(WidgetKit)
    /// Values that define the widget's size and shape. Only the families the examples support.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/widgetfamily
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @preconcurrency public enum WidgetFamily {
        /// A small widget.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetfamily/systemsmall
        case systemSmall

        /// A medium-sized widget.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetfamily/systemmedium
        case systemMedium
    }
#endif
