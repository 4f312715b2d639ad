public import Foundation
public import WidgetTimeline

/// How a planning provider is wired in a widget extension: where it may fetch, how it plans, where
/// "now" and the calendar come from, and where a failed setup is reported. One value for both
/// ``PlanningTimelineProvider`` and ``PlanningAppIntentTimelineProvider``.
///
/// ```swift
/// PlanningTimelineProvider(
///     kind: ParkingWidget(), in: ExtensionSetup.container,
///     configuration: ProviderConfiguration(source: ParkingAPI(), storeAccess: .readWrite))
/// ```
public struct ProviderConfiguration<Payload: Codable & Sendable & Equatable>: Sendable {
    /// Where to fetch when the snapshot is old or missing; `nil` reads the store only.
    public var source: (any SnapshotSource<Payload>)?
    /// How long a fetch may take, well under the provider's ~30 s watchdog.
    public var sourceTimeout: Duration
    /// `.readOnly` never writes; `.readWrite` saves fetched answers.
    public var storeAccess: FileSnapshotStore.Access
    /// How the planner builds timelines.
    public var planning: PlanningOptions
    /// Where "now" comes from: the system clock in an extension, a manual one in tests.
    public var clock: any WidgetClock
    /// The calendar and time zone of the plan, read on every request so a time-zone change leads to
    /// a new plan.
    public var calendar: @Sendable () -> Calendar
    /// Where a provider reports, each time it answers without one, that its App Group container
    /// could not be used.
    public var reportSetupProblem: SetupProblemReporter

    public init(
        source: (any SnapshotSource<Payload>)? = nil,
        sourceTimeout: Duration = .seconds(8),
        storeAccess: FileSnapshotStore.Access = .readOnly,
        planning: PlanningOptions = .default,
        clock: any WidgetClock = SystemClock(),
        calendar: @escaping @Sendable () -> Calendar = { Calendar.current },
        reportSetupProblem: SetupProblemReporter = .systemLog
    ) {
        self.source = source
        self.sourceTimeout = sourceTimeout
        self.storeAccess = storeAccess
        self.planning = planning
        self.clock = clock
        self.calendar = calendar
        self.reportSetupProblem = reportSetupProblem
    }
}

extension WidgetProviderCore {
    /// The core for `kind` in `container`: a store (read-only by default), the loader and the
    /// shared log — or, when the container could not be resolved, a core that answers
    /// "unavailable" (``WidgetTimeline/UnavailableReason/appGroupUnavailable``) with a back-off
    /// retry and reports the problem, with the group identifier, each time it does.
    public init(
        kind: Kind, in container: Result<SharedContainer, AppGroupError>,
        configuration: ProviderConfiguration<Kind.Payload>
    ) {
        switch container {
        case .success(let container):
            self = container.providerCore(for: kind, configuration: configuration)
        case .failure(let problem):
            let report = configuration.reportSetupProblem
            self = .unavailable(
                kind, reason: .appGroupUnavailable, options: configuration.planning,
                whenAsked: { report(problem) })
        }
    }
}
