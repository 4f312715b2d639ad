import Foundation
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineWidgetKit

#if canImport(WidgetKit)
    import SwiftUI
#else
    import WidgetKitStandIn
#endif

/// The host app's side of the widgets: project state → payload → ``WidgetTimeline/WidgetSync/commit(_:for:key:observedAt:reloading:)``,
/// and the reload flush when the app leaves the foreground.
///
/// Call ``projectDidChange(_:)`` wherever the project changes (after the app's own save). It saves
/// at once; the sync skips unchanged content, and reloads only installed widget kinds, coalesced.
final class WidgetBridge: Sendable {
    private let sync: WidgetSync?
    private let pushRegistrations: PushRegistrationStore?
    private let reloader: WidgetCenterReloader
    private let clock: any WidgetClock
    private let calendar: @Sendable () -> Calendar
    /// Why the widgets cannot be fed, when they cannot.
    let setupProblem: AppGroupError?

    /// - Parameters:
    ///   - container: the App Group's shared container, or why there is none.
    ///   - reloader: asks WidgetCenter to reload installed kinds.
    ///   - clock: the source of `generatedAt` and of the schedule's "today".
    ///   - debounce: how reloads are coalesced while the app is in use.
    init(
        container: Result<SharedContainer, AppGroupError>,
        reloader: WidgetCenterReloader = WidgetCenterReloader(),
        clock: any WidgetClock = SystemClock(),
        calendar: @escaping @Sendable () -> Calendar = { Calendar.current },
        debounce: ReloadDebounce = .window(2, maximumDelay: 10, timer: SystemTimer())
    ) {
        self.reloader = reloader
        self.clock = clock
        self.calendar = calendar
        switch container {
        case .success(let container):
            sync = container.widgetSync(reloader: reloader, clock: clock, debounce: debounce)
            pushRegistrations = container.pushRegistrations(clock: clock)
            setupProblem = nil
        case .failure(let problem):
            // Loud in development: the widgets would otherwise show "no data" forever.
            assertionFailure(problem.description)
            sync = nil
            pushRegistrations = nil
            setupProblem = problem
        }
    }

    /// The bridge of the running app: the App Group from the Info.plist, the system's widget center.
    static func live() -> WidgetBridge {
        WidgetBridge(
            container: Result { () throws(AppGroupError) in
                try SharedContainer(appGroup: .fromInfoDictionary())
            })
    }

    /// One line for the app's screen.
    var status: String { setupProblem.map { "Widgets unavailable: \($0)" } ?? "Widgets connected" }

    /// Saves what the widgets show of `project`, now. Each kind succeeds or fails on its own.
    ///
    /// - Returns: each kind's outcome: saved (with its reload decision), unchanged, or the store's
    ///   error — after which the previous snapshot is intact and nothing was reloaded.
    @discardableResult
    func projectDidChange(_ project: TaskProject) -> [String: Result<SyncOutcome, SnapshotStoreError>] {
        guard let sync else { return [:] }
        let now = clock.now
        let calendar = calendar()
        return [
            TaskCountWidget().kind: Result { () throws(SnapshotStoreError) in
                try sync.commit(WidgetProjection.taskCount(of: project), for: TaskCountWidget())
            },
            ScheduleWidget().kind: Result { () throws(SnapshotStoreError) in
                try sync.commit(
                    WidgetProjection.schedule(of: project, at: now, in: calendar), for: ScheduleWidget())
            },
        ]
    }

    /// Sends pending reloads when the app leaves the foreground, and refreshes the list of installed
    /// widgets when it comes back.
    func sceneDidChange(to phase: ScenePhase) {
        switch phase {
        case .background:
            sync?.flush()
        case .active:
            Task { await refreshInstalledWidgets() }
        default:
            break
        }
    }

    /// Uploads the widget push token the extension recorded, if it changed since the last upload
    /// (docs/push.md, "In the app"). Call it when the scene becomes active, with the app's own
    /// request to its server; a failed upload is tried again next time.
    ///
    /// - Returns: whether a registration was uploaded.
    @discardableResult
    func uploadPushRegistrationIfChanged(with upload: (_ json: Data) async throws -> Void) async -> Bool {
        guard let pushRegistrations, let changed = pushRegistrations.pendingUpload() else { return false }
        do {
            try await upload(changed.json)
            try pushRegistrations.markUploaded(changed)
            return true
        } catch {
            return false
        }
    }

    /// Asks the system which widgets are installed, so reloads go only to those.
    func refreshInstalledWidgets() async {
        await reloader.refreshInstalledKinds()
    }

    /// Signing out changes every widget: the one global event that reloads them all (after the app
    /// has committed the signed-out payloads).
    func userDidSignOut() {
        sync?.reloadAll(reason: "sign-out")
    }

    /// The launch argument with which CI asks the app to commit ``fixtureProject`` (docs/adopting.md,
    /// "A CI recipe for a Mac").
    static let commitFixtureArgument = "-WidgetTimelineCommitFixture"

    /// A project with invented tasks: what CI commits to check that the app and the extension read
    /// the same revision. Never a real user's data.
    static func fixtureProject(at now: Date) -> TaskProject {
        TaskProject(tasks: [
            ProjectTask(title: "Fixture task due in an hour", dueAt: now.addingTimeInterval(3600)),
            ProjectTask(title: "Fixture task done", completedAt: now),
        ])
    }

    /// Commits ``fixtureProject(at:)`` when the app was launched with ``commitFixtureArgument``.
    ///
    /// - Returns: whether it did.
    @discardableResult
    func commitFixtureIfRequested(arguments: [String]) -> Bool {
        guard arguments.contains(Self.commitFixtureArgument) else { return false }
        projectDidChange(Self.fixtureProject(at: clock.now))
        sync?.flush()
        return true
    }

    /// The sync, for the native bridge of a Flutter or React Native host.
    var widgetSync: WidgetSync? { sync }
}
