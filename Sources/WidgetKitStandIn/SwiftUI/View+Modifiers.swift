#if !canImport(Darwin)
    import Foundation

    @available(iOS 13.0, macOS 10.15, watchOS 6.0, *)
    extension View {
        /// Sets the default font for text in this view.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/view/font(_:)
        nonisolated public func font(_ font: Font?) -> some View { self }

        /// Sets the container background of the enclosing container using a view.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/view/containerbackground(_:for:)
        @available(iOS 17.0, macOS 14.0, watchOS 10.0, *)
        nonisolated public func containerBackground<S>(
            _ style: S, for container: ContainerBackgroundPlacement
        )
            -> some View where S: ShapeStyle
        { self }

        /// Sets the URL to open in the containing app when the user clicks the widget.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/view/widgeturl(_:)
        @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
        @MainActor @preconcurrency public func widgetURL(_ url: URL?) -> some View { self }
    }
#endif
