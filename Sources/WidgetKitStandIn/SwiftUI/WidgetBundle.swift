#if !canImport(Darwin)
    /// A container used to expose multiple widgets from a single widget extension.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/widgetbundle
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @MainActor @preconcurrency public protocol WidgetBundle {
        /// The type of widget that represents the content of the bundle.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widgetbundle/body-swift.associatedtype
        /// (declaration as for https://developer.apple.com/documentation/swiftui/widget/body-swift.associatedtype)
        associatedtype Body: Widget

        /// Creates a widget bundle using the bundle's body as its content.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widgetbundle/init()
        @MainActor @preconcurrency init()

        /// Declares the group of widgets that an app supports.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widgetbundle/body-swift.property
        @WidgetBundleBuilder @MainActor @preconcurrency var body: Self.Body { get }
    }

    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    extension WidgetBundle {
        /// Initializes and runs the widget bundle. The stand-in only says where it runs.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/widgetbundle/main()
        @MainActor @preconcurrency public static func main() {
            StandInLaunch.explain(String(describing: Self.self))
        }
    }
#endif
