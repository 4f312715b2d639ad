import Foundation
import WidgetTimeline
import WidgetTimelinePush

#if canImport(WidgetKit)
    public import WidgetKit
#else
    public import WidgetKitStandIn
#endif

// WidgetKit push exists in the SDKs of Swift 6.2 (Xcode 26) and later.
#if !canImport(WidgetKit) || compiler(>=6.2)
    /// A `WidgetPushHandler` that records each push token WidgetKit hands the extension, with the
    /// widgets it serves, in the App Group (``PushRegistrationStore``), for the host app to upload.
    ///
    /// ```swift
    /// StaticConfiguration(kind: "parking", provider: provider) { entry in ParkingView(entry: entry) }
    ///     .pushHandler(AppGroupWidgetPushHandler.self)
    /// ```
    ///
    /// WidgetKit makes the handler with `init()`, so it reads its set-up from the extension's
    /// Info.plist: the App Group (`WidgetTimelineAppGroup`, as everywhere) and the APNs server the
    /// build's token is for (`WidgetTimelineAPNsEnvironment` = `development` or `production`, set
    /// from the `aps-environment` entitlement's build setting; `production` when absent). A
    /// missing App Group or a failed save is reported like a provider's set-up problem.
    ///
    /// Apple: https://developer.apple.com/documentation/widgetkit/widgetpushhandler
    @available(iOS 26.0, macOS 26.0, watchOS 26.0, visionOS 26.0, *)
    public struct AppGroupWidgetPushHandler: WidgetPushHandler {
        /// The Info.plist key naming the APNs environment.
        public static let environmentInfoDictionaryKey = "WidgetTimelineAPNsEnvironment"

        private let container: Result<SharedContainer, AppGroupError>
        private let environment: APNsEnvironment
        private let report: SetupProblemReporter

        public init() {
            let info = Bundle.main.infoDictionary
            self.init(
                container: Result { () throws(AppGroupError) in
                    try SharedContainer(appGroup: .fromInfoDictionary())
                },
                environment: (info?[Self.environmentInfoDictionaryKey] as? String).flatMap(
                    APNsEnvironment.init)
                    ?? .production,
                report: .systemLog)
        }

        /// A handler with its set-up given, for tests.
        init(
            container: Result<SharedContainer, AppGroupError>, environment: APNsEnvironment,
            report: SetupProblemReporter
        ) {
            self.container = container
            self.environment = environment
            self.report = report
        }

        /// Records the token and the widgets; WidgetKit calls it for the first token and every change.
        public func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) {
            switch container {
            case .failure(let problem):
                report(problem)
            case .success(let container):
                let served = RegisteredWidget.numbered(
                    widgets.map { ($0.kind, String(describing: $0.family)) })
                do {
                    try container.pushRegistrations().record(
                        token: pushInfo.token, widgets: served, environment: environment)
                } catch {
                    report(
                        .directoryUnusable(
                            groupIdentifier: container.appGroup?.identifier ?? "",
                            path: container.directory.path,
                            reason: error.description))
                }
            }
        }
    }
#endif

extension RegisteredWidget {
    /// The widgets WidgetKit reported, each with an identifier unique in the registration:
    /// `<kind>.<family>.<n>`, `n` counting widgets of the same kind and family from 1, because
    /// `WidgetInfo` has no identifier of its own. Widgets with an empty kind or family are left out
    /// (the server would refuse the whole registration).
    static func numbered(_ widgets: [(kind: String, family: String)]) -> [RegisteredWidget] {
        var counts: [String: Int] = [:]
        return widgets.compactMap { widget in
            let prefix = "\(widget.kind).\(widget.family)"
            counts[prefix, default: 0] += 1
            return try? RegisteredWidget(
                id: "\(prefix).\(counts[prefix]!)", kind: widget.kind, family: widget.family)
        }
    }
}
