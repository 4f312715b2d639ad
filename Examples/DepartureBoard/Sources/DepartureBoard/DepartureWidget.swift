import Foundation
import WidgetTimeline

/// The next buses from one stop: a widget kind an app writes for itself, described once for the
/// planner and the simulator (docs/adopting.md, "Write your first widget kind").
///
/// The server predicts departures for the next hour and a half. The widget shows the next two;
/// each departure is a change point, because the next bus changes when one leaves, with no new data.
public struct DepartureWidget: WidgetKind {
    public let kind = "departures"

    /// Predictions drift as traffic does: marked "last known" 20 minutes after the server made
    /// them, and hidden after an hour, when a bus "in 3 minutes" may long have gone. The extension
    /// asks the server again once its snapshot is 30 minutes old.
    public let freshness = FreshnessPolicy(
        staleAfter: 20 * 60, expiresAfter: 60 * 60, expiredValue: .hidden, refreshAfter: 30 * 60)

    public init() {}

    /// The next two departures after `instant`. A bus leaving at `instant` has left.
    public func content(of snapshot: Snapshot<Departures>, at instant: Date, in calendar: Calendar)
        -> NextDepartures
    {
        let ahead = snapshot.payload.departures.filter { $0 > instant }.sorted()
        return NextDepartures(stop: snapshot.payload.stop, next: ahead.first, then: ahead.dropFirst().first)
    }

    /// Every departure: there the next bus becomes the one after it.
    public func changePoints(
        of snapshot: Snapshot<Departures>, after now: Date, through end: Date, in calendar: Calendar
    ) -> [Date] {
        snapshot.payload.departures.filter { $0 > now && $0 <= end }
    }

    /// A bus leaving is an event: the board must never drop a bus before it has left, so the
    /// change appears late rather than early when entries are too close together.
    public func changeClaim(from old: NextDepartures, to new: NextDepartures) -> ChangeClaim { .event }

    /// After the last predicted departure the board says "no more departures" for good; before
    /// it, no screen lasts, since which bus is next depends on the time.
    public func lastingContent(of snapshot: Snapshot<Departures>, from instant: Date, in calendar: Calendar)
        -> NextDepartures?
    {
        snapshot.payload.departures.allSatisfy { $0 <= instant }
            ? content(of: snapshot, at: instant, in: calendar) : nil
    }

    /// `Gwanghwamun: 08:12, then 08:24`.
    public func summary(of content: NextDepartures, in calendar: Calendar) -> String {
        guard let next = content.next else { return "\(content.stop): no more departures" }
        func clock(_ date: Date) -> String {
            let parts = calendar.dateComponents([.hour, .minute], from: date)
            return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        }
        return "\(content.stop): \(clock(next))" + (content.then.map { ", then \(clock($0))" } ?? "")
    }

    public var preview: Departures {
        Departures(stop: "Sample Street", departures: [Date(timeIntervalSince1970: 1_798_534_800)])
    }
}

/// What the server sends and the app stores: the stop and its predicted departures.
public struct Departures: Codable, Sendable, Equatable {
    public var stop: String
    /// Predicted departure times, in any order.
    public var departures: [Date]

    public init(stop: String, departures: [Date]) {
        self.stop = stop
        self.departures = departures
    }
}

/// One screen: the stop and its next two departures.
public struct NextDepartures: Codable, Sendable, Equatable {
    public var stop: String
    public var next: Date?
    public var then: Date?

    public init(stop: String, next: Date?, then: Date?) {
        self.stop = stop
        self.next = next
        self.then = then
    }
}
