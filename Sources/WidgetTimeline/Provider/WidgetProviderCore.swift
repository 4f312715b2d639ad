#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// What a widget's timeline provider does, without WidgetKit: the adapter binds these three calls
/// to `TimelineProvider` and adds nothing but the clock and the calendar.
///
/// - ``placeholder(at:in:)``: at once, from the kind's preview fixture, with no I/O at all.
/// - ``snapshot(for:isPreview:at:in:)``: the fixture in the widget gallery; otherwise the entry for
///   now from the last stored snapshot — never waiting on the network.
/// - ``timeline(for:at:in:forceRefresh:)``: loader, then planner. Always returns a non-empty
///   timeline: every failure becomes an honest entry and a back-off retry policy.
///
/// A core is either wired to a loader, or ``unavailable(_:reason:options:log:whenAsked:)``: a
/// provider whose setup failed (no App Group container) answers "unavailable" with the reason and a
/// retry, without pretending to read an empty store. Each run writes its diagnostic events — the
/// run, the read, a fetch's outcome, the timeline built — to the log in one append.
public struct WidgetProviderCore<Kind: WidgetKind>: Sendable {
    public typealias Entry = PlannedEntry<WidgetState<Kind.Content>>

    /// Where a run's data comes from.
    @usableFromInline
    enum DataSource: Sendable {
        case loader(EntryLoader<Kind>)
        /// Nothing can be read: every answer but the placeholder and the gallery says why, and
        /// `report` is told each time.
        case unavailable(UnavailableReason, report: @Sendable () -> Void)
    }

    @usableFromInline let dataSource: DataSource
    public let planner: TimelinePlanner<Kind>
    @usableFromInline let log: any DiagnosticSink
    /// Whether events reach anyone: a core whose log discards them does not build them.
    @usableFromInline let logsEvents: Bool

    public var kind: Kind { planner.kind }

    /// A core that loads through `loader` and logs where the loader logs.
    public init(loader: EntryLoader<Kind>, options: PlanningOptions = .default) {
        self.init(dataSource: .loader(loader), kind: loader.kind, options: options, log: loader.log)
    }

    /// A core for a provider that has nothing to read: each timeline is "unavailable" with `reason`,
    /// retried with the planner's back-off, and `report` is called whenever it answers so.
    public static func unavailable(
        _ kind: Kind,
        reason: UnavailableReason,
        options: PlanningOptions = .default,
        log: any DiagnosticSink = DiscardingDiagnosticSink(),
        whenAsked report: @escaping @Sendable () -> Void = {}
    ) -> WidgetProviderCore {
        WidgetProviderCore(
            dataSource: .unavailable(reason, report: report), kind: kind, options: options, log: log)
    }

    private init(dataSource: DataSource, kind: Kind, options: PlanningOptions, log: any DiagnosticSink) {
        self.dataSource = dataSource
        planner = TimelinePlanner(kind: kind, options: options)
        self.log = log
        logsEvents = !(log is DiscardingDiagnosticSink)
    }

    /// The placeholder entry: the preview fixture shown as fresh, computed without touching the
    /// store, the source or the log.
    public func placeholder(at now: Date, in calendar: Calendar) -> Entry {
        let fixture = Snapshot(
            kind: kind.kind, key: kind.defaultKey, revision: 0, generatedAt: now,
            fingerprint: ContentFingerprint(rawValue: ""), payload: kind.preview)
        return entry(kind.state(of: fixture, at: now, in: calendar), at: now)
    }

    /// The snapshot entry: the fixture when `isPreview` (the gallery must not show a user's data
    /// nor wait for it), otherwise the state for `now` of the stored snapshot.
    public func snapshot(for key: SnapshotKey? = nil, isPreview: Bool, at now: Date, in calendar: Calendar)
        -> Entry
    {
        guard !isPreview else { return placeholder(at: now, in: calendar) }
        switch dataSource {
        case .unavailable(let reason, let report):
            report()
            return entry(.unavailable(reason), at: now)
        case .loader(let loader):
            let batch = DiagnosticBatch()
            let loaded = loader.cached(key ?? kind.defaultKey, at: now, logging: logsEvents ? batch : log)
            batch.write(to: log)
            guard let snapshot = loaded.snapshot else {
                return entry(loaded.failure.map { .unavailable($0.reason) } ?? .noData, at: now)
            }
            return entry(kind.state(of: snapshot, at: now, in: calendar), at: now)
        }
    }

    /// The timeline: load (cache first, then the source), plan, log.
    // Inlinable, as the planner is: a caller that knows its widget kind gets the run specialised.
    @inlinable
    public func timeline(
        for key: SnapshotKey? = nil,
        at now: Date,
        in calendar: Calendar,
        forceRefresh: Bool = false
    ) async -> PlannedTimeline<WidgetState<Kind.Content>> {
        let key = key ?? kind.defaultKey
        guard case .loader(let loader) = dataSource else { return unavailableTimeline(at: now, in: calendar) }
        let batch = begin(key, at: now)
        let loaded = await loader.load(key, at: now, forceRefresh: forceRefresh, logging: batch ?? log)
        return plan(loaded, for: key, at: now, in: calendar, batch: batch)
    }

    /// The timeline, fetching through `fetch` instead of the loader's source: for callers whose
    /// fetch is synchronous, such as the simulator's virtual network. `nil` reads the store only.
    @inlinable
    public func timeline(
        for key: SnapshotKey? = nil,
        at now: Date,
        in calendar: Calendar,
        forceRefresh: Bool = false,
        fetchingWith fetch: ((SnapshotKey) -> Result<SourceAnswer<Kind.Payload>, SourceFailure>)?
    ) -> PlannedTimeline<WidgetState<Kind.Content>> {
        let key = key ?? kind.defaultKey
        guard case .loader(let loader) = dataSource else { return unavailableTimeline(at: now, in: calendar) }
        let batch = begin(key, at: now)
        let loaded = loader.load(
            key, at: now, forceRefresh: forceRefresh, fetchingWith: fetch, logging: batch ?? log)
        return plan(loaded, for: key, at: now, in: calendar, batch: batch)
    }

    /// What ``timeline(for:at:in:forceRefresh:fetchingWith:)`` does for a call whose timeline no
    /// one will see — the same store read, fetch and save — without the plan, which is a pure
    /// function of what was loaded: for a simulated system that replaces the timeline of each
    /// `getTimeline` call but a run's last. A core that logs events, or has no loader, runs in full.
    ///
    /// - Returns: the timeline, or `nil` when it was not planned.
    package func timelineUnlessDiscarded(
        for key: SnapshotKey? = nil,
        at now: Date,
        in calendar: Calendar,
        forceRefresh: Bool = false,
        fetchingWith fetch: ((SnapshotKey) -> Result<SourceAnswer<Kind.Payload>, SourceFailure>)?
    ) -> PlannedTimeline<WidgetState<Kind.Content>>? {
        guard !logsEvents, case .loader(let loader) = dataSource else {
            return timeline(for: key, at: now, in: calendar, forceRefresh: forceRefresh, fetchingWith: fetch)
        }
        _ = loader.load(
            key ?? kind.defaultKey, at: now, forceRefresh: forceRefresh, fetchingWith: fetch, logging: log)
        return nil
    }

    // MARK: - One run

    private func entry(_ state: WidgetState<Kind.Content>, at now: Date) -> Entry {
        PlannedEntry(date: now, state: state, relevance: kind.relevance(of: state))
    }

    /// The run's batch of events, starting with the run itself; `nil` when nothing is logged.
    @usableFromInline
    func begin(_ key: SnapshotKey, at now: Date) -> DiagnosticBatch? {
        guard logsEvents else { return nil }
        return DiagnosticBatch(
            DiagnosticEvent(at: now, side: .widgetExtension, stage: .providerRun, key: key, kind: kind.kind))
    }

    /// Plans from what was loaded and writes the run's events, the build last, in one append.
    @inlinable
    func plan(
        _ loaded: LoadResult<Kind.Payload>, for key: SnapshotKey, at now: Date, in calendar: Calendar,
        batch: DiagnosticBatch?
    ) -> PlannedTimeline<WidgetState<Kind.Content>> {
        let timeline = planner.plan(loaded, at: now, in: calendar).timeline
        guard let batch else { return timeline }
        batch.record(
            DiagnosticEvent(
                at: now, side: .widgetExtension, stage: .timelineBuild, key: key, kind: kind.kind,
                revision: loaded.snapshot?.revision, freshness: timeline.entries.first?.state.freshness,
                entryCount: timeline.entries.count,
                policy: DiagnosticEvent.describe(timeline.policy, from: now),
                reason: loaded.failure?.reason.rawValue))
        batch.write(to: log)
        return timeline
    }

    /// "Unavailable" with the core's reason, retried with the planner's back-off.
    @usableFromInline
    func unavailableTimeline(at now: Date, in calendar: Calendar) -> PlannedTimeline<
        WidgetState<Kind.Content>
    > {
        guard case .unavailable(let reason, let report) = dataSource else {
            preconditionFailure("only an unavailable core has no loader")
        }
        report()
        return planner.plan(.failed(reason), at: now, in: calendar).timeline
    }
}
