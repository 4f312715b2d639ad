#if !canImport(Darwin)
    import Foundation

    /// A structure that contains information about user-configured controls.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/controlinfo
    /// (members as in the iOS 18.0 SDK's WidgetKit.swiftinterface; availability as for
    /// `ControlCenter`)
    @available(iOS 18.0, macOS 26.0, watchOS 26.0, *)
    @available(tvOS, unavailable)
    @available(visionOS, unavailable)
    public struct ControlInfo {
        /// Gets the associated App Intent. The stand-in has no configured controls and answers
        /// `nil`.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/controlinfo/configurationintent(of:)
        public func configurationIntent<Intent>(of intentType: Intent.Type = Intent.self) -> Intent?
        where Intent: ControlConfigurationIntent { nil }

        /// The string specified during creation of the control's configuration.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/controlinfo/kind
        public let kind: String

        /// Push information about a control, if present.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/controlinfo/pushinfo
        public var pushInfo: ControlPushInfo?

        // Stand-in detail: a control as WidgetKit would report it.
        init(kind: String, pushInfo: ControlPushInfo? = nil) {
            self.kind = kind
            self.pushInfo = pushInfo
        }
    }

    /// Apple: https://developer.apple.com/documentation/widgetkit/controlinfo
    /// (`Equatable`, `Hashable`, `Identifiable` among the page's conformances)
    @available(iOS 18.0, macOS 26.0, watchOS 26.0, *)
    @available(tvOS, unavailable)
    @available(visionOS, unavailable)
    extension ControlInfo: Identifiable, Hashable, Equatable {
        /// The stable identity of the control: its kind.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/controlinfo/id
        public var id: String { kind }

        /// Whether two controls are the same: the stand-in compares kinds and push tokens.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/controlinfo
        /// (`public static func == (lhs: ControlInfo, rhs: ControlInfo) -> Bool` in the iOS 18.0 SDK)
        public static func == (lhs: ControlInfo, rhs: ControlInfo) -> Bool {
            lhs.kind == rhs.kind && lhs.pushInfo?.token == rhs.pushInfo?.token
        }

        /// Hashes what `==` compares.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/controlinfo
        /// (`public func hash(into hasher: inout Hasher)` in the iOS 18.0 SDK)
        public func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            hasher.combine(pushInfo?.token)
        }
    }
#endif
