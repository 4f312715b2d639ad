/// A planned timeline together with what the planner had to correct to make it valid.
public struct TimelinePlan<Content: Sendable & Equatable>: Sendable, Equatable {
    public var timeline: PlannedTimeline<WidgetState<Content>>
    public var corrections: [TimelineCorrection]

    public init(timeline: PlannedTimeline<WidgetState<Content>>, corrections: [TimelineCorrection] = []) {
        self.timeline = timeline
        self.corrections = corrections
    }
}
