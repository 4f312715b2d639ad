import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// Naive extension: one entry for now, with the value shown as current, and a fixed next reload —
/// `.after(now + 15 min)` in most tutorials, or the next top of the hour. With
/// ``onFailure`` `.never`, a failed request stops all reloads until the app asks: with no reload signal, the widget
/// stays on the old value forever.
final class SingleEntryExtension<Kind: WidgetKind>: ExtensionSide {
    /// When to ask again.
    enum NextReload {
        /// `.after(now + interval)`.
        case after(TimeInterval)
        /// `.after(the next top of the hour)` in the user's time zone.
        case topOfTheHour
    }

    /// What to do after a failed request.
    enum FailurePolicy {
        /// The same as after a success.
        case sameAsSuccess
        /// `.never`: wait for the app.
        case never
    }

    private let kind: Kind
    private let container: SimulatedContainer<Kind>
    private let nextReload: NextReload
    private let onFailure: FailurePolicy

    init(kind: Kind, container: SimulatedContainer<Kind>, nextReload: NextReload, onFailure: FailurePolicy) {
        self.kind = kind
        self.container = container
        self.nextReload = nextReload
        self.onFailure = onFailure
    }

    func timeline(in context: ExtensionContext<Kind.Payload>) -> PlannedTimeline<WidgetState<Kind.Content>> {
        let now = context.now
        let (snapshot, failure) = NaiveRead.snapshot(in: context, container: container)
        let state = NaiveRead.unmarked(
            snapshot, failure: failure, kind: kind, at: now, computedAt: now, in: context.calendar)
        let policy: ReloadPolicy
        if failure != nil, case .never = onFailure {
            policy = .never
        } else {
            switch nextReload {
            case .after(let interval):
                policy = .after(now.addingTimeInterval(interval))
            case .topOfTheHour:
                let hour = 3600.0
                let offset = Double(context.calendar.timeZone.secondsFromGMT(for: now))
                let local = now.timeIntervalSince1970 + offset
                policy = .after(
                    Date(timeIntervalSince1970: ((local / hour).rounded(.down) + 1) * hour - offset))
            }
        }
        return PlannedTimeline(entries: [PlannedEntry(date: now, state: state)], policy: policy)
    }
}
