#if !canImport(Darwin)
    /// A type that represents the structure and behavior of an app.
    ///
    /// Apple: https://developer.apple.com/documentation/swiftui/app
    @available(iOS 14.0, macOS 11.0, watchOS 7.0, *)
    @MainActor @preconcurrency public protocol App {
        /// The type of scene representing the content of the app.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/app/body-swift.associatedtype
        /// (declaration as for https://developer.apple.com/documentation/swiftui/widget/body-swift.associatedtype)
        associatedtype Body: Scene

        /// The content and behavior of the app.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/app/body-swift.property
        @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }

        /// Creates an instance of the app using the body that you define for its content.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/app/init()
        @MainActor @preconcurrency init()
    }

    @available(iOS 14.0, macOS 11.0, watchOS 7.0, *)
    extension App {
        /// Initializes and runs the app. The stand-in only says where it runs.
        ///
        /// Apple: https://developer.apple.com/documentation/swiftui/app/main()
        /// (declaration as on https://developer.apple.com/documentation/swiftui/widgetbundle/main())
        @MainActor @preconcurrency public static func main() {
            StandInLaunch.explain(String(describing: Self.self))
        }
    }
#endif
