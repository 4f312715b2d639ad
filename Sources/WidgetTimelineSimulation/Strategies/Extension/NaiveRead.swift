import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// How the naive extensions get data: from the network when the widget has a source (no timeout
/// of their own: `URLSession`'s 60 s), caching the answer in the shared store; otherwise, or when
/// the request fails, the last stored snapshot. Whatever they get, they show as current.
enum NaiveRead {
    static func snapshot<Kind: WidgetKind>(
        in context: ExtensionContext<Kind.Payload>,
        container: SimulatedContainer<Kind>
    ) -> (snapshot: Snapshot<Kind.Payload>?, failure: UnavailableReason?) {
        guard context.hasSource else { return (container.latest, nil) }
        switch context.fetch(timeout: nil) {
        case .success(let answer):
            let saved = container.save(
                answer.payload, generatedAt: context.now, observedAt: answer.observedAt)
            return (saved ?? container.latest, nil)
        case .failure(let failure):
            return (container.latest, failure.reason)
        }
    }

    /// A screen without a freshness mark: the value as `.fresh`, whatever its age.
    static func unmarked<Kind: WidgetKind>(
        _ snapshot: Snapshot<Kind.Payload>?,
        failure: UnavailableReason?,
        kind: Kind,
        at instant: Date,
        computedAt: Date,
        in calendar: Calendar
    ) -> WidgetState<Kind.Content> {
        guard let snapshot else { return failure.map { .unavailable($0) } ?? .noData }
        return .fresh(kind.content(of: snapshot, at: computedAt, in: calendar), snapshot.stamp)
    }
}
