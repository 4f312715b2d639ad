#if !canImport(Darwin)
    /// The background style in the current context.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/backgroundstyle
    @available(iOS 14.0, macOS 11.0, watchOS 7.0, *)
    @frozen public struct BackgroundStyle {
        /// Creates a background style instance.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/backgroundstyle/init()
        public init() {}
    }

    /// Apple: https://developer.apple.com/documentation/swiftui/backgroundstyle (a shape style)
    @available(iOS 14.0, macOS 11.0, watchOS 7.0, *)
    extension BackgroundStyle: ShapeStyle {}
#endif
