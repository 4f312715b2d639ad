#if !canImport(Darwin)
    import Foundation

    /// A type that specifies the date to display a widget, and, optionally, indicates the current
    /// relevance of the widget's content.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/timelineentry
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    public protocol TimelineEntry {
        /// The date for WidgetKit to render a widget.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineentry/date
        var date: Date { get }

        /// The relevance of a widget's content to the user.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineentry/relevance
        var relevance: TimelineEntryRelevance? { get }
    }

    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    extension TimelineEntry {
        /// The default relevance: none.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineentry/relevance
        /// (the page lists a default implementation beside the requirement)
        public var relevance: TimelineEntryRelevance? { nil }
    }
#endif
