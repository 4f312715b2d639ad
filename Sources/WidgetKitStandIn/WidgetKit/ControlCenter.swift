#if !canImport(Darwin)
    /// An object that contains a list of user-configured controls and is used for reloading
    /// controls. The stand-in reloads nothing and reports no controls.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/controlcenter
    /// (iOS 18.0 as in the iOS 18.0 SDK's WidgetKit.swiftinterface; macOS 26.0 and watchOS 26.0 from
    /// the page, which supersedes that SDK's `unavailable`; visionOS and tvOS unavailable in both)
    @available(iOS 18.0, macOS 26.0, watchOS 26.0, *)
    @available(tvOS, unavailable)
    @available(visionOS, unavailable)
    public class ControlCenter {
        private init() {}

        /// The shared control center.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/controlcenter/shared
        public static let shared: ControlCenter = ControlCenter()

        /// Retrieves information about user-configured controls.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/controlcenter/currentcontrols()
        public func currentControls() async throws -> [ControlInfo] { [] }

        /// Reloads the templates for all controls of a particular kind.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/controlcenter/reloadcontrols(ofkind:)
        public func reloadControls(ofKind kind: String) {}

        /// Reloads the templates for all configured controls belonging to the containing app.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/controlcenter/reloadallcontrols()
        public func reloadAllControls() {}
    }
#endif
