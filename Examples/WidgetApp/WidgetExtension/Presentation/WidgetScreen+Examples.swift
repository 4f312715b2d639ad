import Foundation
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineWidgetKit

/// The four seed widgets' screens. Each says what its value is; ``WidgetScreen/init(title:state:link:calendar:value:)``
/// says how current it is.
extension WidgetScreen {
    /// "3" open tasks. Zero is a value: it shows "0", never "Unavailable".
    static func taskCount(_ entry: PlannedTimelineEntry<TaskCountContent>, calendar: Calendar) -> WidgetScreen
    {
        WidgetScreen(
            title: "Open tasks", state: entry.state, link: URL(string: "exampleapp://tasks"),
            calendar: calendar
        ) { "\($0.count)" }
    }

    /// "Due at 11:00 · 2 left", "Overdue since 11:00 · 2 left", "All done".
    static func schedule(_ entry: PlannedTimelineEntry<ScheduleContent>, calendar: Calendar) -> WidgetScreen {
        WidgetScreen(
            title: "Next check-in", state: entry.state, link: URL(string: "exampleapp://schedule"),
            calendar: calendar
        ) { content in
            let due = content.dueAt.map { time($0, in: calendar) } ?? "--:--"
            let left = " · \(content.remaining) left"
            switch content.phase {
            case .upcoming: return "Due at \(due)" + left
            case .due: return "Due now (\(due))" + left
            case .overdue: return "Overdue since \(due)" + left
            case .clear: return "All done"
            case .pending: return "\(content.remaining) pending, the first at \(due)"
            }
        }
    }

    /// "42 free of 200", for the park the widget is configured with.
    static func parking(_ entry: PlannedTimelineEntry<ParkingContent>, calendar: Calendar) -> WidgetScreen {
        WidgetScreen(
            title: entry.state.content?.parkName ?? "Parking", state: entry.state,
            link: URL(string: "exampleapp://park/\(park(of: entry.key))/parking"), calendar: calendar
        ) { "\($0.totalFree) free of \($0.totalSpaces)" }
    }

    /// "moderate · clear 21°C", marked when the congestion is a forecast.
    static func parkConditions(_ entry: PlannedTimelineEntry<ParkConditionsContent>, calendar: Calendar)
        -> WidgetScreen
    {
        WidgetScreen(
            title: entry.state.content?.parkName ?? "Park today", state: entry.state,
            link: URL(string: "exampleapp://park/\(park(of: entry.key))"), calendar: calendar
        ) { content in
            let congestion = content.congestion.rawValue + (content.isForecast ? " (forecast)" : "")
            let temperature = Int(content.weather.temperatureCelsius.rounded())
            return "\(congestion) · \(content.weather.condition) \(temperature)°C"
        }
    }

    /// The park component of a park widget's key (`parking.<park>.compact`, `park.<park>.general`).
    private static func park(of key: SnapshotKey) -> String {
        let components = key.components
        return components.count > 1 ? String(components[1]) : "nearby"
    }
}
