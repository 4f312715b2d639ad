#if !canImport(Darwin)
    /// A type for configuring widget behavior in the watchOS Smart Stack.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/widgetrelevancegroup
    @available(iOS 18.0, macOS 15.0, watchOS 11.0, *)
    @available(tvOS, unavailable)
    public struct WidgetRelevanceGroup {
        private init() {}
    }

    @available(iOS 18.0, macOS 15.0, watchOS 11.0, *)
    @available(tvOS, unavailable)
    extension WidgetRelevanceGroup {
        /// Creates a group with the provided name.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetrelevancegroup/named(_:)
        public static func named(_ name: String) -> WidgetRelevanceGroup { WidgetRelevanceGroup() }

        /// Don't use the system's default behavior for grouping widgets.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetrelevancegroup/ungrouped
        public static let ungrouped = WidgetRelevanceGroup()

        /// Specifies that the widget group should use the automatic grouping behavior provided the
        /// system.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetrelevancegroup/automatic
        public static let automatic = WidgetRelevanceGroup()
    }
#endif
