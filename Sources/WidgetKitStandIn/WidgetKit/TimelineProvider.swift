#if !canImport(WidgetKit)
    import Foundation

    /// A type that advises WidgetKit when to update a widget's display.
    ///
    /// Requirements the package does not use (`relevance()`) are left out.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovider
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    public protocol TimelineProvider {
        /// A type that specifies the date to display a widget, and, optionally, indicates the
        /// current relevance of the widget's content.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovider/entry
        /// (declaration as on https://developer.apple.com/documentation/widgetkit/intenttimelineprovider/entry)
        associatedtype Entry: TimelineEntry

        /// An object that contains details about how a widget is rendered.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovider/context
        /// (declaration as on https://developer.apple.com/documentation/widgetkit/intenttimelineprovider/context)
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
    }
#endif
