#if !canImport(Darwin)
    /// A type collecting the relevances for a widget kind: what a provider's `relevance()` returns.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/widgetrelevance
    @available(iOS 18.0, macOS 15.0, watchOS 11.0, *)
    @available(tvOS, unavailable)
    public struct WidgetRelevance<Configuration> {
        /// Creates a type collecting the relevances for a widget kind.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetrelevance/init(_:)
        public init(_ attributes: [WidgetRelevanceAttribute<Configuration>]) {}
    }
#endif
