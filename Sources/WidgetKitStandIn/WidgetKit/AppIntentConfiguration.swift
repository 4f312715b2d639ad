#if !canImport(Darwin)
    /// An object describing the content of a widget that uses a custom intent to provide
    /// user-configurable options.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/appintentconfiguration
    @available(iOS 17.0, macOS 14.0, watchOS 10.0, *)
    @available(tvOS, unavailable)
    @MainActor @preconcurrency public struct AppIntentConfiguration<Intent, Content>
    where Intent: WidgetConfigurationIntent, Content: View {
        /// Creates a configuration for a widget by using a custom intent to provide
        /// user-configurable options.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/appintentconfiguration/init(kind:intent:provider:content:)
        @MainActor @preconcurrency public init<Provider>(
            kind: String, intent: Intent.Type = Intent.self, provider: Provider,
            @ViewBuilder content: @escaping (Provider.Entry) -> Content
        ) where Intent == Provider.Intent, Provider: AppIntentTimelineProvider {}
    }

    /// Apple: https://developer.apple.com/documentation/widgetkit/appintentconfiguration
    /// (a widget configuration: the page's Relationships)
    @available(iOS 17.0, macOS 14.0, watchOS 10.0, *)
    @available(tvOS, unavailable)
    extension AppIntentConfiguration: WidgetConfiguration {}

    /// Apple: https://developer.apple.com/documentation/widgetkit/appintentconfiguration
    /// (`extension WidgetKit.AppIntentConfiguration : Swift.Sendable {}` in the iOS 18.0 SDK's
    /// WidgetKit.swiftinterface)
    @available(iOS 17.0, macOS 14.0, watchOS 10.0, *)
    @available(tvOS, unavailable)
    extension AppIntentConfiguration: Sendable {}
#endif
