#if !canImport(Darwin)
    @available(iOS 17.0, macOS 14.0, watchOS 10.0, *)
    extension ContainerBackgroundPlacement {
        /// The container background placement for a widget.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/containerbackgroundplacement/widget
        public static let widget = ContainerBackgroundPlacement()
    }
#endif
