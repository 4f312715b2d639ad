#if !canImport(Darwin)
    import Foundation

    /// A type that advises WidgetKit when to update a widget's display.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovider
    /// (requirements and defaults as in the iOS 18.0 SDK's WidgetKit.swiftinterface)
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @available(tvOS, unavailable)
    public protocol TimelineProvider {
        /// A type that specifies the date to display a widget, and, optionally, indicates the
        /// current relevance of the widget's content.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovider/entry
        associatedtype Entry: TimelineEntry

        /// An object that contains details about how a widget is rendered.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovider/context
        typealias Context = TimelineProviderContext

        /// Provides a timeline entry representing a placeholder version of the widget.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovider/placeholder(in:)
        func placeholder(in context: Self.Context) -> Self.Entry

        /// Provides a timeline entry that represents the current time and state of a widget.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovider/getsnapshot(in:completion:)
        @preconcurrency func getSnapshot(
            in context: Self.Context, completion: @escaping @Sendable (Self.Entry) -> Void)

        /// Provides an array of timeline entries for the current time and, optionally, any future
        /// times to update a widget.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovider/gettimeline(in:completion:)
        @preconcurrency func getTimeline(
            in context: Self.Context, completion: @escaping @Sendable (Timeline<Self.Entry>) -> Void)

        /// Provides an object containing attributes that describe when a specific widget is
        /// relevant.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovider/relevance()
        @available(iOS 18.0, macOS 15.0, watchOS 11.0, *)
        @available(tvOS, unavailable)
        func relevance() async -> WidgetRelevance<Void>
    }

    extension TimelineProvider {
        /// The default relevance: none.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovider/relevance()
        /// (a default in the iOS 18.0 SDK's WidgetKit.swiftinterface)
        @available(iOS 18.0, macOS 15.0, watchOS 11.0, *)
        @available(tvOS, unavailable)
        public func relevance() async -> WidgetRelevance<Void> { WidgetRelevance([]) }
    }
#endif
