#if !canImport(Darwin)
    /// A reference to a localizable string, accessible from another process. Written as a string
    /// literal, as Apple's own examples do (`static var title: LocalizedStringResource = "…"`).
    ///
    /// Apple: https://developer.apple.com/documentation/foundation/localizedstringresource
    /// (Foundation on Apple platforms; absent from swift-corelibs-foundation)
    @available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
    public struct LocalizedStringResource: ExpressibleByStringLiteral, Sendable {
        // Stand-in storage: the key.
        private let key: String

        /// Creates a resource from a string literal.
        ///
        /// Apple: https://developer.apple.com/documentation/foundation/localizedstringresource/init(stringliteral:)
        public init(stringLiteral value: String) { key = value }
    }
#endif
