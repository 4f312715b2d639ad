#if !canImport(Darwin)
    /// An object that describes a recommended intent configuration for a user-customizable widget:
    /// what `AppIntentTimelineProvider.recommendations()` returns, which watchOS needs (it has no
    /// configuration interface).
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/appintentrecommendation
    @available(iOS 17.0, macOS 14.0, watchOS 10.0, *)
    @available(tvOS, unavailable)
    public struct AppIntentRecommendation<Intent> where Intent: WidgetConfigurationIntent {
        /// Creates a recommended configuration for a widget on platforms that don't offer a
        /// dedicated user interface to customize widgets.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/appintentrecommendation/init(intent:description:)-65igj
        public init(intent: Intent, description: Text) {}

        /// Creates a recommended configuration for a widget on platforms that don't offer a
        /// dedicated user interface to customize widgets with a localized description. A string
        /// literal picks this one.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/appintentrecommendation/init(intent:description:)-2p4dh
        public init(intent: Intent, description: LocalizedStringKey) {}

        /// Creates a recommended configuration for a widget on platforms that don't offer a
        /// dedicated user interface to customize widgets, with a description that is not localized.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/appintentrecommendation/init(intent:description:)-7zn32
        /// (`@_disfavoredOverload` as in the iOS 18.0 SDK's WidgetKit.swiftinterface)
        @_disfavoredOverload public init(intent: Intent, description: some StringProtocol) {}
    }
#endif
