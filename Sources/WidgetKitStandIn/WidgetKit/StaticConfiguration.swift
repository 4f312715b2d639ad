#if !canImport(Darwin)
    /// An object describing the content of a widget that has no user-configurable options.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/staticconfiguration
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @available(tvOS, unavailable)
    @MainActor @preconcurrency public struct StaticConfiguration<Content> where Content: View {
        /// Creates a configuration for a widget, with no user-configurable options.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/staticconfiguration/init(kind:provider:content:)
        @MainActor @preconcurrency public init<Provider>(
            kind: String, provider: Provider, @ViewBuilder content: @escaping (Provider.Entry) -> Content
        ) where Provider: TimelineProvider {}
    }

    /// Apple: https://developer.apple.com/documentation/widgetkit/staticconfiguration
    /// (a widget configuration: the page's Relationships)
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @available(tvOS, unavailable)
    extension StaticConfiguration: WidgetConfiguration {}

    /// Apple: https://developer.apple.com/documentation/widgetkit/staticconfiguration
    /// (`extension WidgetKit.StaticConfiguration : Swift.Sendable {}` in the iOS 18.0 SDK's
    /// WidgetKit.swiftinterface)
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @available(tvOS, unavailable)
    extension StaticConfiguration: Sendable {}
#endif
