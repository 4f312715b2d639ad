#if !canImport(Darwin)
    /// The configuration and content of a widget to display on the Home screen or in Notification
    /// Center.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/widget
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @MainActor @preconcurrency public protocol Widget {
        /// The type of configuration representing the content of the widget.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widget/body-swift.associatedtype
        associatedtype Body: WidgetConfiguration

        /// The content and behavior of the widget.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widget/body-swift.property
        @MainActor @preconcurrency var body: Self.Body { get }

        /// Creates a widget using `body` as its content: how WidgetKit makes each widget of the
        /// bundle, so a widget type needs an initializer without arguments.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widget/init()
        @MainActor @preconcurrency init()
    }

    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    extension Widget {
        /// Initializes and runs the widget. The stand-in only says where it runs.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widget/main()
        @MainActor @preconcurrency public static func main() {
            StandInLaunch.explain(String(describing: Self.self))
        }
    }
#endif
