#if !canImport(Darwin)
    import Foundation

    /// An object that contains details about how a widget is rendered, including its size and
    /// whether it appears in the widget gallery.
    ///
    /// Not `Sendable`, as in the SDK. WidgetKit creates contexts; there is no public initializer.
    /// The stand-in's internal one lets the package's own tests (`@testable import
    /// WidgetKitStandIn`) build a context on Linux.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovidercontext
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @available(tvOS, unavailable)
    public struct TimelineProviderContext {
        /// A structure containing all varieties of environments where a widget could appear.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovidercontext/environmentvariants-swift.struct
        @dynamicMemberLookup public struct EnvironmentVariants {
            init() {}

            /// Returns the widget environment variants for a key path to an environment values
            /// instance. The stand-in knows no variants and answers `nil`.
            ///
            /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovidercontext/environmentvariants-swift.struct/subscript(dynamicmember:)
            public subscript<T>(dynamicMember keyPath: WritableKeyPath<EnvironmentValues, T>) -> [T]? { nil }

            /// Returns the widget environment variants for a key path to an environment values
            /// instance. The stand-in knows no variants and answers `nil`.
            ///
            /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovidercontext/environmentvariants-swift.struct/subscript(_:)
            public subscript<T>(keyPath: WritableKeyPath<EnvironmentValues, T>) -> [T]? { nil }
        }

        /// All environment values that might be set when a widget appears.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovidercontext/environmentvariants-swift.property
        public let environmentVariants: EnvironmentVariants

        /// The user-configured family of the widget.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovidercontext/family
        public let family: WidgetFamily

        /// A Boolean value that indicates when the widget appears in the widget gallery.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovidercontext/ispreview
        public let isPreview: Bool

        /// The size, in points, of the widget.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/timelineprovidercontext/displaysize
        public let displaySize: CGSize

        // Stand-in detail: a context as WidgetKit would pass it. The family defaults to one the
        // modelled platform has; the size is whatever the test says (WidgetKit measures it).
        init(isPreview: Bool, family: WidgetFamily = .standInDefault, displaySize: CGSize = .zero) {
            environmentVariants = EnvironmentVariants()
            self.family = family
            self.isPreview = isPreview
            self.displaySize = displaySize
        }
    }

    extension WidgetFamily {
        // Stand-in detail: a family available on the modelled platform, for contexts made in tests.
        static var standInDefault: WidgetFamily {
            #if WIDGETKIT_STANDIN_WATCHOS
                .accessoryRectangular
            #else
                .systemSmall
            #endif
        }
    }
#endif
