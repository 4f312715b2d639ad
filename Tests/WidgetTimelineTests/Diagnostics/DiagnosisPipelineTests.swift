import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// The events come from the package's own code — `WidgetSync` on the host, `WidgetProviderCore`
/// and `EntryLoader` in the extension — so the diagnosis is checked against what is really logged.
@Suite("Diagnosis of what the package logs: every ordinary healthy path passes")
struct DiagnosisPipelineTests {
    let calendar = Calendar.gregorian(in: "UTC")
    let tasks = ScriptedWidget(kind: "task-count")
    let parking = ScriptedWidget(kind: "parking")
    let clock = ManualClock(now: .at("2026-12-01T10:00:00Z"))
    let store = InMemorySnapshotStore()
    let log = InMemoryDiagnosticLog()

    private func payload(_ label: String) -> ScriptedPayload {
        ScriptedPayload(initialLabel: label, phases: [ScriptedPhase(start: clock.now, label: label)])
    }

    private func hostSync(debounce: ReloadDebounce = .immediate, controls: (any ControlReloader)? = nil)
        -> WidgetSync
    {
        WidgetSync(
            store: store, reloader: RecordingReloader(), clock: clock, debounce: debounce, controls: controls,
            log: log)
    }

    /// One provider run of `widget` for `key` at the clock's time, fetching `fetched` if the loader
    /// asks the source (nothing to fetch from when `nil`).
    private func run(
        _ widget: ScriptedWidget, key: SnapshotKey? = nil, fetching fetched: String? = nil,
        during fetch: (() -> Void)? = nil
    ) {
        let provider = WidgetProviderCore(
            loader: EntryLoader(kind: widget, store: store, sleeper: StalledClock(), log: log))
        let answer = fetched.map { payload($0) }
        _ = provider.timeline(
            for: key, at: clock.now, in: calendar,
            fetchingWith: answer.map { answer in
                { _ in
                    fetch?()
                    return .success(SourceAnswer(payload: answer))
                }
            })
    }

    private func verdicts(_ key: String, in events: [DiagnosticEvent]? = nil) -> [KeyDiagnosis.Verdict] {
        Diagnosis(events: events ?? log.events).keys.first { $0.key == key }?.findings.map(\.verdict) ?? []
    }

    private func summary(_ key: String, in events: [DiagnosticEvent]? = nil) -> String {
        Diagnosis(events: events ?? log.events).keys.first { $0.key == key }?.summary ?? "no key"
    }

    private let observedAll: [KeyDiagnosis.Verdict] = [
        .passed, .passed, .passed, .passed, .passed, .notObserved,
    ]
    private let noHostReload: [KeyDiagnosis.Verdict] = [
        .passed, .notObserved, .passed, .passed, .passed, .notObserved,
    ]

    @Test("a host commit, its reload, the provider reading it")
    func hostCommit() throws {
        try hostSync().commit(payload("3 left"), for: tasks)
        clock.advance(by: 60)
        run(tasks)
        #expect(verdicts("task-count") == observedAll, "\(summary("task-count"))")
    }

    @Test("the extension fetches on first install: the read finds nothing, the fetch is saved and shown")
    func fetchOnFirstInstall() {
        run(parking, fetching: "12 free")
        #expect(log.events.map(\.stage) == [.providerRun, .snapshotRead, .snapshotCommit, .timelineBuild])
        #expect(verdicts("parking") == noHostReload, "\(summary("parking"))")
        #expect(summary("parking").contains("found no snapshot (missing), then fetched and saved revision 1"))
    }

    @Test(
        "the extension fetches over stale data: it read the old revision, then saved and showed the fetched one"
    )
    func fetchOverStaleData() throws {
        try hostSync().commit(payload("3 left"), for: tasks)
        clock.advance(by: 6 * 3600)
        run(tasks, fetching: "2 left")
        #expect(verdicts("task-count") == noHostReload, "\(summary("task-count"))")
        #expect(summary("task-count").contains("read revision 1, then fetched and saved revision 2"))
    }

    @Test("the tester's fetch, as logged: provider_run, read of 7, fetched commit of 8, build of 8")
    func testersFetch() {
        let at = Date.at("2026-12-01T10:30:00Z")
        let key = SnapshotKey(purpose: "lots")
        let events = [
            DiagnosticEvent(at: at, side: .widgetExtension, stage: .providerRun, key: key, kind: "parking"),
            DiagnosticEvent(
                at: at, side: .widgetExtension, stage: .snapshotRead, key: key, kind: "parking", revision: 7,
                schemaVersion: 1, ageSeconds: 1800, freshness: .stale, reason: "found"),
            DiagnosticEvent(
                at: at, side: .widgetExtension, stage: .snapshotCommit, key: key, kind: "parking",
                revision: 8,
                schemaVersion: 1, reason: "fetched"),
            DiagnosticEvent(
                at: at, side: .widgetExtension, stage: .timelineBuild, key: key, kind: "parking", revision: 8,
                freshness: .fresh, entryCount: 3, policy: "after+1800s"),
        ]
        #expect(verdicts("lots", in: events) == noHostReload, "\(summary("lots", in: events))")
    }

    @Test(
        "a run that started before a commit is logged after it, having read the older revision; it kept the newer"
    )
    func runAcrossACommit() throws {
        let sync = hostSync()
        try sync.commit(payload("3 left"), for: tasks)
        clock.advance(by: 6 * 3600)
        // The host commits while the run fetches; the run's events are written when it ends.
        run(tasks, fetching: "older answer") { _ = try? sync.commit(payload("2 left"), for: tasks) }
        let stages = log.events.map(\.stage)
        #expect(
            stages.suffix(6) == [
                .snapshotCommit, .reloadRequest, .providerRun, .snapshotRead, .snapshotRead, .timelineBuild,
            ])
        #expect(verdicts("task-count") == observedAll, "\(summary("task-count"))")
    }

    @Test("a later run reads the revision an earlier one, started before the commit, could not")
    func laterRunReadsIt() throws {
        let sync = hostSync()
        try sync.commit(payload("3 left"), for: tasks)
        var events = log.events
        // A run that read revision 1, logged after revision 2's commit and reload.
        try sync.commit(payload("2 left"), for: tasks)
        let commit = Array(log.events.suffix(2))
        clock.advance(by: 60)
        let before = log.events.count
        run(tasks)
        let secondRun = Array(log.events[before...])
        var firstRun = secondRun
        firstRun[1].revision = 1
        firstRun[2].revision = 1
        events += commit + firstRun
        #expect(verdicts("task-count", in: events).contains(.failed))
        events += secondRun
        #expect(verdicts("task-count", in: events) == observedAll, "\(summary("task-count", in: events))")
    }

    @Test("an intent saves from the extension, the system reloads the tapped widget, the provider reads it")
    func intentFromExtension() throws {
        let sync = WidgetSync(
            store: store, reloader: RecordingReloader(), clock: clock, side: .widgetExtension, log: log)
        try sync.commitFromIntent(payload("done"), for: tasks)
        run(tasks)
        #expect(verdicts("task-count") == noHostReload, "\(summary("task-count"))")
    }

    @Test("an intent performed in the app: no reload is asked for the tapped widget, none is missing")
    func intentInTheApp() throws {
        try hostSync().commitFromIntent(payload("done"), for: tasks)
        run(tasks)
        #expect(verdicts("task-count") == noHostReload, "\(summary("task-count"))")
    }

    @Test("unchanged content after the commit left the log: the kept revision is saved")
    func keptAfterRotation() throws {
        let sync = hostSync()
        let same = payload("3 left")
        try sync.commit(same, for: tasks)
        clock.advance(by: 60)
        run(tasks)
        try sync.commit(same, for: tasks)
        #expect(log.events.last?.stage == .dedupeSkip)
        // Rotation took the commit and its reload request away.
        let rotated = Array(log.events.dropFirst(2))
        #expect(verdicts("task-count", in: rotated) == noHostReload, "\(summary("task-count", in: rotated))")
        // Only the skip left: saved; whether a provider ran is older than the log.
        let skipOnly = [log.events.last!]
        #expect(verdicts("task-count", in: skipOnly) == [.passed, .notObserved, .notObserved])
        #expect(summary("task-count", in: skipOnly).hasPrefix("host kept revision 1"))
    }

    @Test("a provider's read is evidence of a save whose commit left the log")
    func readAfterRotation() throws {
        try hostSync().commit(payload("3 left"), for: tasks)
        run(tasks)
        let rotated = Array(log.events.dropFirst(2))
        #expect(verdicts("task-count", in: rotated) == noHostReload, "\(summary("task-count", in: rotated))")
    }

    @Test("several keys and kinds, reloads debounced into one keyless request, a control reloaded too")
    func severalKeysDebounced() throws {
        let sync = hostSync(
            debounce: .window(2, maximumDelay: 10, timer: clock), controls: RecordingControlReloader())
        let lotA = SnapshotKey(purpose: "parking", scope: "lot-a")
        let lotB = SnapshotKey(purpose: "parking", scope: "lot-b")
        try sync.commit(
            payload("3 left"), for: tasks, reloading: [.timelines("task-count"), .controls("task-toggle")])
        try sync.commit(payload("12 free"), for: parking, key: lotA)
        try sync.commit(payload("4 free"), for: parking, key: lotB)
        clock.advance(by: 3)
        #expect(log.events(.reloadRequest).allSatisfy { $0.key == nil && $0.reason == "debounce" })
        // The other widgets' runs come first; each key's own run follows.
        run(parking, key: lotB)
        run(tasks)
        run(parking, key: lotA)
        for key in ["task-count", lotA.rawValue, lotB.rawValue] {
            #expect(verdicts(key) == observedAll, "\(key): \(summary(key))")
        }
    }

    @Test(
        "another widget's provider run after a reload is not a kind mismatch: this key's provider has not run"
    )
    func otherWidgetRan() throws {
        try hostSync().commit(payload("3 left"), for: tasks, key: SnapshotKey(purpose: "tasks"))
        run(parking)
        let diagnosis = try #require(Diagnosis(events: log.events).keys.first { $0.key == "tasks" })
        #expect(diagnosis.firstFailure?.stage == .providerRan)
        #expect(diagnosis.firstFailure?.detail.hasPrefix("no provider run since the reload request") == true)
    }
}
