#if !canImport(WidgetKit)
    @testable import WidgetKitStandIn

    /// A context as WidgetKit would pass it; only the stand-in lets a test build one.
    enum PreviewContext {
        static func make(isPreview: Bool = true) -> TimelineProviderContext {
            TimelineProviderContext(isPreview: isPreview)
        }
    }
#endif
