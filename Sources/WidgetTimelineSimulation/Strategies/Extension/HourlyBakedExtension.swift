import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// Naive extension: the "timer" pattern — an entry every hour for the next 24 hours, `.atEnd`,
/// each with the data and text computed now and baked in, so "due in 2 hours" still says so when
/// the dose is due. Shown as current.
final class HourlyBakedExtension<Kind: WidgetKind>: ExtensionSide {
    private let kind: Kind
    private let container: SimulatedContainer<Kind>
    private let count: Int

    init(kind: Kind, container: SimulatedContainer<Kind>, count: Int = 24) {
        self.kind = kind
        self.container = container
        self.count = count
    }

    func timeline(in context: ExtensionContext<Kind.Payload>) -> PlannedTimeline<WidgetState<Kind.Content>> {
        let now = context.now
        let (snapshot, failure) = NaiveRead.snapshot(in: context, container: container)
        let frozen = NaiveRead.unmarked(
            snapshot, failure: failure, kind: kind, at: now, computedAt: now, in: context.calendar)
        let entries = (0..<count).map { hour in
            PlannedEntry(date: now.addingTimeInterval(Double(hour) * 3600), state: frozen)
        }
        return PlannedTimeline(entries: entries, policy: .atEnd)
    }
}
