import Foundation
import WidgetTimeline

#if canImport(WidgetKit)
    import WidgetKit
#else
    import WidgetKitStandIn
#endif

/// A WidgetKit `TimelineProvider` for any ``WidgetTimeline/WidgetKind``: everything it answers comes
/// from ``WidgetTimeline/WidgetProviderCore`` — the adapter only binds.
///
/// ```swift
/// struct TaskCountWidgetConfiguration: Widget {
///     var body: some WidgetConfiguration {
///         StaticConfiguration(
///             kind: TaskCountWidget().kind,
///             provider: PlanningTimelineProvider(kind: TaskCountWidget(), in: ExtensionSetup.container)
///         ) { entry in TaskCountView(entry: entry) }
///     }
/// }
/// ```
///
/// - ``placeholder(in:)``: the kind's fixture, at once, with no I/O.
/// - ``getSnapshot(in:completion:)``: the fixture when `context.isPreview` (the gallery must neither
///   wait nor show a user's data); otherwise the current entry from the stored snapshot.
/// - ``getTimeline(in:completion:)``: cache first, then the optional source with its timeout, then
///   the planner. Every failure is an honest entry with a back-off retry, never a missing timeline.
///
/// Both completion handlers are called exactly once on every path: the core's answers cannot fail,
/// so each method has a single call site.
public struct PlanningTimelineProvider<Kind: WidgetKind>: TimelineProvider, Sendable {
    public typealias Entry = PlannedTimelineEntry<Kind.Content>

    /// The snapshot key every answer is planned from.
    public let key: SnapshotKey
    let runner: ProviderRunner<Kind>

    /// The widget kind.
    public var kind: Kind { runner.core.kind }

    /// A provider around a core you have wired yourself.
    ///
    /// - Parameters:
    ///   - key: the snapshot key; the kind's default key when `nil`.
    ///   - clock: where "now" comes from: the system clock in an extension, a manual one in tests.
    ///   - calendar: the calendar and time zone of the plan, read on every request so a time-zone
    ///     change leads to a new plan (SPEC T2).
    public init(
        core: WidgetProviderCore<Kind>,
        key: SnapshotKey? = nil,
        clock: any WidgetClock = SystemClock(),
        calendar: @escaping @Sendable () -> Calendar = { Calendar.current }
    ) {
        self.key = key ?? core.kind.defaultKey
        runner = ProviderRunner(
            core: core, clock: clock, calendar: calendar, setupProblem: nil, reportSetupProblem: .systemLog)
    }

    /// A provider for `kind` in a widget extension: a read-only store and the shared diagnostics log
    /// in `container`, a loader and the core, wired.
    ///
    /// When `container` is a failure — the extension has no App Group container — the provider still
    /// answers: the placeholder and gallery preview as usual, every other answer "unavailable"
    /// (``WidgetTimeline/UnavailableReason/appGroupUnavailable``) with a back-off retry, and each one is
    /// reported through `reportSetupProblem` with the group identifier.
    ///
    /// - Parameters:
    ///   - source: where to fetch when the snapshot is old or missing; `nil` reads the store only.
    ///   - sourceTimeout: how long a fetch may take, well under the provider's ~30 s watchdog.
    ///   - storeAccess: `.readOnly` (default) never writes; `.readWrite` saves fetched answers.
    public init(
        kind: Kind,
        in container: Result<SharedContainer, AppGroupError>,
        key: SnapshotKey? = nil,
        source: (any SnapshotSource<Kind.Payload>)? = nil,
        sourceTimeout: Duration = .seconds(8),
        storeAccess: FileSnapshotStore.Access = .readOnly,
        options: PlanningOptions = .default,
        clock: any WidgetClock = SystemClock(),
        calendar: @escaping @Sendable () -> Calendar = { Calendar.current },
        reportSetupProblem: SetupProblemReporter = .systemLog
    ) {
        self.key = key ?? kind.defaultKey
        runner = ProviderRunner(
            kind: kind, container: container, source: source, sourceTimeout: sourceTimeout,
            storeAccess: storeAccess, options: options, clock: clock, calendar: calendar,
            reportSetupProblem: reportSetupProblem)
    }

    // MARK: - TimelineProvider

    public func placeholder(in context: Context) -> Entry { placeholder() }

    public func getSnapshot(in context: Context, completion: @escaping @Sendable (Entry) -> Void) {
        deliverSnapshot(isPreview: context.isPreview, to: completion)
    }

    public func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void) {
        deliverTimeline(to: completion)
    }

    // MARK: - Without a context (previews, an app's own tests)

    /// The placeholder entry.
    public func placeholder() -> Entry { runner.placeholder(key: key) }

    /// The snapshot entry, as ``getSnapshot(in:completion:)`` delivers it.
    public func snapshot(isPreview: Bool) -> Entry { runner.snapshot(key: key, isPreview: isPreview) }

    /// The timeline, as ``getTimeline(in:completion:)`` delivers it.
    public func timeline() async -> Timeline<Entry> { await runner.timeline(key: key) }

    // MARK: - Delivery

    func deliverSnapshot(isPreview: Bool, to completion: @Sendable (Entry) -> Void) {
        completion(snapshot(isPreview: isPreview))
    }

    /// Starts the timeline and calls `completion` with it when done. The task is returned so tests
    /// can wait for it instead of sleeping.
    @discardableResult
    func deliverTimeline(to completion: @escaping @Sendable (Timeline<Entry>) -> Void) -> Task<Void, Never> {
        let runner = self.runner
        let key = self.key
        return Task { completion(await runner.timeline(key: key)) }
    }
}
