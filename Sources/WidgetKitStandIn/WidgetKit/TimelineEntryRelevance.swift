#if !canImport(Darwin)
    import Foundation

    /// An object that describes the relative importance of a timeline entry compared to other
    /// entries in the current and past timelines.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/timelineentryrelevance
    /// (declared `public struct TimelineEntryRelevance : Swift.Codable, Swift.Hashable` in the iOS
    /// 18.0 SDK's WidgetKit.swiftinterface)
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @available(tvOS, unavailable)
    public struct TimelineEntryRelevance: Codable, Hashable {
        /// A value that indicates the relevance of an entry compared to other entries in the
        /// current and past timelines.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineentryrelevance/score
        public var score: Float

        /// The number of seconds, following an entry's date, that WidgetKit considers the widget
        /// for rotation to the top of the stack.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineentryrelevance/duration
        public var duration: TimeInterval

        /// Creates an object that represents the importance of a widget and the length of time for
        /// WidgetKit to consider it for rotation to the top of the stack.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineentryrelevance/init(score:duration:)
        public init(score: Float, duration: TimeInterval = 0.0) {
            self.score = score
            self.duration = duration
        }
    }
#endif
