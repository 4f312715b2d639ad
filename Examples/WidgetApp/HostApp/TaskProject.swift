import Foundation

/// The app's own state: tasks with titles, due times and completion. None of it reaches the widget
/// as is — ``WidgetProjection`` keeps only what the widgets display, and never a title.
struct TaskProject: Sendable, Equatable {
    var tasks: [ProjectTask]

    init(tasks: [ProjectTask] = []) { self.tasks = tasks }
}

/// One task of the project.
struct ProjectTask: Sendable, Equatable {
    /// Private to the app: never written to the shared container.
    var title: String
    /// When the task is due, if it is scheduled.
    var dueAt: Date?
    /// When the task was done; `nil` while it is open.
    var completedAt: Date?

    init(title: String, dueAt: Date? = nil, completedAt: Date? = nil) {
        self.title = title
        self.dueAt = dueAt
        self.completedAt = completedAt
    }

    var isOpen: Bool { completedAt == nil }
}
