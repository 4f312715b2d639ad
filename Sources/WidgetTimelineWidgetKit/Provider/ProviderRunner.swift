import Foundation
import WidgetTimeline

#if canImport(WidgetKit)
    import WidgetKit
#else
    import WidgetKitStandIn
#endif

/// What both providers do once WidgetKit has asked: read the clock and the calendar, run the core,
/// wrap the answer for WidgetKit. The two provider types only differ in where the snapshot key comes
/// from.
struct ProviderRunner<Kind: WidgetKind>: Sendable {
    typealias Entry = PlannedTimelineEntry<Kind.Content>

    let core: WidgetProviderCore<Kind>
    let clock: any WidgetClock
    let calendar: @Sendable () -> Calendar
    /// Set when the shared container could not be used: the provider then answers honestly that
    /// it has nothing to read, instead of reading an empty store.
    let setupProblem: AppGroupError?
    let reportSetupProblem: SetupProblemReporter

    /// The fixture entry: no I/O, no log, no clock beyond "now".
    func placeholder(key: SnapshotKey) -> Entry {
        PlannedTimelineEntry(core.placeholder(at: clock.now, in: calendar()), key: key)
    }

    /// The gallery fixture when previewing; otherwise the current entry from the stored snapshot,
    /// never waiting on the network.
    func snapshot(key: SnapshotKey, isPreview: Bool) -> Entry {
        let now = clock.now
        let calendar = calendar()
        if !isPreview, let setupProblem {
            reportSetupProblem(setupProblem)
            return PlannedTimelineEntry(unusableContainerPlan(at: now, in: calendar).entries[0], key: key)
        }
        return PlannedTimelineEntry(
            core.snapshot(for: key, isPreview: isPreview, at: now, in: calendar), key: key)
    }

    /// The timeline: always at least one entry and a policy, whatever failed.
    func timeline(key: SnapshotKey) async -> Timeline<Entry> {
        let now = clock.now
        let calendar = calendar()
        if let setupProblem {
            reportSetupProblem(setupProblem)
            return Timeline(unusableContainerPlan(at: now, in: calendar), key: key)
        }
        return Timeline(await core.timeline(for: key, at: now, in: calendar), key: key)
    }

    /// "Unavailable: app-group-unavailable", retried with the planner's back-off.
    private func unusableContainerPlan(at now: Date, in calendar: Calendar) -> PlannedTimeline<
        WidgetState<Kind.Content>
    > {
        core.planner.plan(.failed(.appGroupUnavailable), at: now, in: calendar).timeline
    }
}

extension ProviderRunner {
    /// A runner for `kind` in `container`: a read-only store, the loader and the shared log — or,
    /// when the container could not be resolved, a runner that reports why on every answer.
    init(
        kind: Kind,
        container: Result<SharedContainer, AppGroupError>,
        source: (any SnapshotSource<Kind.Payload>)?,
        sourceTimeout: Duration,
        storeAccess: FileSnapshotStore.Access,
        options: PlanningOptions,
        clock: any WidgetClock,
        calendar: @escaping @Sendable () -> Calendar,
        reportSetupProblem: SetupProblemReporter
    ) {
        switch container {
        case .success(let container):
            self.init(
                core: container.providerCore(
                    for: kind, source: source, sourceTimeout: sourceTimeout, storeAccess: storeAccess,
                    options: options),
                clock: clock, calendar: calendar, setupProblem: nil, reportSetupProblem: reportSetupProblem)
        case .failure(let problem):
            // The placeholder and the gallery preview need no store; everything else reports.
            let loader = EntryLoader(
                kind: kind, store: InMemorySnapshotStore().readOnly(), sleeper: ContinuousClock())
            self.init(
                core: WidgetProviderCore(loader: loader, options: options),
                clock: clock, calendar: calendar, setupProblem: problem,
                reportSetupProblem: reportSetupProblem)
        }
    }
}
