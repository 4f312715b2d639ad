#if !canImport(Darwin)
    import Foundation

    /// An object that contains a list of user-configured widgets and is used for reloading widget
    /// timelines.
    ///
    /// The stand-in reloads nothing and reports no configured widgets and no push token.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/widgetcenter
    /// (`@_hasMissingDesignatedInitializers public class WidgetCenter` in the iOS 18.0 SDK's
    /// WidgetKit.swiftinterface)
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @available(tvOS, unavailable)
    public class WidgetCenter {
        private init() {}

        /// The shared widget center.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetcenter/shared
        public static let shared: WidgetCenter = WidgetCenter()

        /// Reloads the timelines for all widgets of a particular kind.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetcenter/reloadtimelines(ofkind:)
        public func reloadTimelines(ofKind kind: String) {}

        /// Reloads the timelines for all configured widgets belonging to the containing app.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetcenter/reloadalltimelines()
        public func reloadAllTimelines() {}

        /// Retrieves information about user-configured widgets.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetcenter/getcurrentconfigurations(_:)
        @preconcurrency public func getCurrentConfigurations(
            _ completion: @escaping @Sendable (Result<[WidgetInfo], any Error>) -> Void
        ) {
            completion(.success([]))
        }

        /// Retrieves information about user-configured widgets.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetcenter/currentconfigurations()
        /// (the page says iOS 18.0, macOS 15.0, watchOS 11.0; the iOS 18.0 SDK gives the method no
        /// `@available` of its own. The page's minimums are kept: the stricter reading)
        @available(iOS 18.0, macOS 15.0, watchOS 11.0, *)
        public func currentConfigurations() async throws -> [WidgetInfo] { [] }

        /// Invalidates and refreshes the preconfigured intent configurations for user-customizable
        /// widgets; inactive on platforms with a configuration interface (iOS, macOS).
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetcenter/invalidateconfigurationrecommendations()
        @available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
        @available(tvOS, unavailable)
        public func invalidateConfigurationRecommendations() {}

        /// Provides the current push information for widget reloads and relevance refreshes; `nil`
        /// until a token exists or when no widget is configured for push. The stand-in has none.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetcenter/currentpushinfo
        @available(iOS 26.0, macOS 26.0, watchOS 26.0, visionOS 26.0, *)
        public var currentPushInfo: WidgetPushInfo? { get async { nil } }
    }

    @available(iOS 18.0, macOS 15.0, watchOS 11.0, *)
    @available(tvOS, unavailable)
    extension WidgetCenter {
        /// Mark the relevance for a kind as invalid, so the system asks the kind's provider for its
        /// `relevance()` again later.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetcenter/invalidaterelevance(ofkind:)
        public func invalidateRelevance(ofKind kind: String) {}
    }
#endif
