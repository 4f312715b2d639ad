#if !canImport(Darwin)
    /// A type that can receive push information about user-configured controls. Register it with
    /// the control configuration's `pushHandler(_:)` (control configurations are outside the
    /// stand-in).
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/controlpushhandler
    /// (availability as for `ControlCenter`)
    @available(iOS 18.0, macOS 26.0, watchOS 26.0, *)
    @available(tvOS, unavailable)
    @available(visionOS, unavailable)
    public protocol ControlPushHandler {
        /// Creates a push handler.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/controlpushhandler/init()
        init()

        /// Handle push tokens changing for configured controls.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/controlpushhandler/pushtokensdidchange(controls:)
        func pushTokensDidChange(controls: [ControlInfo])
    }
#endif
