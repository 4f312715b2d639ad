#if !canImport(Darwin)
    /// An alignment position along the horizontal axis.
    ///
    /// `Sendable` is what Swift 6 asks of a type with `static let` constants.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/horizontalalignment
    /// (declaration form as on https://developer.apple.com/documentation/swiftui/verticalalignment)
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    @frozen public struct HorizontalAlignment: Sendable {
        private init() {}

        /// A guide that marks the leading edge of the view.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/horizontalalignment/leading
        public static let leading = HorizontalAlignment()

        /// A guide that marks the horizontal center of the view.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/horizontalalignment/center
        /// (declaration form as on https://developer.apple.com/documentation/swiftui/verticalalignment/center)
        public static let center = HorizontalAlignment()
    }
#endif
