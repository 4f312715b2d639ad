#if !canImport(Darwin)
    /// A result builder for composing a collection of scenes into a single composite scene.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/scenebuilder
    @available(iOS 14.0, macOS 11.0, watchOS 7.0, *)
    @resultBuilder public struct SceneBuilder {
        /// Builds the scenes of an app.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/scenebuilder/buildblock(_:)
        public static func buildBlock<each Content>(_ content: repeat each Content) -> some Scene
        where repeat each Content: Scene {
            ComposedScenes()
        }
    }

    // Stand-in detail: the concrete scene behind `buildBlock`'s opaque result.
    @available(iOS 14.0, macOS 11.0, watchOS 7.0, *)
    struct ComposedScenes: Scene {}
#endif
