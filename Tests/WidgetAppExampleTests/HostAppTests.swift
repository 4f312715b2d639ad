import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelinePush
import WidgetTimelineTesting
import WidgetTimelineWidgetKit

@testable import ExampleHostApp
@testable import ExampleWidgetExtension

#if canImport(WidgetKit)
    import SwiftUI
#else
    import WidgetKitStandIn
#endif

@Suite("The example host app: project state → payload → commit, flushed when the app leaves")
struct HostAppTests {
    static let now = Date.at("2026-11-29T09:00:00+09:00")
    static let calendar = Calendar.gregorian(in: "Asia/Seoul")

    static let project = TaskProject(tasks: [
        ProjectTask(title: "Blood pressure", dueAt: Date.at("2026-11-29T11:00:00+09:00")),
        ProjectTask(title: "Evening pill", dueAt: Date.at("2026-11-29T21:00:00+09:00")),
        ProjectTask(title: "Morning pill", completedAt: Date.at("2026-11-29T08:10:00+09:00")),
        ProjectTask(title: "Yesterday's walk", completedAt: Date.at("2026-11-28T19:00:00+09:00")),
        ProjectTask(title: "Call the clinic"),
    ])

    /// A recording widget center that reports `installed` as the installed kinds.
    final class Center: WidgetCenterClient, @unchecked Sendable {
        // @unchecked: `recorded` is read and written under `lock`.
        private let lock = NSLock()
        private var recorded: [String] = []
        let installed: Set<String>

        init(installed: Set<String>) { self.installed = installed }

        var reloads: [String] { lock.withLock { recorded } }
        func reloadTimelines(ofKind kind: String) { lock.withLock { recorded.append(kind) } }
        func reloadAllTimelines() { lock.withLock { recorded.append("*") } }
        func configuredKinds() async throws -> Set<String> { installed }
    }

    /// A bridge on a fresh shared directory, with a manual clock that also runs the debounce timer.
    final class Host {
        let directory: TemporaryDirectory
        let container: SharedContainer
        let center: Center
        let clock = ManualClock(now: HostAppTests.now)
        let bridge: WidgetBridge

        init(installed: Set<String> = ["task-count", "schedule"]) throws {
            directory = try TemporaryDirectory()
            container = SharedContainer(directory: directory.url)
            center = Center(installed: installed)
            bridge = WidgetBridge(
                container: .success(container), reloader: WidgetCenterReloader(center: center), clock: clock,
                calendar: { HostAppTests.calendar }, debounce: .window(2, maximumDelay: 10, timer: clock))
        }
    }

    @Test("The projection keeps only what the widgets show: counts and due times, never titles")
    func projection() throws {
        #expect(WidgetProjection.taskCount(of: Self.project) == TaskCountPayload(count: 3))
        let schedule = WidgetProjection.schedule(of: Self.project, at: Self.now, in: Self.calendar)
        #expect(
            schedule.pending == [Date.at("2026-11-29T11:00:00+09:00"), Date.at("2026-11-29T21:00:00+09:00")])
        #expect(schedule.completedToday == 1)
        let encoded = String(decoding: try JSONCoding.encoder().encode(schedule), as: UTF8.self)
        #expect(!encoded.contains("pill"))
    }

    @Test("A project change saves at once; reloads wait, and go out when the scene goes to the background")
    func saveNowReloadOnBackground() async throws {
        let host = try Host()
        await host.bridge.refreshInstalledWidgets()

        let outcomes = host.bridge.projectDidChange(Self.project)

        #expect(try outcomes["task-count"]?.get().revision == 1)
        #expect(try outcomes["schedule"]?.get().revision == 1)
        #expect(host.center.reloads.isEmpty)
        let stored = host.container.store().read(TaskCountWidget().defaultKey, for: TaskCountWidget())
        #expect(stored.snapshot?.payload == TaskCountPayload(count: 3))

        host.bridge.sceneDidChange(to: .background)

        #expect(Set(host.center.reloads) == ["task-count", "schedule"])
    }

    @Test("An unchanged project is neither saved again nor reloaded")
    func unchangedProject() throws {
        let host = try Host()
        host.bridge.projectDidChange(Self.project)
        host.bridge.sceneDidChange(to: .background)
        let reloads = host.center.reloads

        let again = host.bridge.projectDidChange(Self.project)
        host.bridge.sceneDidChange(to: .background)

        #expect(try again["task-count"]?.get() == .unchanged(revision: 1))
        #expect(host.center.reloads == reloads)
    }

    @Test("Signing out reloads every widget")
    func signOut() throws {
        let host = try Host()
        host.bridge.userDidSignOut()
        #expect(host.center.reloads == ["*"])
    }

    @Test("What the app commits is what the extension's provider shows")
    func endToEnd() async throws {
        let host = try Host()
        host.bridge.projectDidChange(Self.project)
        let provider = PlanningTimelineProvider(
            kind: TaskCountWidget(), in: .success(host.container),
            configuration: ProviderConfiguration(clock: host.clock, calendar: { Self.calendar }))

        let entry = try #require(await provider.timeline().entries.first)
        let screen = WidgetScreen.taskCount(entry, calendar: Self.calendar)

        #expect(screen.headline == "3")
        #expect(screen.detail == "Updated 09:00")
        #expect(entry.state.stamp?.revision == 1)
    }

    @Test("Launched with the CI argument, the app commits its fixture project; otherwise nothing")
    func launchFixture() throws {
        let host = try Host()

        #expect(!host.bridge.commitFixtureIfRequested(arguments: ["ExampleHostApp"]))
        #expect((try? host.container.store().keys()) == [])

        #expect(
            host.bridge.commitFixtureIfRequested(arguments: [
                "ExampleHostApp", "-WidgetTimelineCommitFixture",
            ]))
        let stored = host.container.store().read(TaskCountWidget().defaultKey, for: TaskCountWidget())
        #expect(stored.snapshot?.payload == TaskCountPayload(count: 1))
        #expect(stored.snapshot?.revision == 1)
    }

    @Test("The push token the extension recorded is uploaded once; a failed upload is tried again")
    func pushUpload() async throws {
        let host = try Host()
        #expect(
            await host.bridge.uploadPushRegistrationIfChanged { _ in Issue.record("nothing to upload") }
                == false)
        // The extension's handler records a token (as AppGroupWidgetPushHandler does).
        let widget = try RegisteredWidget(id: "parking.systemSmall.1", kind: "parking", family: "systemSmall")
        try host.container.pushRegistrations().record(
            token: Data([0xAB, 0xCD]), widgets: [widget], environment: .development)

        struct Offline: Error {}
        #expect(await host.bridge.uploadPushRegistrationIfChanged { _ in throw Offline() } == false)
        let uploaded = Uploads()
        #expect(await host.bridge.uploadPushRegistrationIfChanged { uploaded.add($0) })
        #expect(await host.bridge.uploadPushRegistrationIfChanged { uploaded.add($0) } == false)

        #expect(uploaded.bodies.count == 1)
        let registration = try PushRegistration(json: try #require(uploaded.bodies.first))
        #expect(registration.token.hex == "abcd")
        #expect(registration.widgets == [widget])
    }
}

/// Upload bodies, collected.
private final class Uploads: @unchecked Sendable {
    // @unchecked: `recorded` is read and written under `lock`.
    private let lock = NSLock()
    private var recorded: [Data] = []
    var bodies: [Data] { lock.withLock { recorded } }
    func add(_ body: Data) { lock.withLock { recorded.append(body) } }
}
