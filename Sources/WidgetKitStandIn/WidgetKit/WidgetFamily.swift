#if !canImport(Darwin)
    /// Values that define the widget's size and shape.
    ///
    /// Every case carries Apple's availability. Where Apple marks a case unavailable on the platform
    /// the stand-in models (iOS by default, watchOS under `WIDGETKIT_STANDIN_WATCHOS`; README,
    /// "Platforms"), the case is unavailable here too, so a `switch` or a `supportedFamilies` list
    /// that would not build for that platform does not build on Linux either.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/widgetfamily
    /// (conformances and per-case availability as in the iOS 18.0 SDK's WidgetKit.swiftinterface)
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @available(tvOS, unavailable)
    @preconcurrency
    public enum WidgetFamily: Int, CustomDebugStringConvertible, CustomStringConvertible, Sendable {
        /// A small widget.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetfamily/systemsmall
        @available(iOS 14.0, macOS 11.0, *)
        @available(tvOS, unavailable)
        @available(watchOS, unavailable)
        #if WIDGETKIT_STANDIN_WATCHOS
            @available(*, unavailable)
        #endif
        case systemSmall

        /// A medium-sized widget.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetfamily/systemmedium
        @available(iOS 14.0, macOS 11.0, *)
        @available(tvOS, unavailable)
        @available(watchOS, unavailable)
        #if WIDGETKIT_STANDIN_WATCHOS
            @available(*, unavailable)
        #endif
        case systemMedium

        /// A large widget.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetfamily/systemlarge
        @available(iOS 14.0, macOS 11.0, *)
        @available(tvOS, unavailable)
        @available(watchOS, unavailable)
        #if WIDGETKIT_STANDIN_WATCHOS
            @available(*, unavailable)
        #endif
        case systemLarge

        /// An extra-large widget.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetfamily/systemextralarge
        @available(iOS 15.0, macOS 14.0, *)
        @available(tvOS, unavailable)
        @available(watchOS, unavailable)
        #if WIDGETKIT_STANDIN_WATCHOS
            @available(*, unavailable)
        #endif
        case systemExtraLarge

        /// A widget-based complication in the corner of a watch face in watchOS.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetfamily/accessorycorner
        @available(watchOS 9.0, *)
        @available(iOS, unavailable)
        @available(macOS, unavailable)
        @available(tvOS, unavailable)
        #if !WIDGETKIT_STANDIN_WATCHOS
            @available(*, unavailable)
        #endif
        case accessoryCorner

        /// A circular widget.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetfamily/accessorycircular
        @available(iOS 16.0, watchOS 9.0, *)
        @available(macOS, unavailable)
        @available(tvOS, unavailable)
        case accessoryCircular

        /// A rectangular widget.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetfamily/accessoryrectangular
        @available(iOS 16.0, watchOS 9.0, *)
        @available(macOS, unavailable)
        @available(tvOS, unavailable)
        case accessoryRectangular

        /// A flat widget that contains a single row of text and an optional image.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetfamily/accessoryinline
        @available(iOS 16.0, watchOS 9.0, *)
        @available(macOS, unavailable)
        @available(tvOS, unavailable)
        case accessoryInline

        /// A vertically-oriented extra large widget. Its page lists visionOS 26.0 only, and the iOS
        /// 18.0 SDK does not have it: unavailable on both platforms the stand-in models. Declared
        /// last, since the iOS 18.0 SDK's raw values end with `accessoryInline`.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetfamily/systemextralargeportrait
        @available(visionOS 26.0, *)
        @available(iOS, unavailable)
        @available(macOS, unavailable)
        @available(tvOS, unavailable)
        @available(watchOS, unavailable)
        @available(*, unavailable)
        case systemExtraLargePortrait

        /// A textual representation of the family. The stand-in answers the case's name.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetfamily
        /// (`CustomStringConvertible` among the page's conformances)
        public var description: String { name }

        /// A textual representation of the family, for debugging. The stand-in answers the case's
        /// name.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetfamily
        /// (`CustomDebugStringConvertible` among the page's conformances)
        public var debugDescription: String { name }

        // Stand-in detail: the case names, from the raw values so that no case (available or not on
        // the modelled platform) has to be named here.
        private var name: String {
            let names = [
                "systemSmall", "systemMedium", "systemLarge", "systemExtraLarge", "accessoryCorner",
                "accessoryCircular", "accessoryRectangular", "accessoryInline", "systemExtraLargePortrait",
            ]
            return names.indices.contains(rawValue) ? names[rawValue] : "WidgetFamily(rawValue: \(rawValue))"
        }
    }

    /// Apple: https://developer.apple.com/documentation/widgetkit/widgetfamily
    /// (`extension WidgetKit.WidgetFamily : Swift.Hashable {}` in the iOS 18.0 SDK)
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @available(tvOS, unavailable)
    extension WidgetFamily: Hashable {}
#endif
