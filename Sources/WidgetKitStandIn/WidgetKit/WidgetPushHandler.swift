#if !canImport(Darwin)
    /// A type that can receive push information about widget refreshes and relevance refreshes.
    /// Register it with `WidgetConfiguration.pushHandler(_:)`.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/widgetpushhandler
    /// (iOS 26 interfaces are not in the stored SDKs; the pages are the source)
    @available(iOS 26.0, macOS 26.0, watchOS 26.0, visionOS 26.0, *)
    @available(tvOS, unavailable)
    public protocol WidgetPushHandler {
        /// Creates a push handler.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetpushhandler/init()
        init()

        /// Handle push tokens changing for widgets reloads and relevance refreshes.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetpushhandler/pushtokendidchange(_:widgets:)
        func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo])
    }
#endif
