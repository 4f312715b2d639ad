import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting
import WidgetTimelineWidgetKit

@testable import ExampleWidgetExtension

@Suite("The example widgets' screens: every state rendered honestly")
struct WidgetScreenTests {
    static let calendar = Calendar.gregorian(in: "Asia/Seoul")
    static let observed = Date.at("2026-11-29T09:02:00+09:00")
    static let stamp = DataStamp(revision: 18, observedAt: observed)

    static func entry<Content>(
        _ state: WidgetState<Content>, key: SnapshotKey = SnapshotKey(purpose: "task-count")
    )
        -> PlannedTimelineEntry<Content>
    {
        PlannedTimelineEntry(PlannedEntry(date: observed, state: state), key: key)
    }

    @Test(
        "Each state of the task count has its own words",
        arguments: [
            (WidgetState<TaskCountContent>.noData, "—", "Open the app to set up"),
            (.unavailable(.snapshotUnreadable), "Unavailable", "Unlock to refresh"),
            (.unavailable(.appGroupUnavailable), "Unavailable", "Setup problem (App Group)"),
            (.unavailable(UnavailableReason("signed-out")), "Unavailable", "signed-out"),
            (.fresh(TaskCountContent(count: 3), stamp), "3", "Updated 09:02"),
            (.stale(TaskCountContent(count: 3), stamp), "3", "Last known · 09:02"),
            (.expired(TaskCountContent(count: 3), stamp), "3", "Old · Nov 29 09:02"),
            (.fresh(TaskCountContent(count: 0), stamp), "0", "Updated 09:02"),
        ])
    func taskCount(state: WidgetState<TaskCountContent>, headline: String, detail: String) {
        let screen = WidgetScreen.taskCount(Self.entry(state), calendar: Self.calendar)

        #expect(screen.title == "Open tasks")
        #expect(screen.headline == headline)
        #expect(screen.detail == detail)
        #expect(screen.link == URL(string: "exampleapp://tasks"))
    }

    @Test(
        "The schedule names its phase and the due time",
        arguments: [
            (SchedulePhase.upcoming, "Due at 11:00 · 2 left"),
            (.due, "Due now (11:00) · 2 left"),
            (.overdue, "Overdue since 11:00 · 2 left"),
            (.clear, "All done"),
        ])
    func schedule(phase: SchedulePhase, headline: String) {
        let content = ScheduleContent(
            phase: phase, dueAt: Date.at("2026-11-29T11:00:00+09:00"), completedToday: 1, remaining: 2)

        let screen = WidgetScreen.schedule(Self.entry(.fresh(content, Self.stamp)), calendar: Self.calendar)

        #expect(screen.headline == headline)
    }

    @Test("A park widget links to the park it is configured with, and shows the park's name")
    func parking() {
        let key = ParkingWidget.key(park: "yeouido")
        let content = ParkingContent(payload: .preview)

        let screen = WidgetScreen.parking(
            Self.entry(.stale(content, Self.stamp), key: key), calendar: Self.calendar)
        let hidden = WidgetScreen.parking(
            Self.entry(WidgetState<ParkingContent>.unavailable(.expired), key: key), calendar: Self.calendar)

        #expect(screen.title == "Riverside")
        #expect(screen.headline == "45 free of 200")
        #expect(screen.detail == "Last known · 09:02")
        #expect(screen.link == URL(string: "exampleapp://park/yeouido/parking"))
        #expect(hidden.title == "Parking")
        #expect(hidden.detail == "Too old to show; open the app")
    }

    @Test("Park conditions mark a forecast as one")
    func parkConditions() {
        let payload = ParkConditionsPayload(
            parkID: "yeouido", parkName: "Riverside", congestion: .moderate,
            weather: Weather(condition: "clear", temperatureCelsius: 20.6), fineDust: .good,
            forecast: [CongestionForecast(at: Date.at("2026-11-29T10:00:00+09:00"), congestion: .busy)])
        let snapshot = Snapshot.fixture(payload, kind: "park-conditions", generatedAt: Self.observed)
        let content = ParkConditionsWidget().content(
            of: snapshot, at: Date.at("2026-11-29T10:30:00+09:00"), in: Self.calendar)

        let screen = WidgetScreen.parkConditions(
            Self.entry(.fresh(content, Self.stamp), key: ParkConditionsWidget.key(park: "yeouido")),
            calendar: Self.calendar)

        #expect(screen.headline == "busy (forecast) · clear 21°C")
        #expect(screen.link == URL(string: "exampleapp://park/yeouido"))
    }

    @Test("Without an App Group in its Info.plist the extension keeps the reason, naming the key")
    func extensionSetup() {
        #expect(throws: AppGroupError.identifierMissing(infoDictionaryKey: "WidgetTimelineAppGroup")) {
            try ExtensionSetup.container.get()
        }
    }
}
