public import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// An open-task count: one number and the revision it came from. Nothing about it changes
/// with time except its freshness, so every future entry carries the same snapshot; 0 is shown as 0.
/// With no change points it makes no event claims, and its content lasts as it is.
public struct TaskCountWidget: WidgetKind {
    public typealias Payload = TaskCountPayload
    public typealias Content = TaskCountContent

    public let kind = "task-count"
    /// The count is edited in the app, which reloads the widget on every change; without one for
    /// 30 minutes it may be out of date (another device edited the list), after a day it has expired
    /// but is still shown with its time.
    public var freshness = FreshnessPolicy.standard

    public init() {}

    public func content(of snapshot: Snapshot<TaskCountPayload>, at instant: Date, in calendar: Calendar)
        -> TaskCountContent
    {
        TaskCountContent(count: snapshot.payload.count)
    }

    public func changePoints(
        of snapshot: Snapshot<TaskCountPayload>,
        after now: Date,
        through end: Date,
        in calendar: Calendar
    ) -> [Date] { [] }

    public func summary(of content: TaskCountContent, in calendar: Calendar) -> String {
        content.count == 1 ? "1 open task" : "\(content.count) open tasks"
    }

    public var preview: TaskCountPayload { TaskCountPayload(count: 3) }

    public func deepLink(for payload: TaskCountPayload?) -> URL? { ExampleDeepLink.url("tasks") }
}

/// What the host app writes for the task-count widget.
public struct TaskCountPayload: Codable, Sendable, Equatable {
    /// Open tasks; 0 is a value, not "unknown".
    public var count: Int

    public init(count: Int) { self.count = count }

    private enum CodingKeys: String, CodingKey {
        case count
    }

    /// Refuses a negative count rather than showing "-3 open tasks".
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        count = try container.decode(Int.self, forKey: .count)
        guard count >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .count, in: container,
                debugDescription: "expected a count of 0 or more, found \(count)")
        }
    }
}

/// One screen of the task-count widget. The revision travels in the state's ``DataStamp``.
public struct TaskCountContent: Codable, Sendable, Equatable {
    public var count: Int

    public init(count: Int) { self.count = count }
}
