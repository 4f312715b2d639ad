#if !canImport(Darwin)
    /// A custom attribute that constructs a widget bundle's body.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/widgetbundlebuilder
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @resultBuilder public struct WidgetBundleBuilder {
        /// Builds the widgets of a bundle.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widgetbundlebuilder/buildblock(_:)
        public static func buildBlock<each C>(_ c: repeat each C) -> some Widget where repeat each C: Widget {
            BundledWidgets()
        }
    }

    // Stand-in detail: the concrete widget behind `buildBlock`'s opaque result.
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    struct BundledWidgets: Widget {
        var body: some WidgetConfiguration { NoConfiguration() }
    }

    // Stand-in detail: the configuration behind `BundledWidgets`.
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    struct NoConfiguration: WidgetConfiguration {}
#endif
