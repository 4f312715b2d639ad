import Foundation
import WidgetTimeline

/// INTERIM extension half of the library strategy, until `EntryLoader` and `WidgetProviderCore`
/// land on `main`: cache first; a source (with a timeout) only when the snapshot is due for a
/// refresh; the last snapshot marked by its age when the source fails; then the real
/// ``TimelinePlanner`` (SPEC L1, P1–P4).
final class InterimLibraryExtension<Kind: WidgetKind>: ExtensionSide {
    private let planner: TimelinePlanner<Kind>
    private let shelf: SnapshotShelf<Kind.Payload>
    private let sourceTimeout: TimeInterval
    private var consecutiveFailures = 0

    init(planner: TimelinePlanner<Kind>, shelf: SnapshotShelf<Kind.Payload>, sourceTimeout: TimeInterval = 10) {
        self.planner = planner
        self.shelf = shelf
        self.sourceTimeout = sourceTimeout
    }

    func timeline(in context: ExtensionContext<Kind.Payload>) -> PlannedTimeline<WidgetState<Kind.Content>> {
        let stored = shelf.latest
        var input: LoadResult<Kind.Payload> = stored.map { .loaded($0) } ?? .nothingYet
        let refreshAfter = planner.kind.freshness.refreshAfter
        if context.hasSource,
            stored.map({ context.now.timeIntervalSince($0.generatedAt) >= refreshAfter }) ?? true
        {
            switch context.fetch(timeout: sourceTimeout) {
            case .success(let answer):
                consecutiveFailures = 0
                let saved = shelf.save(answer.payload, generatedAt: context.now, observedAt: answer.observedAt)
                input = .loaded(saved)
            case .failure(let failure):
                consecutiveFailures += 1
                input = .failed(failure.reason, consecutiveFailures: consecutiveFailures, lastKnown: stored)
            }
        }
        return planner.timeline(for: input, at: context.now, in: context.calendar)
    }
}
