import Foundation

/// What a widget's timeline provider does, without WidgetKit (SPEC M2): the adapter only binds
/// these three calls to `TimelineProvider`.
///
/// - ``placeholder(at:in:)``: at once, from the kind's preview fixture, with no I/O at all.
/// - ``snapshot(for:isPreview:at:in:)``: the fixture in the widget gallery; otherwise the current
///   entry from the last stored snapshot — never waiting on the network.
/// - ``timeline(for:at:in:forceRefresh:)``: loader, then planner. Always returns a non-empty
///   timeline: every failure becomes an honest entry and a back-off retry policy.
public struct WidgetProviderCore<Kind: WidgetKind>: Sendable {
    public typealias Entry = PlannedEntry<WidgetState<Kind.Content>>

    public let loader: EntryLoader<Kind>
    public let planner: TimelinePlanner<Kind>
    @usableFromInline let log: any DiagnosticSink
    /// Whether events reach anyone: a provider whose log discards them does not build them (the
    /// timeline-build event formats the reload policy as text on every run).
    @usableFromInline let logsEvents: Bool

    public var kind: Kind { planner.kind }

    public init(
        loader: EntryLoader<Kind>,
        options: PlanningOptions = .default,
        log: any DiagnosticSink = DiscardingDiagnosticSink()
    ) {
        self.loader = loader
        self.planner = TimelinePlanner(kind: loader.kind, options: options)
        self.log = log
        self.logsEvents = !(log is DiscardingDiagnosticSink)
    }

    /// The placeholder entry: the preview fixture shown as fresh, computed without touching the
    /// store, the source or the log.
    public func placeholder(at now: Date, in calendar: Calendar) -> Entry {
        let fixture = Snapshot(
            kind: kind.kind, key: kind.defaultKey, revision: 0, generatedAt: now,
            fingerprint: ContentFingerprint(rawValue: ""), payload: kind.preview)
        let state = kind.state(of: fixture, at: now, in: calendar)
        return PlannedEntry(date: now, state: state, relevance: kind.relevance(of: state))
    }

    /// The snapshot entry: the fixture when `isPreview` (the gallery must not show a user's data
    /// nor wait for it), otherwise the current entry from the stored snapshot.
    public func snapshot(for key: SnapshotKey? = nil, isPreview: Bool, at now: Date, in calendar: Calendar)
        -> Entry
    {
        guard !isPreview else { return placeholder(at: now, in: calendar) }
        let loaded = loader.cached(key ?? kind.defaultKey, at: now)
        return planner.plan(loaded, at: now, in: calendar).timeline.entries[0]
    }

    /// The timeline: load (cache first, then the source), plan, log.
    @inlinable
    public func timeline(
        for key: SnapshotKey? = nil,
        at now: Date,
        in calendar: Calendar,
        forceRefresh: Bool = false
    ) async -> PlannedTimeline<WidgetState<Kind.Content>> {
        let key = key ?? kind.defaultKey
        if logsEvents {
            log.record(
                DiagnosticEvent(
                    at: now, side: .widgetExtension, stage: .providerRun, key: key, kind: kind.kind))
        }
        let loaded = await loader.load(key, at: now, forceRefresh: forceRefresh)
        return plan(loaded, for: key, at: now, in: calendar)
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
        if logsEvents {
            log.record(
                DiagnosticEvent(
                    at: now, side: .widgetExtension, stage: .providerRun, key: key, kind: kind.kind))
        }
        let loaded = loader.load(key, at: now, forceRefresh: forceRefresh, fetchingWith: fetch)
        return plan(loaded, for: key, at: now, in: calendar)
    }

    /// Plans from what was loaded and logs the build.
    @inlinable
    func plan(
        _ loaded: LoadResult<Kind.Payload>, for key: SnapshotKey, at now: Date, in calendar: Calendar
    )
        -> PlannedTimeline<WidgetState<Kind.Content>>
    {
        let timeline = planner.plan(loaded, at: now, in: calendar).timeline
        guard logsEvents else { return timeline }
        log.record(
            DiagnosticEvent(
                at: now, side: .widgetExtension, stage: .timelineBuild, key: key, kind: kind.kind,
                revision: loaded.snapshot?.revision, freshness: timeline.entries.first?.state.freshness,
                entryCount: timeline.entries.count,
                policy: DiagnosticEvent.describe(timeline.policy, from: now),
                reason: loaded.failure?.reason.rawValue))
        return timeline
    }
}
