#if !canImport(Darwin)
    import Foundation

    /// A type that indicates the earliest date WidgetKit requests a new timeline from the widget's
    /// provider.
    ///
    /// `Equatable` only, as in the SDK: it is not `Sendable`, so code that sends a policy across
    /// isolation is refused here as it is by an Apple build.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/timelinereloadpolicy
    /// (declared `public struct TimelineReloadPolicy : Swift.Equatable` in the iOS 18.0 SDK's
    /// WidgetKit.swiftinterface)
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @available(tvOS, unavailable)
    public struct TimelineReloadPolicy: Equatable {
        // Stand-in storage, so that policies compare equal exactly when WidgetKit's would.
        private enum Storage: Equatable {
            case atEnd
            case after(Date)
            case never
        }

        private let storage: Storage

        private init(_ storage: Storage) { self.storage = storage }

        /// A policy that specifies that WidgetKit requests a new timeline after the last date in a
        /// timeline passes.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelinereloadpolicy/atend
        public static let atEnd = TimelineReloadPolicy(.atEnd)

        /// A policy that specifies that the app prompts WidgetKit when a new timeline is available.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelinereloadpolicy/never
        public static let never = TimelineReloadPolicy(.never)

        /// A policy that specifies a future date for WidgetKit to request a new timeline.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelinereloadpolicy/after(_:)
        public static func after(_ date: Date) -> TimelineReloadPolicy { TimelineReloadPolicy(.after(date)) }
    }
#endif
