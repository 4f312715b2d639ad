#if !canImport(Darwin)
    /// A View created from a swift tuple of View values.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/tupleview
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    @frozen nonisolated public struct TupleView<T> {
        /// Apple: https://developer.apple.com/documentation/swiftui/tupleview/value
        public var value: T

        /// Apple: https://developer.apple.com/documentation/swiftui/tupleview/init(_:)
        nonisolated public init(_ value: T) { self.value = value }
    }

    /// Apple: https://developer.apple.com/documentation/swiftui/tupleview ("A View created from a
    /// swift tuple of View values")
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    extension TupleView: View {
        /// Apple: https://developer.apple.com/documentation/swiftui/view/body-8kl5o
        public var body: Never { fatalError("TupleView is primitive") }
    }
#endif
