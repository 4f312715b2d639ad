#if !canImport(Darwin)
    import Foundation

    /// A structure that contains information about the push token of a user-configured control.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/controlpushinfo
    /// (availability as for `ControlCenter`)
    @available(iOS 18.0, macOS 26.0, watchOS 26.0, *)
    @available(tvOS, unavailable)
    @available(visionOS, unavailable)
    public struct ControlPushInfo {
        /// A unique push token that may be used to deliver updates for this control.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/controlpushinfo/token
        public let token: Data

        // Stand-in detail: a push info as WidgetKit would hand it over.
        init(token: Data) { self.token = token }
    }
#endif
