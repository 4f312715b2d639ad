#if !canImport(Darwin)
    /// A control that toggles between on and off states. Only the App Intent initializer: in a
    /// widget, a toggle performs an intent and the timeline supplies its state.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/toggle
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    public struct Toggle<Label> where Label: View {
        /// Creates a toggle performing an `AppIntent`.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/toggle/init(ison:intent:label:)
        @available(iOS 17.0, macOS 14.0, watchOS 10.0, *)
        nonisolated public init<I>(isOn: Bool, intent: I, @ViewBuilder label: () -> Label)
        where I: AppIntent {}
    }

    /// Apple: https://developer.apple.com/documentation/swiftui/toggle (a view: the page's
    /// Relationships)
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    extension Toggle: View {
        /// Apple: https://developer.apple.com/documentation/swiftui/view/body-8kl5o
        public var body: Never { fatalError("Toggle is primitive") }
    }
#endif
