#if !canImport(Darwin)
    /// An interface for configuring a WidgetKit widget.
    ///
    /// Apple: https://developer.apple.com/documentation/appintents/widgetconfigurationintent
    @available(iOS 17.0, macOS 14.0, watchOS 10.0, *)
    public protocol WidgetConfigurationIntent: AppIntent {}
#endif
