#if !canImport(Darwin)
    /// A type describing when a specific widget could be relevant. Only the group-based
    /// initializers; the `RelevantContext` ones need App Intents' relevance types, left out.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/widgetrelevanceattribute
    @available(iOS 18.0, macOS 15.0, watchOS 11.0, *)
    @available(tvOS, unavailable)
    public struct WidgetRelevanceAttribute<Configuration> {}

    @available(iOS 18.0, macOS 15.0, watchOS 11.0, *)
    @available(tvOS, unavailable)
    extension WidgetRelevanceAttribute where Configuration == () {
        /// Associates the widget kind with a group.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetrelevanceattribute/init(group:)
        public init(group: WidgetRelevanceGroup) {}
    }

    @available(iOS 18.0, macOS 15.0, watchOS 11.0, *)
    @available(tvOS, unavailable)
    extension WidgetRelevanceAttribute where Configuration: WidgetConfigurationIntent {
        /// Associates a configuration of the widget kind with a group.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetrelevanceattribute
        /// (one of the two `init(configuration:group:)`; the iOS 18.0 SDK declares this one where
        /// `Configuration : AppIntents.WidgetConfigurationIntent`)
        public init(configuration: Configuration, group: WidgetRelevanceGroup) {}
    }
#endif
