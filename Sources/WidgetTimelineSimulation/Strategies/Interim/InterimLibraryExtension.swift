import Foundation
import WidgetTimeline

/// INTERIM extension half of the library strategy, until `EntryLoader` and `WidgetProviderCore`
/// land on `main`: cache first; a source (with a timeout) only when the snapshot is due for a
/// refresh; the last snapshot marked by its age when the source fails; then the real
/// ``TimelinePlanner`` (SPEC L1, P1–P4).
final class InterimLibraryExtension<Kind: WidgetKind>: ExtensionSide {
    private let planner: TimelinePlanner<Kind>
    private let container: SharedContainer<Kind>
    private let sourceTimeout: TimeInterval
    private var consecutiveFailures = 0

    init(planner: TimelinePlanner<Kind>, container: SharedContainer<Kind>, sourceTimeout: TimeInterval = 10) {
        self.planner = planner
        self.container = container
        self.sourceTimeout = sourceTimeout
    }

    func timeline(in context: ExtensionContext<Kind.Payload>) -> PlannedTimeline<WidgetState<Kind.Content>> {
        let read = container.read()
        let stored = read.snapshot
        var input = read.loadResult
        if context.hasSource,
            stored.map({
                context.now.timeIntervalSince($0.generatedAt) >= planner.kind.freshness(of: $0).refreshAfter
            })
                ?? true
        {
            switch context.fetch(timeout: sourceTimeout) {
            case .success(let answer):
                consecutiveFailures = 0
                if let saved = container.save(
                    answer.payload, generatedAt: context.now, observedAt: answer.observedAt)
                {
                    input = .loaded(saved)
                }
            case .failure(let failure):
                consecutiveFailures += 1
                input = .failed(failure.reason, consecutiveFailures: consecutiveFailures, lastKnown: stored)
            }
        }
        return planner.timeline(for: input, at: context.now, in: context.calendar)
    }
}
