#if !canImport(WidgetKit)
    import Foundation

    /// A type that advises WidgetKit when to update a user-configurable widget's display.
    ///
    /// Requirements the package does not use (`relevance()`, `recommendations()`) are left out.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider
    @available(iOS 17.0, macOS 14.0, watchOS 10.0, *)
    public protocol AppIntentTimelineProvider {
        /// A type that specifies the date to display a widget, and, optionally, indicates the
        /// current relevance of the widget's content.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/entry
        /// (declaration as on https://developer.apple.com/documentation/widgetkit/intenttimelineprovider/entry)
        associatedtype Entry: TimelineEntry

        /// The intent that contains user-customized values.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/intent
        associatedtype Intent: WidgetConfigurationIntent

        /// An object that contains details about how a widget is rendered.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/context
        typealias Context = TimelineProviderContext

        /// Provides a timeline entry representing a placeholder version of the widget.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/placeholder(in:)
        /// (declaration as on https://developer.apple.com/documentation/widgetkit/intenttimelineprovider/placeholder(in:))
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
    }
#endif
