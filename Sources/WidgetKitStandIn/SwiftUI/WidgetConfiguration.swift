#if !canImport(Darwin)
    /// A type that describes a widget's content. Its `body` requirement is left out: the package
    /// declares no configurations of its own, only WidgetKit's. WidgetKit's modifiers are in
    /// `WidgetKit/WidgetConfiguration+Modifiers.swift`, as the SDK declares them in WidgetKit.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/widgetconfiguration
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @MainActor @preconcurrency public protocol WidgetConfiguration {}
#endif
