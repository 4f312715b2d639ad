import Foundation
import WidgetTimeline
import WidgetTimelineExamples

/// Project state → display payloads: pure functions of the state, the time and the calendar, so the
/// app's tests check them without a device.
enum WidgetProjection {
    /// The open-task count. Zero is a value the widget shows as 0.
    static func taskCount(of project: TaskProject) -> TaskCountPayload {
        TaskCountPayload(count: project.tasks.filter(\.isOpen).count)
    }

    /// The open tasks' due times, and how many were done today (today in `calendar`, whose day the
    /// widget will also use to reset the count at its next day start).
    static func schedule(of project: TaskProject, at now: Date, in calendar: Calendar) -> SchedulePayload {
        let today = DayBoundaries(calendar: calendar).dayStart(containing: now)
        let pending = project.tasks.filter(\.isOpen).compactMap(\.dueAt).sorted()
        let doneToday = project.tasks.filter { task in
            guard let completedAt = task.completedAt else { return false }
            return DayBoundaries(calendar: calendar).dayStart(containing: completedAt) == today
        }.count
        return SchedulePayload(pending: pending, completedToday: doneToday)
    }
}
