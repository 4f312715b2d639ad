#if !canImport(WidgetKit)
    /// A view that displays one or more lines of read-only text.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/text
    /// (declared `@frozen public struct Text : Equatable, Sendable` in the SDK)
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    @frozen public struct Text: Equatable, Sendable {
        // Stand-in storage: the text, for equality.
        private let content: String

        /// Creates a text view that displays a stored string without localization.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4
        public init<S>(_ content: S) where S: StringProtocol { self.content = String(content) }
    }

    /// Apple: https://developer.apple.com/documentation/swiftui/text (a view)
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    extension Text: View {
        /// Apple: https://developer.apple.com/documentation/swiftui/view/body-8kl5o
        public var body: Never { fatalError("Text is primitive") }
    }
#endif
