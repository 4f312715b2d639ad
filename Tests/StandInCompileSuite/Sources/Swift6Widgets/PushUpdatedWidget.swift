// Widgets updated by WidgetKit push notifications (iOS 26): a push handler that forwards the token
// to the app's server, registered on the configuration, and the app reading the current token.
import SwiftUI
import WidgetKit

@available(iOS 26.0, macOS 26.0, watchOS 26.0, visionOS 26.0, *)
struct ScorePushHandler: WidgetPushHandler {
    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) {
        let token = pushInfo.token.map { String(format: "%02x", $0) }.joined()
        let kinds = Set(widgets.map(\.kind))
        UserDefaults(suiteName: "group.com.example.scores")?.set(
            ["token": token, "kinds": kinds.sorted().joined(separator: ",")], forKey: "push")
    }
}

struct ScoreEntry: TimelineEntry {
    let date: Date
    let score: String
}

struct ScoreProvider: TimelineProvider {
    func placeholder(in context: Context) -> ScoreEntry { ScoreEntry(date: .now, score: "0 – 0") }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (ScoreEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<ScoreEntry>) -> Void) {
        // Pushes reload the widget; no reload date of its own.
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

@available(iOS 26.0, macOS 26.0, watchOS 26.0, visionOS 26.0, *)
struct ScoreWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Score", provider: ScoreProvider()) { entry in
            Text(entry.score).containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Score")
        .pushHandler(ScorePushHandler.self)
    }
}

enum ScorePushToken {
    /// The token to send to the server, once WidgetKit has one.
    static func current() async -> Data? {
        guard #available(iOS 26.0, macOS 26.0, watchOS 26.0, visionOS 26.0, *) else { return nil }
        return await WidgetCenter.shared.currentPushInfo?.token
    }
}
