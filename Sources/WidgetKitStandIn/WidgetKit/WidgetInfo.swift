#if !canImport(Darwin)
    import Foundation

    /// A structure that contains information about user-configured widgets.
    ///
    /// WidgetKit creates these; the stand-in's internal initializer lets the package's tests build
    /// one, and its `WidgetCenter` reports none.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/widgetinfo
    /// (declared `@preconcurrency public struct WidgetInfo : Swift.Sendable` in the iOS 18.0 SDK's
    /// WidgetKit.swiftinterface)
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @available(tvOS, unavailable)
    @preconcurrency
    public struct WidgetInfo: Sendable {
        /// The custom SiriKit intent containing user-edited values, if the widget uses one. A
        /// `let` in the SDK; computed here (always `nil`, the package has no SiriKit widgets) so
        /// that `WidgetInfo` stays `Sendable` without declaring `INIntent` `Sendable`, which no page
        /// says it is.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetinfo/configuration
        public var configuration: INIntent? { nil }

        /// Gets the associated App Intent. The stand-in has no configured widgets and answers
        /// `nil`.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetinfo/widgetconfigurationintent(of:)
        @available(iOS 17.0, macOS 14.0, watchOS 10.0, *)
        @available(tvOS, unavailable)
        public func widgetConfigurationIntent<Intent>(of intentType: Intent.Type = Intent.self) -> Intent?
        where Intent: WidgetConfigurationIntent { nil }

        /// The size and shape of the widget.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetinfo/family
        public let family: WidgetFamily

        /// The string specified during creation of the widget's configuration.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetinfo/kind
        public let kind: String

        // Stand-in detail: a widget as WidgetKit would report it.
        init(kind: String, family: WidgetFamily) {
            self.kind = kind
            self.family = family
        }
    }

    /// Apple: https://developer.apple.com/documentation/widgetkit/widgetinfo
    /// (`extension WidgetKit.WidgetInfo : Swift.Identifiable, Swift.Hashable, Swift.Equatable` in the
    /// iOS 18.0 SDK; equality and hashing are the compiler's here, over kind and family)
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @available(tvOS, unavailable)
    extension WidgetInfo: Identifiable, Hashable, Equatable {
        /// The stable identity of the entity associated with this instance: the widget info itself.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetinfo/id
        public var id: WidgetInfo { self }
    }

    /// Apple: https://developer.apple.com/documentation/widgetkit/widgetinfo
    /// (`extension WidgetKit.WidgetInfo : Swift.CustomDebugStringConvertible` in the iOS 18.0 SDK)
    @available(iOS 14.0, macOS 11.0, watchOS 9.0, *)
    @available(tvOS, unavailable)
    extension WidgetInfo: CustomDebugStringConvertible {
        /// A textual representation of the widget, for debugging. The stand-in's names the kind and
        /// the family.
        ///
        /// Apple: https://developer.apple.com/documentation/widgetkit/widgetinfo
        /// (`public var debugDescription: Swift.String { get }` in the iOS 18.0 SDK)
        public var debugDescription: String { "WidgetInfo(kind: \(kind), family: \(family))" }
    }
#endif
