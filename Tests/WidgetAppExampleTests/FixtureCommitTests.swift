import Foundation
import Testing

@testable import ExampleHostApp

/// The fixture the Mac check's stage two has the app commit (`Scripts/widget-stage-two.sh`).
///
/// These tests use nothing but the app's own module, so `Examples/WidgetApp/project.yml` runs this
/// same file as the app's unit tests on the simulator (`xcodebuild test`).
@Suite("The CI fixture: invented tasks only, and a new schedule revision on every launch")
struct FixtureCommitTests {
    static let firstLaunch = Date(timeIntervalSince1970: 1_795_000_000)
    static let calendar = Calendar(identifier: .gregorian)

    @Test("The fixture holds invented tasks, one open and due in an hour, one done")
    func inventedTasks() {
        let project = WidgetBridge.fixtureProject(at: Self.firstLaunch)

        #expect(project.tasks.allSatisfy { $0.title.hasPrefix("Fixture task") })
        #expect(
            project.tasks.filter(\.isOpen).compactMap(\.dueAt) == [Self.firstLaunch.addingTimeInterval(3600)])
        #expect(WidgetProjection.taskCount(of: project).count == 1)
    }

    @Test("A later launch changes the schedule payload but not the task count")
    func laterLaunchChangesSchedule() {
        let later = Self.firstLaunch.addingTimeInterval(600)
        let first = WidgetBridge.fixtureProject(at: Self.firstLaunch)
        let second = WidgetBridge.fixtureProject(at: later)

        // The script compares the `schedule` revision: it is the key each launch commits anew.
        #expect(
            WidgetProjection.schedule(of: first, at: Self.firstLaunch, in: Self.calendar).pending
                != WidgetProjection.schedule(of: second, at: later, in: Self.calendar).pending)
        #expect(WidgetProjection.taskCount(of: first).count == WidgetProjection.taskCount(of: second).count)
    }
}
