#if !canImport(Darwin)
    /// A scene that presents a group of identically structured windows.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/windowgroup
    @available(iOS 14.0, macOS 11.0, watchOS 7.0, *)
    public struct WindowGroup<Content> where Content: View {
        /// Creates a window group.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/windowgroup/init(makecontent:)
        nonisolated public init(@ContentBuilder makeContent: @escaping () -> Content) {}
    }

    /// Apple: https://developer.apple.com/documentation/swiftui/windowgroup (a scene)
    @available(iOS 14.0, macOS 11.0, watchOS 7.0, *)
    extension WindowGroup: Scene {}
#endif
