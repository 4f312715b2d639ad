import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// The extension half of the library strategy: the real ``WidgetProviderCore`` — the
/// ``EntryLoader`` (cache first, the source with its timeout, stale fallback, back-off) and the
/// ``TimelinePlanner`` — fetching through the simulated network.
///
/// The provider may plan for the widget's kind as configured otherwise (`ProviderKind`): the push
/// strategies' kind re-reads its data less often (``PushRefreshedKind``).
final class LibraryExtension<Kind: WidgetKind, ProviderKind: WidgetKind>: ExtensionSide
where ProviderKind.Payload == Kind.Payload, ProviderKind.Content == Kind.Content {
    private let provider: WidgetProviderCore<ProviderKind>
    private let key: SnapshotKey
    /// How long the loader lets a fetch take, in the simulation's seconds.
    private let timeout: TimeInterval
    /// Whether the provider may ask the source (`false`: it reads the store only).
    private let fetches: Bool
    /// Whether every run asks the source, young snapshot or not: a widget that push reloads cannot
    /// tell a push's reload from another, and the loader's cache would answer a push with the data
    /// it already has.
    private let asksEveryRun: Bool

    init(
        kind: ProviderKind, container: SimulatedContainer<Kind>, options: PlanningOptions,
        fetches: Bool = true,
        asksEveryRun: Bool = false
    ) {
        key = container.key
        let loader = EntryLoader(
            kind: kind, store: container.store, sleeper: ContinuousClock(), readBacks: container.readBacks)
        timeout = TimeInterval(loader.timeout.components.seconds)
        provider = WidgetProviderCore(loader: loader, options: options)
        self.fetches = fetches
        self.asksEveryRun = asksEveryRun
    }

    func timeline(in context: ExtensionContext<Kind.Payload>) -> PlannedTimeline<WidgetState<Kind.Content>> {
        let timeout = self.timeout
        let fetch: ((SnapshotKey) -> Result<SourceAnswer<Kind.Payload>, SourceFailure>)? =
            context.hasSource && fetches
            ? { _ in
                // A switch, not `map` and `mapError`: unspecialised, each of those is a generic
                // call with its own metadata look-ups.
                switch context.fetch(timeout: timeout) {
                case .success(let answer):
                    .success(SourceAnswer(payload: answer.payload, observedAt: answer.observedAt))
                case .failure(let failure): .failure(SourceFailure(failure.reason))
                }
            } : nil
        // A call whose timeline the engine replaces loads, fetches and saves, and is not planned:
        // planning has no effect but the timeline (the provider logs nothing here).
        guard context.returnsDiscardedTimeline else {
            return provider.timeline(
                for: key, at: context.now, in: context.calendar, forceRefresh: asksEveryRun,
                fetchingWith: fetch)
        }
        return provider.timelineUnlessDiscarded(
            for: key, at: context.now, in: context.calendar, forceRefresh: asksEveryRun, fetchingWith: fetch)
            ?? PlannedTimeline(entries: [], policy: .never)
    }
}
