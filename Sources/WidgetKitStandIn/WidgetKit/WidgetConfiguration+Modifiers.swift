#if !canImport(Darwin)
    // WidgetKit's modifiers of SwiftUI's `WidgetConfiguration`, as the iOS 18.0 SDK declares them in
    // WidgetKit.swiftinterface: each text modifier takes `Text`, `LocalizedStringKey` (what a string
    // literal picks) and a disfavoured `StringProtocol` (what a `String` variable picks). The newer
    // `LocalizedStringResource` overloads (on the pages without a suffix) are not in that SDK and are
    // left out: how Apple keeps a literal unambiguous between them is not published.

    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @available(tvOS, unavailable)
    extension WidgetConfiguration {
        /// Sets the name shown for a widget when a user adds or edits it using the contents of a
        /// text view.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widgetconfiguration/configurationdisplayname(_:)-3sbn4
        @MainActor @preconcurrency public func configurationDisplayName(_ displayName: Text)
            -> some WidgetConfiguration
        { self }

        /// Sets the localized name shown for a widget when a user adds or edits the widget.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widgetconfiguration/configurationdisplayname(_:)-4v9q
        @MainActor @preconcurrency public func configurationDisplayName(_ displayNameKey: LocalizedStringKey)
            -> some WidgetConfiguration
        { self }

        /// Sets the name shown for a widget when a user adds or edits it using the specified string.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widgetconfiguration/configurationdisplayname(_:)-2c3zv
        @_disfavoredOverload
        @MainActor @preconcurrency public func configurationDisplayName<S>(_ displayName: S)
            -> some WidgetConfiguration where S: StringProtocol
        { self }

        /// Sets the description shown for a widget when a user adds or edits it using the contents
        /// of a text view.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widgetconfiguration/description(_:)-1bvuj
        @MainActor @preconcurrency public func description(_ description: Text) -> some WidgetConfiguration {
            self
        }

        /// Sets the localized description shown for a widget when a user adds or edits the widget.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widgetconfiguration/description(_:)-4q9pa
        @MainActor @preconcurrency public func description(_ descriptionKey: LocalizedStringKey)
            -> some WidgetConfiguration
        { self }

        /// Sets the description shown for a widget when a user adds or edits it using the specified
        /// string.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widgetconfiguration/description(_:)-2bfr
        @_disfavoredOverload
        @MainActor @preconcurrency public func description<S>(_ description: S) -> some WidgetConfiguration
        where S: StringProtocol { self }

        /// Sets the sizes that a widget supports.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widgetconfiguration/supportedfamilies(_:)
        @MainActor @preconcurrency public func supportedFamilies(_ families: [WidgetFamily])
            -> some WidgetConfiguration
        { self }

        /// Specifies that a widget's configuration UI should be automatically presented after the
        /// widget is added. Unavailable on watchOS, which has no configuration UI.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widgetconfiguration/promptsforuserconfiguration()
        @available(iOS 18.0, macOS 15.0, *)
        @available(tvOS, unavailable)
        @available(watchOS, unavailable)
        #if WIDGETKIT_STANDIN_WATCHOS
            @available(*, unavailable)
        #endif
        @MainActor @preconcurrency public func promptsForUserConfiguration() -> some WidgetConfiguration {
            self
        }
    }

    @available(iOS 15.0, macOS 12.0, watchOS 9.0, *)
    @available(tvOS, unavailable)
    extension WidgetConfiguration {
        /// Disable default content margins (no effect before iOS 17, watchOS 10, macOS 14).
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widgetconfiguration/contentmarginsdisabled()
        @MainActor @preconcurrency public func contentMarginsDisabled() -> some WidgetConfiguration { self }

        /// A modifier that marks the background of a widget as removable (no effect before iOS 17,
        /// watchOS 10, macOS 14).
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widgetconfiguration/containerbackgroundremovable(_:)
        @MainActor @preconcurrency public func containerBackgroundRemovable(_ isRemovable: Bool = true)
            -> some WidgetConfiguration
        { self }
    }

    @available(iOS 26.0, macOS 26.0, watchOS 26.0, visionOS 26.0, *)
    @available(tvOS, unavailable)
    extension WidgetConfiguration {
        /// Register a type that can handle push tokens changing for widgets.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widgetconfiguration/pushhandler(_:)
        /// (iOS 26 interfaces are not in the stored SDKs; the page is the source)
        @MainActor @preconcurrency public func pushHandler(_ pushHandlerType: any WidgetPushHandler.Type)
            -> some WidgetConfiguration
        { self }
    }
#endif
