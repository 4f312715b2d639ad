#if !canImport(WidgetKit)
    /// A custom parameter attribute that constructs views from closures.
    ///
    /// Only the building blocks the examples use: one child, or several (no `if`/`else`, whose
    /// `_ConditionalContent` is undocumented).
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/viewbuilder
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    @resultBuilder public struct ViewBuilder {
        /// Passes a single piece of content written as a child view through unmodified.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
        public static func buildBlock<Content>(_ content: Content) -> Content { content }

        /// Builds several children into a tuple view.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)-2bj1g
        public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<
            (repeat each Content)
        > where repeat each Content: View {
            TupleView((repeat each content))
        }
    }

    /// A custom parameter attribute that constructs views and other content types from closures.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/contentbuilder
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    public typealias ContentBuilder = ViewBuilder
#endif
