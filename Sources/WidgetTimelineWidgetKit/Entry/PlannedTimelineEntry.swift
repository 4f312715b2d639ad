public import Foundation
public import WidgetTimeline

#if canImport(WidgetKit)
    public import WidgetKit
#else
    public import WidgetKitStandIn
#endif

/// A WidgetKit timeline entry that carries one planned screen: its date, the honest state the view
/// renders, and its Smart Stack relevance.
///
/// The entry wraps the core's ``WidgetTimeline/PlannedEntry`` unchanged, so what the view shows is
/// exactly what the planner decided (and what `widget-timeline build` prints for the same inputs).
/// It also names the snapshot ``key`` it was planned from, so a configurable widget's view can link
/// to the park or list it shows.
///
/// ```swift
/// StaticConfiguration(kind: "task-count", provider: provider) { entry in
///     TaskCountView(state: entry.state)   // WidgetState<TaskCountContent>
/// }
/// ```
public struct PlannedTimelineEntry<Content: Sendable & Equatable>: TimelineEntry, Sendable, Equatable {
    /// The planned entry, as the core produced it.
    public let planned: PlannedEntry<WidgetState<Content>>
    /// The snapshot key the entry was planned from.
    public let key: SnapshotKey

    public init(_ planned: PlannedEntry<WidgetState<Content>>, key: SnapshotKey) {
        self.planned = planned
        self.key = key
    }

    /// When WidgetKit should start showing this entry.
    public var date: Date { planned.date }

    /// What the widget shows, with its freshness: a view handles each case.
    public var state: WidgetState<Content> { planned.state }

    /// The entry's relevance in WidgetKit's terms, from the widget kind's ``WidgetTimeline/EntryRelevance``.
    public var relevance: TimelineEntryRelevance? { planned.relevance.map(TimelineEntryRelevance.init) }
}
