import Foundation
import WidgetTimeline

/// The extension half of the library strategy: the real ``WidgetProviderCore`` — the
/// ``EntryLoader`` (cache first, the source with its timeout, stale fallback, back-off) and the
/// ``TimelinePlanner`` — fetching through the simulated network.
final class LibraryExtension<Kind: WidgetKind>: ExtensionSide {
    private let provider: WidgetProviderCore<Kind>
    private let key: SnapshotKey
    /// How long the loader lets a fetch take, in the simulation's seconds.
    private let timeout: TimeInterval

    init(kind: Kind, container: SimulatedContainer<Kind>, options: PlanningOptions) {
        key = container.key
        let loader = EntryLoader(kind: kind, store: container.store, sleeper: ContinuousClock())
        timeout = TimeInterval(loader.timeout.components.seconds)
        provider = WidgetProviderCore(loader: loader, options: options)
    }

    func timeline(in context: ExtensionContext<Kind.Payload>) -> PlannedTimeline<WidgetState<Kind.Content>> {
        let timeout = self.timeout
        let fetch: ((SnapshotKey) -> Result<SourceAnswer<Kind.Payload>, SourceFailure>)? =
            context.hasSource
            ? { _ in
                context.fetch(timeout: timeout)
                    .map { SourceAnswer(payload: $0.payload, observedAt: $0.observedAt) }
                    .mapError { SourceFailure($0.reason) }
            } : nil
        return provider.timeline(for: key, at: context.now, in: context.calendar, fetchingWith: fetch)
    }
}
