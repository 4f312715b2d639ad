#if !canImport(Darwin)
    import Foundation

    /// A structure that contains information about the push token for updating widgets and widget
    /// relevances. WidgetKit issues the token; the stand-in never does.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/widgetpushinfo
    /// (iOS 26 interfaces are not in the stored SDKs; the page is the source)
    @available(iOS 26.0, macOS 26.0, watchOS 26.0, visionOS 26.0, *)
    @available(tvOS, unavailable)
    public struct WidgetPushInfo: Sendable {
        /// A unique push token that may be used to deliver updates for widgets and widget
        /// relevances.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetpushinfo/token
        public let token: Data

        // Stand-in detail: a push info as WidgetKit would hand it over.
        init(token: Data) { self.token = token }
    }
#endif
