// An interactive widget: a button and a toggle that perform App Intents (iOS 17), with the intent's
// `perform()` returning `.result()`.
import AppIntents
import SwiftUI
import WidgetKit

struct CompleteTaskIntent: AppIntent {
    static let title: LocalizedStringResource = "Complete task"

    var taskID: String

    init() { taskID = "" }

    init(taskID: String) { self.taskID = taskID }

    func perform() async throws -> some IntentResult {
        UserDefaults(suiteName: "group.com.example.tasks")?.set(true, forKey: "done.\(taskID)")
        return .result()
    }
}

struct TaskEntry: TimelineEntry {
    let date: Date
    let taskID: String
    let isDone: Bool
}

struct TaskRow: View {
    let entry: TaskEntry

    var body: some View {
        VStack(alignment: .leading) {
            Toggle(isOn: entry.isDone, intent: CompleteTaskIntent(taskID: entry.taskID)) {
                Text(entry.taskID)
            }
            Button(intent: CompleteTaskIntent(taskID: entry.taskID)) {
                Text("Done")
            }
            Button("Skip", intent: CompleteTaskIntent(taskID: entry.taskID))
        }
    }
}
