#if !canImport(Darwin)
    /// A control that initiates an action. Only the App Intent initializers: in a widget, a button
    /// performs an intent (interactive widgets).
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/button
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    public struct Button<Label> where Label: View {
        /// Creates a button that performs an `AppIntent`.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/button/init(intent:label:)
        @available(iOS 17.0, macOS 14.0, watchOS 10.0, *)
        nonisolated public init<I>(intent: I, @ViewBuilder label: () -> Label) where I: AppIntent {}
    }

    @available(iOS 17.0, macOS 14.0, watchOS 10.0, *)
    extension Button where Label == Text {
        /// Creates a button that performs an `AppIntent` and generates its label from a localized
        /// string key.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/button/init(_:intent:)
        nonisolated public init(_ titleKey: LocalizedStringKey, intent: some AppIntent) {}
    }

    /// Apple: https://developer.apple.com/documentation/swiftui/button (a view: the page's
    /// Relationships)
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    extension Button: View {
        /// Apple: https://developer.apple.com/documentation/swiftui/view/body-8kl5o
        public var body: Never { fatalError("Button is primitive") }
    }
#endif
