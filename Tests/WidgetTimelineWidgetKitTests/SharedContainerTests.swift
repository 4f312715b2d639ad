import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting

@testable import WidgetTimelineWidgetKit

#if canImport(WidgetKit)
    import WidgetKit
#else
    import WidgetKitStandIn
#endif

@Suite("SharedContainer: the App Group directory, or a loud error naming the group")
struct SharedContainerTests {
    @Test("A group the process has no container for fails with an error naming the identifier")
    func missingAppGroup() throws {
        let group = AppGroup("group.com.example.missing")

        let error = #expect(throws: AppGroupError.self) {
            try SharedContainer(
                appGroup: group, subdirectory: "WidgetTimeline", locateContainer: { _ in nil },
                createDirectory: { _, _ in Issue.record("nothing may be created without a container") })
        }

        #expect(error == .containerUnavailable(groupIdentifier: "group.com.example.missing"))
        #expect(error?.groupIdentifier == "group.com.example.missing")
        let description = try #require(error?.description)
        #expect(description.contains("\"group.com.example.missing\""))
        #expect(description.contains("App Groups capability"))
    }

    #if !canImport(WidgetKit)
        @Test("Without App Groups (this platform) the public initializer fails the same way")
        func missingAppGroupThroughFileManager() {
            #expect(throws: AppGroupError.containerUnavailable(groupIdentifier: "group.com.example.widgets"))
            {
                try SharedContainer(appGroup: AppGroup("group.com.example.widgets"))
            }
        }
    #endif

    @Test(
        "An Info.plist without a usable identifier fails naming the key",
        arguments: [
            nil, [:], ["WidgetTimelineAppGroup": ""], ["WidgetTimelineAppGroup": "$(WIDGET_APP_GROUP)"],
        ]
            as [[String: String]?])
    func missingIdentifier(info: [String: String]?) {
        #expect(throws: AppGroupError.identifierMissing(infoDictionaryKey: "WidgetTimelineAppGroup")) {
            try AppGroup.fromInfoDictionary(info, key: "WidgetTimelineAppGroup")
        }
    }

    @Test("The identifier is read from the Info.plist, trimmed")
    func identifierFromInfoPlist() throws {
        let group = try AppGroup.fromInfoDictionary(
            ["WidgetTimelineAppGroup": " group.com.example.widgets\n"], key: "WidgetTimelineAppGroup")
        #expect(group == AppGroup("group.com.example.widgets"))
    }

    @Test("The shared directories are created complete until first user authentication")
    func fileProtection() throws {
        var created: [(path: String, protection: FileProtectionType?)] = []
        let container = try SharedContainer(
            appGroup: AppGroup("group.com.example.widgets"), subdirectory: "WidgetTimeline",
            locateContainer: { _ in URL(fileURLWithPath: "/containers/group", isDirectory: true) },
            createDirectory: { url, attributes in
                created.append((url.path, attributes[.protectionKey] as? FileProtectionType))
            })

        #expect(container.directory.path == "/containers/group/WidgetTimeline")
        #expect(
            created.map(\.path) == [
                "/containers/group/WidgetTimeline", "/containers/group/WidgetTimeline/snapshots",
                "/containers/group/WidgetTimeline/diagnostics",
            ])
        let expected = FileProtectionType.completeUntilFirstUserAuthentication.rawValue
        #expect(created.allSatisfy { $0.protection?.rawValue == expected })
        #expect(SharedContainer.fileProtection.rawValue == expected)
    }

    @Test("A directory that cannot be created fails naming the group and the path")
    func unusableDirectory() {
        struct Denied: Error, CustomStringConvertible { var description: String { "permission denied" } }

        let error = #expect(throws: AppGroupError.self) {
            try SharedContainer(
                appGroup: AppGroup("group.com.example.widgets"), subdirectory: "WidgetTimeline",
                locateContainer: { _ in URL(fileURLWithPath: "/containers/group", isDirectory: true) },
                createDirectory: { _, _ in throw Denied() })
        }

        #expect(
            error
                == .directoryUnusable(
                    groupIdentifier: "group.com.example.widgets", path: "/containers/group/WidgetTimeline",
                    reason: "permission denied"))
    }

    @Test("App and extension share one directory: same revision on both sides, both in the log")
    func appAndExtensionShareADirectory() async throws {
        let root = try TemporaryDirectory()
        let container = try SharedContainer(
            appGroup: AppGroup("group.com.example.widgets"), subdirectory: "WidgetTimeline",
            locateContainer: { _ in root.url },
            createDirectory: SharedContainer.createDirectory(at:attributes:))
        let clock = ManualClock(now: Fixture.now)
        let sync = container.widgetSync(reloader: RecordingReloader(), clock: clock, debounce: .immediate)
        let provider = PlanningTimelineProvider(
            kind: TaskCountWidget(), in: .success(container),
            configuration: ProviderConfiguration(clock: clock, calendar: { Fixture.calendar }))

        let saved = try sync.commit(TaskCountPayload(count: 5), for: TaskCountWidget())
        let timeline = await provider.timeline()

        #expect(saved.revision == 1)
        #expect(timeline.entries.first?.state.stamp?.revision == saved.revision)
        let events = container.log.read().events
        #expect(events.contains { $0.side == .host && $0.stage == .snapshotCommit && $0.revision == 1 })
        #expect(
            events.contains { $0.side == .widgetExtension && $0.stage == .snapshotRead && $0.revision == 1 })
        #expect(container.store(access: .readOnly).isReadOnly)
    }

    @Test("Diagnostics can be copied out of the container for `widget-timeline diagnose`")
    func copyDiagnostics() throws {
        let root = try TemporaryDirectory()
        let container = SharedContainer(directory: root.url)
        let sync = container.widgetSync(
            reloader: RecordingReloader(), clock: ManualClock(now: Fixture.now), debounce: .immediate)
        try sync.commit(TaskCountPayload(count: 2), for: TaskCountWidget())
        let export = root.url.appendingPathComponent("export", isDirectory: true)

        let copied = try container.copyDiagnostics(into: export)

        #expect(copied.map(\.lastPathComponent) == ["events.jsonl"])
        #expect(FileDiagnosticLog(directory: export).read().events == container.log.read().events)
    }
}
