import Foundation
import WidgetTimeline
import WidgetTimelineWidgetKit

extension WidgetScreen {
    /// The screen for `state`: the value with how current it is, or honestly why there is none.
    ///
    /// | State | Headline | Detail |
    /// |---|---|---|
    /// | no data yet | — | Open the app to set up |
    /// | unavailable | Unavailable | the reason, in words |
    /// | fresh | the value | Updated 09:02 |
    /// | stale | the value | Last known · 09:02 |
    /// | expired (shown) | the value | Old · Nov 29 09:02 |
    ///
    /// Times are the data's observation times in `calendar`'s zone, never the entry's date.
    /// Strings are English here; a real app localizes them.
    init<Content>(
        title: String,
        state: WidgetState<Content>,
        link: URL?,
        calendar: Calendar,
        value: (Content) -> String
    ) {
        self.title = title
        self.link = link
        switch state {
        case .noData:
            headline = "—"
            detail = "Open the app to set up"
        case .unavailable(let reason):
            headline = "Unavailable"
            detail = Self.words(for: reason)
        case .fresh(let content, let stamp):
            headline = value(content)
            detail = "Updated " + Self.time(stamp.observedAt, in: calendar)
        case .stale(let content, let stamp):
            headline = value(content)
            detail = "Last known · " + Self.time(stamp.observedAt, in: calendar)
        case .expired(let content, let stamp):
            headline = value(content)
            detail = "Old · " + Self.dayAndTime(stamp.observedAt, in: calendar)
        }
    }

    /// A reason code in words a person can act on.
    static func words(for reason: UnavailableReason) -> String {
        switch reason {
        case .expired: "Too old to show; open the app"
        case .snapshotCorrupted: "Data damaged; open the app"
        case .snapshotIncompatible: "Update the app"
        case .snapshotUnreadable: "Unlock to refresh"
        case .sourceFailed, .sourceTimedOut: "Couldn't load; will retry"
        case .sourceEmpty: "No data for this place"
        case .locationUnavailable: "Location unavailable"
        case .appGroupUnavailable: "Setup problem (App Group)"
        default: reason.rawValue
        }
    }

    /// `09:02` in `calendar`'s zone.
    static func time(_ date: Date, in calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return twoDigits(parts.hour) + ":" + twoDigits(parts.minute)
    }

    /// `Nov 29 09:02` in `calendar`'s zone.
    static func dayAndTime(_ date: Date, in calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.month, .day], from: date)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months[((parts.month ?? 1) - 1 + 12) % 12]
        return "\(month) \(parts.day ?? 1) " + time(date, in: calendar)
    }

    private static func twoDigits(_ value: Int?) -> String {
        let value = value ?? 0
        return value < 10 ? "0\(value)" : "\(value)"
    }
}
