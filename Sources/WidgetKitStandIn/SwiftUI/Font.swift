#if !canImport(Darwin)
    /// An environment-dependent font.
    ///
    /// `Sendable` is what Swift 6 asks of a type with `static let` constants.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/font
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    @frozen public struct Font: Sendable {
        private init() {}

        /// A font with the headline text style.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/font/headline
        public static let headline = Font()

        /// Create a font with the alternate caption text style.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/font/caption2
        @available(iOS 14.0, macOS 11.0, watchOS 7.0, *)
        public static let caption2 = Font()
    }
#endif
