public import Foundation
public import WidgetTimeline

#if canImport(WidgetKit)
    public import WidgetKit
#else
    public import WidgetKitStandIn
#endif

/// A WidgetKit `TimelineProvider` for any ``WidgetTimeline/WidgetKind``: everything it answers comes
/// from ``WidgetTimeline/WidgetProviderCore`` — the adapter only reads the clock and the calendar
/// and wraps the answer.
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
///   wait nor show a user's data); otherwise the entry for now from the stored snapshot.
/// - ``getTimeline(in:completion:)``: cache first, then the optional source with its timeout, then
///   the planner. Every failure is an honest entry with a back-off retry, never a missing timeline.
///
/// Both completion handlers are called exactly once on every path: the core's answers cannot fail,
/// so each method has a single call site.
public struct PlanningTimelineProvider<Kind: WidgetKind>: TimelineProvider, Sendable {
    public typealias Entry = PlannedTimelineEntry<Kind.Content>

    /// The snapshot key every answer is planned from.
    public let key: SnapshotKey
    /// What answers.
    public let core: WidgetProviderCore<Kind>
    let clock: any WidgetClock
    let calendar: @Sendable () -> Calendar

    /// The widget kind.
    public var kind: Kind { core.kind }

    /// A provider around a core you have wired yourself.
    ///
    /// - Parameters:
    ///   - key: the snapshot key; the kind's default key when `nil`.
    ///   - clock: where "now" comes from: the system clock in an extension, a manual one in tests.
    ///   - calendar: the calendar and time zone of the plan, read on every request so a time-zone
    ///     change leads to a new plan.
    public init(
        core: WidgetProviderCore<Kind>,
        key: SnapshotKey? = nil,
        clock: any WidgetClock = SystemClock(),
        calendar: @escaping @Sendable () -> Calendar = { Calendar.current }
    ) {
        self.key = key ?? core.kind.defaultKey
        self.core = core
        self.clock = clock
        self.calendar = calendar
    }

    /// A provider for `kind` in a widget extension: a read-only store and the shared diagnostics log
    /// in `container`, a loader and the core, wired as `configuration` says.
    ///
    /// When `container` is a failure — the extension has no App Group container — the provider still
    /// answers: the placeholder and gallery preview as usual, every other answer "unavailable"
    /// (``WidgetTimeline/UnavailableReason/appGroupUnavailable``) with a back-off retry, and each one is
    /// reported through the configuration's `reportSetupProblem` with the group identifier.
    public init(
        kind: Kind,
        in container: Result<SharedContainer, AppGroupError>,
        key: SnapshotKey? = nil,
        configuration: ProviderConfiguration<Kind.Payload> = ProviderConfiguration()
    ) {
        self.init(
            core: WidgetProviderCore(kind: kind, in: container, configuration: configuration), key: key,
            clock: configuration.clock, calendar: configuration.calendar)
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
    public func placeholder() -> Entry {
        PlannedTimelineEntry(core.placeholder(at: clock.now, in: calendar()), key: key)
    }

    /// The snapshot entry, as ``getSnapshot(in:completion:)`` delivers it.
    public func snapshot(isPreview: Bool) -> Entry {
        PlannedTimelineEntry(
            core.snapshot(for: key, isPreview: isPreview, at: clock.now, in: calendar()), key: key)
    }

    /// The timeline, as ``getTimeline(in:completion:)`` delivers it.
    public func timeline() async -> Timeline<Entry> {
        Timeline(await core.timeline(for: key, at: clock.now, in: calendar()), key: key)
    }

    /// Calls `completion` with the snapshot entry, once.
    func deliverSnapshot(isPreview: Bool, to completion: @Sendable (Entry) -> Void) {
        completion(snapshot(isPreview: isPreview))
    }

    /// Starts the timeline and calls `completion` with it when done. The task is returned so tests
    /// can wait for it instead of sleeping.
    @discardableResult
    func deliverTimeline(to completion: @escaping @Sendable (Timeline<Entry>) -> Void) -> Task<Void, Never> {
        let provider = self
        return Task { completion(await provider.timeline()) }
    }
}
