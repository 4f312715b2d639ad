#if !canImport(Darwin)
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @available(tvOS, unavailable)
    extension EnvironmentValues {
        /// The template of the widget: small, medium, or large. The stand-in's environment has the
        /// family its contexts default to.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/environmentvalues/widgetfamily
        /// (declared in the iOS 18.0 SDK's WidgetKit.swiftinterface, get-only)
        public var widgetFamily: WidgetFamily { .standInDefault }
    }
#endif
