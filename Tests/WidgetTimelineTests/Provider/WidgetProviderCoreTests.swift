import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

@Suite("Provider logic: placeholder, snapshot, timeline")
struct WidgetProviderCoreTests {
    let now = Date.at("2026-11-29T10:00:00+09:00")
    let calendar = Calendar.gregorian(in: "Asia/Seoul")
    let widget = ScriptedWidget(kind: "count")

    private func provider(
        store: any SnapshotStore,
        source: (any SnapshotSource<ScriptedPayload>)? = nil,
        log: any DiagnosticSink = DiscardingDiagnosticSink()
    ) -> WidgetProviderCore<ScriptedWidget> {
        WidgetProviderCore(
            loader: EntryLoader(
                kind: widget, store: store, source: source, sleeper: StalledClock(), log: log))
    }

    @Test(
        "the placeholder is the fixture, with no I/O: a store and a source that fail if touched stay untouched"
    )
    func placeholder() {
        let provider = provider(store: UnimplementedSnapshotStore(), source: UnimplementedSource())
        let entry = provider.placeholder(at: now, in: calendar)
        #expect(
            entry
                == PlannedEntry(date: now, state: .fresh("preview", DataStamp(revision: 0, observedAt: now))))
    }

    @Test("the gallery snapshot is the fixture and never touches the store")
    func previewSnapshot() {
        let provider = provider(store: UnimplementedSnapshotStore(), source: UnimplementedSource())
        #expect(provider.snapshot(isPreview: true, at: now, in: calendar).state.content == "preview")
    }

    @Test("outside the gallery, the snapshot is the current entry from the store, without the network")
    func currentSnapshot() throws {
        let store = InMemorySnapshotStore()
        _ = try store.commit(
            try SnapshotDraft(
                kind: "count", key: widget.defaultKey, generatedAt: now.addingTimeInterval(-3600),
                payload: ScriptedPayload(initialLabel: "12", phases: [])))
        let entry = provider(store: store, source: UnimplementedSource()).snapshot(
            isPreview: false, at: now, in: calendar)
        #expect(
            entry.state == .stale("12", DataStamp(revision: 1, observedAt: now.addingTimeInterval(-3600))))
    }

    @Test("a provider run writes its events in one append: the run, the read, the failure, the build")
    func oneWritePerRun() async throws {
        let store = InMemorySnapshotStore()
        _ = try store.commit(
            try SnapshotDraft(
                kind: "count", key: widget.defaultKey, generatedAt: now.addingTimeInterval(-7200),
                payload: ScriptedPayload(initialLabel: "12", phases: [])))
        let log = BatchRecordingLog()
        let provider = provider(store: store, source: ScriptedSource(.fail(.sourceFailed)), log: log)
        _ = await provider.timeline(at: now, in: calendar)
        _ = provider.timeline(
            at: now, in: calendar, fetchingWith: { _ in .failure(SourceFailure(.sourceFailed)) })
        let run: [DiagnosticEvent.Stage] = [.providerRun, .snapshotRead, .error, .timelineBuild]
        #expect(log.stages == [run, run])
    }

    @Test(
        "a call whose timeline is thrown away fetches and saves as a full call does, without a plan; a core that logs plans"
    )
    func discardedTimeline() throws {
        let answer = SourceAnswer(payload: ScriptedPayload(initialLabel: "14", phases: []), observedAt: now)
        let fetch: (SnapshotKey) -> Result<SourceAnswer<ScriptedPayload>, SourceFailure> = { _ in
            .success(answer)
        }
        let store = InMemorySnapshotStore()
        let quiet = provider(store: store)
        #expect(quiet.timelineUnlessDiscarded(at: now, in: calendar, fetchingWith: fetch) == nil)
        let saved = try #require(store.read(widget.defaultKey, for: widget).snapshot)
        #expect(saved.revision == 1 && saved.payload == answer.payload)
        // The next call plans from what the discarded one saved, as after a full call.
        let fullStore = InMemorySnapshotStore()
        let full = provider(store: fullStore)
        _ = full.timeline(at: now, in: calendar, fetchingWith: fetch)
        let later = now.addingTimeInterval(1)
        #expect(
            quiet.timeline(at: later, in: calendar, fetchingWith: fetch)
                == full.timeline(at: later, in: calendar, fetchingWith: fetch))

        let log = InMemoryDiagnosticLog()
        let logging = provider(store: InMemorySnapshotStore(), log: log)
        let planned = logging.timelineUnlessDiscarded(at: now, in: calendar, fetchingWith: fetch)
        #expect(planned?.entries.first?.state.content == "14")
        #expect(log.events.contains { $0.stage == .timelineBuild })
    }

    @Test("a core with nothing to read says why on every answer but the fixtures, and reports each one")
    func unavailableCore() async {
        let reports = InMemoryDiagnosticLog()
        let core = WidgetProviderCore.unavailable(
            widget, reason: UnavailableReason("app-group-unavailable"),
            whenAsked: {
                reports.record(DiagnosticEvent(at: .distantPast, side: .widgetExtension, stage: .error))
            })
        #expect(core.placeholder(at: now, in: calendar).state.content == "preview")
        #expect(core.snapshot(isPreview: true, at: now, in: calendar).state.content == "preview")
        #expect(reports.events.isEmpty)
        let timeline = await core.timeline(at: now, in: calendar)
        #expect(timeline.entries.map(\.state) == [.unavailable(UnavailableReason("app-group-unavailable"))])
        guard case .after(let retry) = timeline.policy else {
            Issue.record("expected a retry, got \(timeline.policy)")
            return
        }
        #expect(retry > now)
        #expect(core.snapshot(isPreview: false, at: now, in: calendar).state.freshness == nil)
        #expect(reports.events.count == 2)
    }

    @Test(
        "every failure still yields a non-empty timeline with a retry, never .never",
        arguments: [
            ScriptedSource<ScriptedPayload>.Behaviour.fail(.sourceFailed), .throwOther,
            .fail(.locationUnavailable),
        ])
    func alwaysCompletes(behaviour: ScriptedSource<ScriptedPayload>.Behaviour) async {
        let store = InMemorySnapshotStore()
        store.setRecordBytes(Array("{".utf8), of: widget.defaultKey, revision: 4)
        let timeline = await provider(store: store, source: ScriptedSource(behaviour)).timeline(
            at: now, in: calendar)
        #expect(!timeline.entries.isEmpty)
        #expect(timeline.entries[0].date == now)
        guard case .after(let date) = timeline.policy else {
            Issue.record("expected a retry, got \(timeline.policy)")
            return
        }
        #expect(date > now)
    }

    @Test("a timeline run logs the run, the read and the build, with the revision")
    func logsStages() async throws {
        let store = InMemorySnapshotStore()
        _ = try store.commit(
            try SnapshotDraft(
                kind: "count", key: widget.defaultKey, generatedAt: now,
                payload: ScriptedPayload(initialLabel: "3", phases: [])))
        let log = InMemoryDiagnosticLog()
        _ = await provider(store: store, log: log).timeline(at: now, in: calendar)
        #expect(log.events.map(\.stage) == [.providerRun, .snapshotRead, .timelineBuild])
        #expect(log.events.map(\.revision) == [nil, 1, 1])
        #expect(log.events.last?.entryCount == 3)
        // No source: only the host writes this data, so the timeline asks again only as a safety net.
        #expect(log.events.last?.policy == "after+86400s")
    }
}
