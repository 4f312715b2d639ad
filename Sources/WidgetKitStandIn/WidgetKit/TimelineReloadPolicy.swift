#if !canImport(WidgetKit)
    import Foundation

    /// A type that indicates the earliest date WidgetKit requests a new timeline from the widget's
    /// provider.
    ///
    /// `Sendable` is what Swift 6 asks of a type with `static let` constants; Apple's page lists
    /// `Equatable`, which the tests use to compare policies.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/timelinereloadpolicy
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    public struct TimelineReloadPolicy: Equatable, Sendable {
        // Stand-in storage, so that policies compare equal exactly when WidgetKit's would.
        private enum Storage: Equatable, Sendable {
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
