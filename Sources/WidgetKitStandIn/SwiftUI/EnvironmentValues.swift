#if !canImport(Darwin)
    /// A collection of environment values propagated through a view hierarchy.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/environmentvalues
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    public struct EnvironmentValues {
        // Stand-in storage, with the values a freshly launched app would see.
        private var phase: ScenePhase = .active

        init() {}

        /// The current phase of the scene.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/environmentvalues/scenephase
        @available(iOS 14.0, macOS 11.0, watchOS 7.0, *)
        public var scenePhase: ScenePhase {
            get { phase }
            set { phase = newValue }
        }
    }
#endif
