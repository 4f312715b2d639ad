#if !canImport(Darwin)
    import Foundation

    /// A view that displays one or more lines of read-only text.
    ///
    /// A string literal picks the localized initializer and a `String` variable the `StringProtocol`
    /// one, as the initializers' pages describe; the disfavoured generic initializer is how.
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
        @_disfavoredOverload public init<S>(_ content: S) where S: StringProtocol {
            self.content = String(content)
        }

        /// Creates a text view that displays localized content identified by a key.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/text/init(_:tablename:bundle:comment:)
        public init(
            _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
            comment: StaticString? = nil
        ) { content = key.key }

        /// Creates a text view that displays a string literal without localization.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/text/init(verbatim:)
        public init(verbatim content: String) { self.content = content }

        /// Creates an instance that displays localized dates and times using a specific style.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/text/init(_:style:)
        @available(iOS 14.0, macOS 11.0, watchOS 7.0, *)
        public init(_ date: Date, style: Text.DateStyle) { content = "\(date.timeIntervalSince1970)" }
    }

    @available(iOS 14.0, macOS 11.0, watchOS 7.0, *)
    extension Text {
        /// A predefined style used to display a `Date`. The page also lists `Codable`, left out.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/text/datestyle
        public struct DateStyle: Equatable, Sendable {
            // Stand-in storage: which style, for equality.
            private let name: String

            private init(_ name: String) { self.name = name }

            /// A style displaying only the time component for a date.
            ///
            /// Apple: https://developer.apple.com/documentation/swiftui/text/datestyle/time
            public static let time = DateStyle("time")

            /// A style displaying a date.
            ///
            /// Apple: https://developer.apple.com/documentation/swiftui/text/datestyle/date
            public static let date = DateStyle("date")

            /// A style displaying a date as relative to now.
            ///
            /// Apple: https://developer.apple.com/documentation/swiftui/text/datestyle/relative
            public static let relative = DateStyle("relative")

            /// A style displaying a date as offset from now.
            ///
            /// Apple: https://developer.apple.com/documentation/swiftui/text/datestyle/offset
            public static let offset = DateStyle("offset")

            /// A style displaying a date as timer counting from now.
            ///
            /// Apple: https://developer.apple.com/documentation/swiftui/text/datestyle/timer
            public static let timer = DateStyle("timer")
        }
    }

    /// Apple: https://developer.apple.com/documentation/swiftui/text (a view)
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    extension Text: View {
        /// Apple: https://developer.apple.com/documentation/swiftui/view/body-8kl5o
        public var body: Never { fatalError("Text is primitive") }
    }
#endif
