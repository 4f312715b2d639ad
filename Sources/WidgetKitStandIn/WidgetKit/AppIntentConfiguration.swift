#if !canImport(WidgetKit)
    /// An object describing the content of a widget that uses a custom intent to provide
    /// user-configurable options.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/appintentconfiguration
    @available(iOS 17.0, macOS 14.0, watchOS 10.0, *)
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
    extension AppIntentConfiguration: WidgetConfiguration {}
#endif
