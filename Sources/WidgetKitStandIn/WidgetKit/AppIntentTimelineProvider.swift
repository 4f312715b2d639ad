#if !canImport(Darwin)
    import Foundation

    /// A type that advises WidgetKit when to update a user-configurable widget's display.
    ///
    /// `recommendations()` is a requirement whose default is unavailable on watchOS, as in the SDK:
    /// a provider that builds for watchOS implements it. Under `WIDGETKIT_STANDIN_WATCHOS` the
    /// default is unavailable here too, so a Linux build refuses a provider without one (README,
    /// "Platforms").
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider
    /// (requirements and defaults as in the iOS 18.0 SDK's WidgetKit.swiftinterface)
    @available(iOS 17.0, macOS 14.0, watchOS 10.0, *)
    @available(tvOS, unavailable)
    public protocol AppIntentTimelineProvider {
        /// A type that specifies the date to display a widget, and, optionally, indicates the
        /// current relevance of the widget's content.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/entry
        associatedtype Entry: TimelineEntry

        /// The intent that contains user-customized values.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/intent
        associatedtype Intent: WidgetConfigurationIntent

        /// An object that contains details about how a widget is rendered.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/context
        typealias Context = TimelineProviderContext

        /// Returns a set of intent recommendations you use to offer pre-configured widgets on
        /// platforms that don't offer a dedicated user interface for customizing widget intents.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/recommendations()
        func recommendations() -> [AppIntentRecommendation<Self.Intent>]

        /// Provides a timeline entry representing a placeholder version of the widget.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/placeholder(in:)
        func placeholder(in context: Self.Context) -> Self.Entry

        /// Provides a timeline entry representing the current time and state of a widget.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/snapshot(for:in:)
        func snapshot(for configuration: Self.Intent, in context: Self.Context) async -> Self.Entry

        /// Provides an array of timeline entries for the current time and, optionally, any future
        /// times to update a widget.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/timeline(for:in:)
        func timeline(for configuration: Self.Intent, in context: Self.Context) async -> Timeline<Self.Entry>

        /// Provides an object containing attributes that describe when a specific widget is
        /// relevant.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/relevance()
        @available(iOS 18.0, macOS 15.0, watchOS 11.0, *)
        @available(tvOS, unavailable)
        func relevance() async -> WidgetRelevance<Self.Intent>
    }

    extension AppIntentTimelineProvider {
        /// The default relevance: none.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/relevance()
        /// ("By default, this method returns no relevances.")
        @available(iOS 18.0, macOS 15.0, watchOS 11.0, *)
        @available(tvOS, unavailable)
        public func relevance() async -> WidgetRelevance<Self.Intent> { WidgetRelevance([]) }
    }

    extension AppIntentTimelineProvider {
        /// The default recommendations: none. Unavailable on watchOS, where a provider must say
        /// which configurations to offer.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/recommendations()
        /// (the iOS 18.0 SDK declares this default `@available(iOS 17.0, macOS 14.0, *)
        /// @available(watchOS, unavailable)`)
        @available(iOS 17.0, macOS 14.0, *)
        @available(tvOS, unavailable)
        @available(watchOS, unavailable)
        #if WIDGETKIT_STANDIN_WATCHOS
            @available(*, unavailable)
        #endif
        public func recommendations() -> [AppIntentRecommendation<Self.Intent>] { [] }
    }
#endif
