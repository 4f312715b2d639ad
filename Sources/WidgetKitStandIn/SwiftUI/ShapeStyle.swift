#if !canImport(Darwin)
    /// A color or pattern to use when rendering a shape. Its requirements are left out: the package
    /// uses only the system's styles.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/shapestyle
    /// (declared `protocol ShapeStyle : Sendable`)
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    public protocol ShapeStyle: Sendable {}

    @available(iOS 14.0, macOS 11.0, watchOS 7.0, *)
    extension ShapeStyle where Self == BackgroundStyle {
        /// The background style in the current context.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/shapestyle/background
        public static var background: BackgroundStyle { BackgroundStyle() }
    }
#endif
