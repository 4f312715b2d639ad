#if !canImport(Darwin)
    import Foundation

    /// A view that arranges its subviews in a vertical line.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/vstack
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    @frozen nonisolated public struct VStack<Content> where Content: View {
        /// Creates an instance with the given spacing and horizontal alignment.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
        nonisolated public init(
            alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
            @ContentBuilder content: () -> Content
        ) {}
    }

    /// Apple: https://developer.apple.com/documentation/swiftui/vstack (a view)
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    extension VStack: View {
        /// Apple: https://developer.apple.com/documentation/swiftui/view/body-8kl5o
        public var body: Never { fatalError("VStack is primitive") }
    }
#endif
