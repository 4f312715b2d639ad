#if !canImport(Darwin)
    /// An indication of a scene's operational state.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/scenephase
    @available(iOS 14.0, macOS 11.0, watchOS 7.0, *)
    public enum ScenePhase {
        /// The scene isn't currently visible in the UI.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/scenephase/background
        case background

        /// The scene is in the foreground but should pause its work.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/scenephase/inactive
        case inactive

        /// The scene is in the foreground and interactive.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/scenephase/active
        case active
    }
#endif
