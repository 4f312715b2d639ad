public import WidgetTimeline

#if canImport(WidgetKit)
    public import WidgetKit
#else
    public import WidgetKitStandIn
#endif

extension TimelineEntryRelevance {
    /// WidgetKit's relevance for a planned entry: the same score, relative to the widget's other
    /// entries, and the same number of seconds after the entry's date during which the system may
    /// rotate the widget to the top of a Smart Stack.
    public init(_ relevance: EntryRelevance) {
        self.init(score: relevance.score, duration: relevance.duration)
    }
}
