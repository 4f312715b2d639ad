import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// Seed 002's failure table, row by row, with a scripted source and an in-memory store.
@Suite("Extension loading: cache first, then the source, then honest fallbacks")
struct EntryLoaderTests {
    let now = Date.at("2026-11-29T10:00:00+09:00")
    let calendar = Calendar.gregorian(in: "Asia/Seoul")
    let store = InMemorySnapshotStore()
    let log = InMemoryDiagnosticLog()
    /// Stale after 10 min, refetch after 10 min, hidden after an hour.
    let widget = ScriptedWidget(
        kind: "spaces",
        freshness: FreshnessPolicy(
            staleAfter: 600, expiresAfter: 3600, expiredValue: .hidden, refreshAfter: 600))
    let key = SnapshotKey(purpose: "spaces", scope: "north")

    private func seed(_ label: String, generatedAt: Date) throws {
        let draft = try SnapshotDraft(
            kind: "spaces", key: key, generatedAt: generatedAt,
            payload: ScriptedPayload(initialLabel: label, phases: []))
        _ = try store.commit(draft)
    }

    private func loader(
        _ source: (any SnapshotSource<ScriptedPayload>)?,
        store: (any SnapshotStore)? = nil,
        sleeper: any Clock<Duration> = StalledClock()
    ) -> EntryLoader<ScriptedWidget> {
        EntryLoader(kind: widget, store: store ?? self.store, source: source, sleeper: sleeper, log: log)
    }

    @Test("fresh snapshot, not forced: used as is; the source is never asked")
    func freshSnapshot() async throws {
        try seed("42 free", generatedAt: now.addingTimeInterval(-60))
        let result = await loader(UnimplementedSource()).load(key, at: now)
        #expect(result.snapshot?.payload.initialLabel == "42 free")
        #expect(result.failure == nil)
    }

    @Test("old snapshot, source answers: the answer is saved and used")
    func staleThenFetched() async throws {
        try seed("42 free", generatedAt: now.addingTimeInterval(-1200))
        let source = ScriptedSource<ScriptedPayload>(
            .answer(
                SourceAnswer(
                    payload: ScriptedPayload(initialLabel: "17 free", phases: []),
                    observedAt: now.addingTimeInterval(-30))))
        let result = await loader(source).load(key, at: now)
        #expect(result == .loaded(try #require(store.read(key, for: widget).snapshot)))
        #expect(result.snapshot?.revision == 2)
        #expect(result.snapshot?.observedAt == now.addingTimeInterval(-30))
        #expect(source.fetches == [key])
        #expect(log.events(.snapshotCommit).map(\.reason) == ["fetched"])
    }

    @Test("old snapshot, fetch fails: the last snapshot, shown stale by its own age, and a back-off retry")
    func staleWithFailedFetch() async throws {
        try seed("42 free", generatedAt: now.addingTimeInterval(-1200))
        let result = await loader(ScriptedSource(.fail(.sourceFailed))).load(key, at: now)
        #expect(result.failure?.reason == .sourceFailed)
        let timeline = TimelinePlanner(kind: widget).timeline(for: result, at: now, in: calendar)
        #expect(timeline.entries[0].state.situation == "stale")
        #expect(timeline.entries[0].state.content == "42 free")
        #expect(timeline.entries.last?.state == .unavailable(.expired))
        guard case .after(let retry) = timeline.policy else { throw Expectation.policy(timeline.policy) }
        #expect(retry > now)
    }

    @Test("no snapshot, fetch fails: unavailable with the reason")
    func noneWithFailedFetch() async {
        let result = await loader(ScriptedSource(.throwOther)).load(key, at: now)
        let timeline = TimelinePlanner(kind: widget).timeline(for: result, at: now, in: calendar)
        #expect(timeline.entries.map(\.state) == [.unavailable(.sourceFailed)])
    }

    @Test("location unavailable: the reason reaches the entry")
    func locationUnavailable() async {
        let result = await loader(ScriptedSource(.fail(.locationUnavailable))).load(key, at: now)
        #expect(
            TimelinePlanner(kind: widget).timeline(for: result, at: now, in: calendar).entries[0].state
                == .unavailable(.locationUnavailable))
    }

    @Test("an answer for another park counts as empty: the stored snapshot stays, nothing is saved")
    func mismatchedScope() async throws {
        struct NorthOnly: WidgetKind {
            var inner: ScriptedWidget
            var kind: String { inner.kind }
            var freshness: FreshnessPolicy { inner.freshness }
            func content(of snapshot: Snapshot<ScriptedPayload>, at instant: Date, in calendar: Calendar)
                -> String
            {
                inner.content(of: snapshot, at: instant, in: calendar)
            }
            func changePoints(
                of snapshot: Snapshot<ScriptedPayload>, after now: Date, through end: Date,
                in calendar: Calendar
            ) -> [Date] { [] }
            func payload(_ payload: ScriptedPayload, answers key: SnapshotKey) -> Bool {
                payload.initialLabel.hasPrefix(String(key.components[1]))
            }
            var preview: ScriptedPayload { inner.preview }
        }
        try seed("north: 42 free", generatedAt: now.addingTimeInterval(-1200))
        let source = ScriptedSource<ScriptedPayload>(
            .answer(SourceAnswer(payload: ScriptedPayload(initialLabel: "south: 3 free", phases: []))))
        let loader = EntryLoader(
            kind: NorthOnly(inner: widget), store: store, source: source, sleeper: StalledClock())
        let result = await loader.load(key, at: now)
        #expect(result.failure?.reason == .sourceEmpty)
        #expect(result.snapshot?.payload.initialLabel == "north: 42 free")
        #expect(store.revisions(of: key) == [1])
    }

    @Test("a source that never answers times out, and the loader returns without waiting for it")
    func timeout() async throws {
        try seed("42 free", generatedAt: now.addingTimeInterval(-1200))
        let source = ScriptedSource<ScriptedPayload>(.hang)
        let result = await loader(source, sleeper: ImmediateClock()).load(key, at: now)
        #expect(result.failure?.reason == .sourceTimedOut)
        #expect(result.snapshot?.payload.initialLabel == "42 free")
    }

    @Test("force refresh asks the source even for a fresh snapshot")
    func forced() async throws {
        try seed("42 free", generatedAt: now.addingTimeInterval(-60))
        let source = ScriptedSource<ScriptedPayload>(
            .answer(SourceAnswer(payload: ScriptedPayload(initialLabel: "40 free", phases: []))))
        let result = await loader(source).load(key, at: now, forceRefresh: true)
        #expect(result.snapshot?.payload.initialLabel == "40 free")
    }

    @Test("a read-only store: the answer is shown, nothing is written")
    func readOnly() async throws {
        try seed("42 free", generatedAt: now.addingTimeInterval(-1200))
        let source = ScriptedSource<ScriptedPayload>(
            .answer(SourceAnswer(payload: ScriptedPayload(initialLabel: "17 free", phases: []))))
        let result = await loader(source, store: store.readOnly()).load(key, at: now)
        #expect(result.snapshot?.payload.initialLabel == "17 free")
        #expect(result.snapshot?.revision == 0)
        #expect(store.revisions(of: key) == [1])
    }

    @Test("a corrupted snapshot with no source: an honest 'corrupted' entry")
    func corrupted() async throws {
        try seed("42 free", generatedAt: now.addingTimeInterval(-60))
        store.setRecordBytes(Array("garbage".utf8), of: key, revision: 1)
        let result = await loader(nil).load(key, at: now)
        #expect(result.failure?.reason == .snapshotCorrupted)
        #expect(log.events(.snapshotRead).map(\.reason) == ["snapshot-corrupted"])
    }

    @Test("consecutive failures grow the back-off, and a success resets it")
    func backOffGrows() async throws {
        let source = ScriptedSource<ScriptedPayload>(.fail(.sourceFailed))
        let loader = loader(source)
        var counts: [Int] = []
        for _ in 0..<3 { counts.append(await loader.load(key, at: now).failure?.consecutiveFailures ?? 0) }
        #expect(counts == [1, 2, 3])
        source.behaviour = .answer(SourceAnswer(payload: ScriptedPayload(initialLabel: "ok", phases: [])))
        _ = await loader.load(key, at: now)
        source.behaviour = .fail(.sourceFailed)
        #expect(await loader.load(key, at: now.addingTimeInterval(1200)).failure?.consecutiveFailures == 2)
    }

    // Before: `Int(log2(age / refreshAfter))` trapped when the ratio was infinite.
    @Test("a refresh interval of picoseconds and data a day old: the back-off is at its maximum, no trap")
    func tinyRefreshIntervalDoesNotTrap() async throws {
        let tiny = ScriptedWidget(
            kind: "spaces",
            freshness: FreshnessPolicy(staleAfter: 600, expiresAfter: 3600, refreshAfter: 1e-300))
        try seed("old", generatedAt: now.addingTimeInterval(-86_400))
        let loader = EntryLoader(
            kind: tiny, store: store, source: ScriptedSource<ScriptedPayload>(.fail(.sourceFailed)),
            sleeper: StalledClock(), log: log)
        let result = await loader.load(key, at: now)
        #expect(result.failure?.consecutiveFailures == 1_001)
        #expect(result.snapshot?.payload.initialLabel == "old")
    }

    enum Expectation: Error { case policy(ReloadPolicy) }
}
