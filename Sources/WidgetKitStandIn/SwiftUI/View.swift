#if !canImport(Darwin)
    /// A type that represents part of your app's user interface and provides modifiers that you use
    /// to configure views.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/view
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    @MainActor @preconcurrency public protocol View {
        /// The type of view representing the body of this view.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype
        associatedtype Body: View

        /// The content and behavior of the view.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/view/body-8kl5o
        @ContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
    }

    /// `Never` is the body of SwiftUI's primitive views.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/view
    /// (`Never` among the protocol's conforming types; assumed, not read on a page of its own)
    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    extension Never: View {
        /// A primitive view has no body.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/view/body-8kl5o
        public var body: Never { fatalError("Never has no body") }
    }
#endif
