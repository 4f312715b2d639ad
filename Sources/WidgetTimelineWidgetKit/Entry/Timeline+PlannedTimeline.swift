public import WidgetTimeline

#if canImport(WidgetKit)
    public import WidgetKit
#else
    public import WidgetKitStandIn
#endif

extension Timeline {
    /// WidgetKit's timeline for a planned one: the same entries in the same order, each wrapped in a
    /// ``PlannedTimelineEntry``, and the policy mapped one to one.
    ///
    /// - Parameter key: the snapshot key the timeline was planned from.
    public init<Content>(_ planned: PlannedTimeline<WidgetState<Content>>, key: SnapshotKey)
    where EntryType == PlannedTimelineEntry<Content> {
        self.init(
            entries: planned.entries.map { PlannedTimelineEntry($0, key: key) },
            policy: TimelineReloadPolicy(planned.policy))
    }
}
