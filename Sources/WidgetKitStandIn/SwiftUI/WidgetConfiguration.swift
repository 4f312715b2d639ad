#if !canImport(WidgetKit)
    /// A type that describes a widget's content. Its `body` requirement is left out: the package
    /// declares no configurations of its own, only WidgetKit's.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/widgetconfiguration
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @MainActor @preconcurrency public protocol WidgetConfiguration {}

    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    extension WidgetConfiguration {
        /// Sets the name shown for a widget when a user adds or edits it using the specified string.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widgetconfiguration/configurationdisplayname(_:)-2c3zv
        @MainActor @preconcurrency public func configurationDisplayName<S>(_ displayName: S)
            -> some WidgetConfiguration where S: StringProtocol
        { self }

        /// Sets the description shown for a widget when a user adds or edits it using the specified
        /// string.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widgetconfiguration/description(_:)-2bfr
        @MainActor @preconcurrency public func description<S>(_ description: S) -> some WidgetConfiguration
        where S: StringProtocol { self }

        /// Sets the sizes that a widget supports.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widgetconfiguration/supportedfamilies(_:)
        @MainActor @preconcurrency public func supportedFamilies(_ families: [WidgetFamily])
            -> some WidgetConfiguration
        { self }
    }
#endif
