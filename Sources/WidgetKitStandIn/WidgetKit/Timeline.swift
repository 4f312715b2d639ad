#if !canImport(Darwin)
    import Foundation

    /// An object that specifies a date for WidgetKit to update a widget's view.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/timeline
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    public struct Timeline<EntryType> where EntryType: TimelineEntry {
        /// An array of timeline entries.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timeline/entries
        public let entries: [EntryType]

        /// The policy that determines the earliest date and time WidgetKit requests a new timeline
        /// from a timeline provider.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timeline/policy
        public let policy: TimelineReloadPolicy

        /// Creates a timeline for when you want WidgetKit to update a widget's view.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timeline/init(entries:policy:)
        public init(entries: [EntryType], policy: TimelineReloadPolicy) {
            self.entries = entries
            self.policy = policy
        }
    }
#endif
