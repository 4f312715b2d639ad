public import WidgetTimeline

#if canImport(WidgetKit)
    public import WidgetKit
#else
    public import WidgetKitStandIn
#endif

extension TimelineReloadPolicy {
    /// WidgetKit's policy for a planned one. Both say only when the system may ask again at the
    /// earliest; neither is a schedule.
    public init(_ policy: ReloadPolicy) {
        switch policy {
        case .atEnd: self = .atEnd
        case .after(let date): self = .after(date)
        case .never: self = .never
        }
    }
}
