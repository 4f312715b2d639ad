#if !canImport(WidgetKit)
    import Foundation

    /// An object that contains a list of user-configured widgets and is used for reloading widget
    /// timelines.
    ///
    /// The stand-in reloads nothing and reports no configured widgets.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/widgetcenter
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    public class WidgetCenter {
        private init() {}

        /// The shared widget center.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetcenter/shared
        nonisolated(unsafe) public static let shared: WidgetCenter = WidgetCenter()

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
        @available(iOS 18.0, macOS 15.0, watchOS 11.0, *)
        public func currentConfigurations() async throws -> [WidgetInfo] { [] }
    }
#endif
