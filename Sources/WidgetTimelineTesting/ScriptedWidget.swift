public import Foundation
public import WidgetTimeline

/// A widget kind described entirely by its payload: a list of labelled phases, each starting at an
/// instant. Its content at an instant is the label of the last phase that has started.
///
/// Lets tests (and apps' tests) drive the planner with any shape of change points without writing a
/// widget: random schedules for property tests, phases that collide, phases in the past.
public struct ScriptedWidget: WidgetKind {
    public typealias Payload = ScriptedPayload
    public typealias Content = String

    public var kind: String
    public var freshness: FreshnessPolicy
    /// Labels whose arrival claims no more than the label before (``ChangeClaim/withdrawal``); a
    /// change to any other label is an event.
    public var withdrawals: Set<String>
    /// What the widget shows where a timeline ends before its phases do; `nil` for the protocol's
    /// default (the content, if no phase changes it within a year).
    public var lastingLabel: String?

    public init(
        kind: String = "scripted", freshness: FreshnessPolicy = .standard, withdrawals: Set<String> = [],
        lastingLabel: String? = nil
    ) {
        self.kind = kind
        self.freshness = freshness
        self.withdrawals = withdrawals
        self.lastingLabel = lastingLabel
    }

    public func changeClaim(from old: String, to new: String) -> ChangeClaim {
        withdrawals.contains(new) ? .withdrawal : .event
    }

    public func lastingContent(
        of snapshot: Snapshot<ScriptedPayload>, from instant: Date, in calendar: Calendar
    )
        -> String?
    {
        guard let lastingLabel else {
            let settled = snapshot.payload.phases.allSatisfy { $0.start <= instant }
            return settled ? content(of: snapshot, at: instant, in: calendar) : nil
        }
        return lastingLabel
    }

    public func content(of snapshot: Snapshot<ScriptedPayload>, at instant: Date, in calendar: Calendar)
        -> String
    {
        snapshot.payload.phases.filter { $0.start <= instant }.max { $0.start < $1.start }?.label
            ?? snapshot.payload.initialLabel
    }

    public func changePoints(
        of snapshot: Snapshot<ScriptedPayload>,
        after now: Date,
        through end: Date,
        in calendar: Calendar
    ) -> [Date] {
        snapshot.payload.phases.map(\.start)
    }

    public func summary(of content: String, in calendar: Calendar) -> String { content }

    public var preview: ScriptedPayload { ScriptedPayload(initialLabel: "preview", phases: []) }
}

/// The payload of a ``ScriptedWidget``.
public struct ScriptedPayload: Codable, Sendable, Equatable {
    /// Shown before the first phase starts.
    public var initialLabel: String
    public var phases: [ScriptedPhase]

    public init(initialLabel: String, phases: [ScriptedPhase]) {
        self.initialLabel = initialLabel
        self.phases = phases
    }
}

/// One phase of a ``ScriptedPayload``: from `start` on, the widget shows `label`.
public struct ScriptedPhase: Codable, Sendable, Equatable {
    public var start: Date
    public var label: String

    public init(start: Date, label: String) {
        self.start = start
        self.label = label
    }
}
