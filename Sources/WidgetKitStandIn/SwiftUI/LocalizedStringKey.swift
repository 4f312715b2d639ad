#if !canImport(Darwin)
    import Foundation

    /// The key used to look up an entry in a strings file or strings dictionary file: what a string
    /// literal becomes where an initializer or modifier also takes a `StringProtocol` value.
    ///
    /// Not `Sendable`: the page lists `Equatable` and the literal protocols only. Interpolations take
    /// literals and dates; the other documented `appendInterpolation` overloads are left out, so an
    /// interpolated literal of other values picks the `StringProtocol` overload here.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/localizedstringkey
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    @frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
        // Stand-in storage: the key as written.
        let key: String

        /// Creates a localized string key from the given string value.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/localizedstringkey/init(_:)
        public init(_ value: String) { key = value }

        /// Creates a localized string key from the given string literal.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/localizedstringkey/init(stringliteral:)
        public init(stringLiteral value: String) { key = value }

        /// Creates a localized string key from the given string interpolation.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/localizedstringkey/init(stringinterpolation:)
        public init(stringInterpolation: StringInterpolation) { key = stringInterpolation.key }

        /// Represents the contents of a string literal with interpolations while it's being built,
        /// for use in creating a localized string key.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation
        public struct StringInterpolation: StringInterpolationProtocol {
            // Stand-in storage: the key, with each interpolation written as a format specifier.
            var key = ""

            /// Creates an empty interpolation (a requirement of `StringInterpolationProtocol`).
            ///
            /// Apple: https://developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation
            /// (conforms to `StringInterpolationProtocol`)
            public init(literalCapacity: Int, interpolationCount: Int) {}

            /// Appends a literal string.
            ///
            /// Apple: https://developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation/appendliteral(_:)
            public mutating func appendLiteral(_ literal: String) { key += literal }

            /// Appends a formatted date to a string interpolation.
            ///
            /// Apple: https://developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation/appendinterpolation(_:style:)
            @available(iOS 14.0, macOS 11.0, watchOS 7.0, *)
            public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) { key += "%@" }
        }
    }
#endif
