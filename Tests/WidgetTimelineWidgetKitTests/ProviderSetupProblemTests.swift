import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting
import WidgetTimelineWidgetKit

#if canImport(WidgetKit)
    import WidgetKit
#else
    import WidgetKitStandIn
#endif

@Suite("Providers without an App Group container: honest, retried, and reported")
struct ProviderSetupProblemTests {
    static let problem = AppGroupError.containerUnavailable(groupIdentifier: "group.com.example.widgets")

    private func provider(reports: CompletionRecorder<AppGroupError>) -> PlanningTimelineProvider<
        TaskCountWidget
    > {
        PlanningTimelineProvider(
            kind: TaskCountWidget(), in: .failure(Self.problem),
            configuration: ProviderConfiguration(
                clock: ManualClock(now: Fixture.now), calendar: { Fixture.calendar },
                reportSetupProblem: SetupProblemReporter(reports.completion)))
    }

    @Test("The placeholder and the gallery preview still show the fixture, without a report")
    func fixturesStillWork() {
        let reports = CompletionRecorder<AppGroupError>()
        let provider = provider(reports: reports)

        #expect(provider.placeholder().state.content == TaskCountContent(count: 3))
        #expect(provider.snapshot(isPreview: true).state.content == TaskCountContent(count: 3))
        #expect(reports.count == 0)
    }

    @Test("The timeline says the App Group is unavailable, retries later, and reports the group")
    func timelineReports() async throws {
        let reports = CompletionRecorder<AppGroupError>()
        let provider = provider(reports: reports)

        let timeline = await provider.timeline()

        #expect(timeline.entries.map(\.state) == [.unavailable(.appGroupUnavailable)])
        #expect(timeline.policy != .never && timeline.policy != .atEnd)
        #expect(reports.calls == [Self.problem])
        #expect(provider.snapshot(isPreview: false).state == .unavailable(.appGroupUnavailable))
        #expect(reports.count == 2)
    }
}
