import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

@Suite("Diagnosis: the first stage that failed, per key")
struct DiagnosisTests {
    let t0 = Date.at("2026-11-29T10:00:00Z")
    let key = SnapshotKey(purpose: "task-count")

    private func event(
        _ minutes: Double, _ side: DiagnosticEvent.Side, _ stage: DiagnosticEvent.Stage,
        kind: String = "task-count",
        revision: Int? = nil, entries: Int? = nil, reason: String? = nil, key: SnapshotKey? = nil
    ) -> DiagnosticEvent {
        DiagnosticEvent(
            at: t0.addingTimeInterval(minutes * 60), side: side, stage: stage, key: key ?? self.key,
            kind: kind,
            revision: revision, entryCount: entries, policy: entries == nil ? nil : "after+1800s",
            reason: reason)
    }

    private var healthy: [DiagnosticEvent] {
        [
            event(0, .host, .snapshotCommit, revision: 18),
            event(0, .host, .reloadRequest, reason: "commit"),
            event(2, .widgetExtension, .providerRun),
            event(2, .widgetExtension, .snapshotRead, revision: 18, reason: "found"),
            event(2, .widgetExtension, .timelineBuild, revision: 18, entries: 3),
        ]
    }

    private func firstFailure(_ events: [DiagnosticEvent]) -> KeyDiagnosis.Finding? {
        Diagnosis(events: events).keys.first?.firstFailure
    }

    @Test("a healthy chain passes every observable stage; rendering is not observable")
    func healthyChain() throws {
        let diagnosis = try #require(Diagnosis(events: healthy).keys.first)
        #expect(diagnosis.firstFailure == nil)
        #expect(
            diagnosis.findings.map(\.verdict) == [.passed, .passed, .passed, .passed, .passed, .notObserved])
        #expect(
            diagnosis.summary.hasPrefix("host committed revision 18; reload requested for kind 'task-count'"))
    }

    @Test("the provider read an older revision: another directory or an old copy")
    func oldRevision() {
        var events = healthy
        events[3].revision = 17
        let failure = firstFailure(events)
        #expect(failure?.stage == .revisionRead)
        #expect(
            failure?.detail
                == "provider ran at 2026-11-29T10:02:00Z but read revision 17 → the extension reads another directory or an old copy"
        )
    }

    @Test("no snapshot found by the provider: the App Group is not shared")
    func wrongDirectory() {
        var events = healthy
        events[3] = event(2, .widgetExtension, .snapshotRead, reason: "missing")
        #expect(firstFailure(events)?.stage == .revisionRead)
        #expect(firstFailure(events)?.detail.contains("another directory") == true)
    }

    @Test("no reload after the commit")
    func noReload() {
        #expect(firstFailure([healthy[0], healthy[2], healthy[3], healthy[4]])?.stage == .reloadRequested)
    }

    @Test("the host reloads one kind, the extension runs another")
    func kindMismatch() {
        var events = healthy
        for index in 2...4 { events[index].kind = "tasks-widget" }
        let failure = firstFailure(events)
        // Stage 2, "reload asked for the right kind?": the first that failed, not the provider's run.
        #expect(failure?.stage == .reloadRequested)
        #expect(failure?.detail.contains("kind strings must match") == true)
        #expect(failure?.detail.contains("runs kind 'tasks-widget'") == true)
    }

    @Test("no provider run since the reload")
    func noRun() {
        #expect(firstFailure(Array(healthy.prefix(2)))?.stage == .providerRan)
    }

    @Test("no host commit at all, and the provider found nothing")
    func noCommit() {
        var events = Array(healthy.dropFirst(2))
        events[1] = event(2, .widgetExtension, .snapshotRead, reason: "missing")
        #expect(firstFailure(events)?.stage == .saved)
        #expect(firstFailure(events)?.detail.contains("the host never saved it") == true)
    }

    @Test("a save that failed after the last commit: the newest data never reached the store")
    func failedSaveAfterCommit() {
        let events = healthy + [event(5, .host, .error, reason: "io-synchronize-EIO")]
        #expect(firstFailure(events)?.stage == .saved)
        #expect(firstFailure(events)?.detail.contains("revision 18, saved before, is the newest") == true)
    }

    @Test("a read that fell back past an unreadable newer revision says so, not another directory")
    func fallbackRead() {
        var events = healthy
        events[3] = event(2, .widgetExtension, .snapshotRead, revision: 17, reason: "fallback")
        #expect(firstFailure(events)?.stage == .revisionRead)
        #expect(firstFailure(events)?.detail.contains("fell back") == true)
        #expect(firstFailure(events)?.detail.contains("another directory") == false)
    }

    @Test("a snapshot of an unknown schema is not blamed on the App Group")
    func incompatibleRead() {
        var events = healthy
        events[3] = event(2, .widgetExtension, .snapshotRead, reason: "snapshot-incompatible")
        #expect(firstFailure(events)?.stage == .revisionRead)
        #expect(firstFailure(events)?.detail.contains("App Group") == false)
    }

    @Test(
        "a reload of another kind named for this key fails stage 2 when this key's provider runs under the commit's kind"
    )
    func namedOtherKind() {
        var events = healthy
        events[1].kind = "task-list"
        #expect(firstFailure(events)?.stage == .reloadRequested)
        for index in 2...4 { events[index].kind = "task-list" }
        #expect(firstFailure(events) == nil)
    }

    @Test("an empty timeline")
    func emptyTimeline() {
        var events = healthy
        events[4].entryCount = 0
        #expect(firstFailure(events)?.stage == .timelineBuilt)
    }

    @Test("the log's order decides, not the timestamps: a clock set back after the commit changes nothing")
    func clockSetBack() throws {
        // The extension's clock reads an hour before the host's commit; the log says it ran after.
        var events = healthy
        for index in 2...4 { events[index].at = t0.addingTimeInterval(-3600) }
        let diagnosis = try #require(Diagnosis(events: events).keys.first)
        #expect(diagnosis.firstFailure == nil, "\(diagnosis.findings)")
        #expect(
            diagnosis.findings.map(\.verdict) == [.passed, .passed, .passed, .passed, .passed, .notObserved])
    }

    @Test(
        "events logged in another order are read in that order: a run logged before the commit is not after it"
    )
    func orderIsTheLogs() {
        // The same events, the provider's logged before the commit: it cannot have read it.
        let events = Array(healthy[2...4]) + Array(healthy[0...1])
        #expect(firstFailure(events)?.stage == .providerRan)
    }

    @Test("keys are diagnosed separately")
    func separateKeys() {
        let other = SnapshotKey(purpose: "schedule")
        let events = healthy + [event(5, .host, .snapshotCommit, kind: "schedule", revision: 2, key: other)]
        let diagnosis = Diagnosis(events: events)
        #expect(diagnosis.keys.map(\.key) == ["schedule", "task-count"])
        #expect(diagnosis.keys[0].firstFailure?.stage == .reloadRequested)
        #expect(diagnosis.keys[1].firstFailure == nil)
    }
}

@Suite("Diagnostics never carry content, titles or identifiers")
struct DiagnosticRedactionTests {
    @Test("fixture secrets in payloads never reach the log")
    func redaction() async throws {
        let secrets = ["Secret Park 여의도 비밀", "jane.doe@example.com", "Take 2 pills of Xanorex"]
        let clock = ManualClock(now: .at("2026-11-29T10:00:00Z"))
        let store = InMemorySnapshotStore()
        let log = InMemoryDiagnosticLog()
        let widget = ScriptedWidget(kind: "secret-widget")
        let sync = WidgetSync(store: store, reloader: RecordingReloader(), clock: clock, log: log)
        for (index, secret) in secrets.enumerated() {
            try sync.commit(
                ScriptedPayload(
                    initialLabel: secret, phases: [ScriptedPhase(start: clock.now, label: secret)]),
                for: widget)
            clock.advance(by: Double(index + 1) * 600)
        }
        let provider = WidgetProviderCore(
            loader: EntryLoader(
                kind: widget, store: store.readOnly(), source: ScriptedSource(.fail(.sourceFailed)),
                sleeper: StalledClock(), log: log))
        _ = await provider.timeline(at: clock.now.addingTimeInterval(7200), in: .gregorian(in: "UTC"))
        let text = try log.events.map {
            String(decoding: try JSONCoding.encoder().encode($0), as: UTF8.self) + $0.line
        }.joined()
        #expect(log.events.count >= 8)
        for secret in secrets {
            #expect(!text.contains(secret))
        }
    }

    // Before: a source failing with an app's reason text — an error's message, say — wrote it into
    // the `error` and `timeline_build` events, and `reloadAll(reason:)` wrote whatever it was given.
    @Test("text an app passes as a reason, not a code, reaches the screen but never the log")
    func reasonTextWithheld() async throws {
        let secrets = ["Signed out: jane.doe@example.com", "user 4111 1111 1111 1111 not found"]
        let clock = ManualClock(now: .at("2026-11-29T10:00:00Z"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "redaction-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = FileDiagnosticLog(directory: directory)
        let store = FileSnapshotStore(directory: directory)
        let widget = ScriptedWidget(kind: "secret-widget")
        let sync = WidgetSync(store: store, reloader: RecordingReloader(), clock: clock, log: log)
        for secret in secrets {
            sync.reloadAll(reason: secret)
            let provider = WidgetProviderCore(
                loader: EntryLoader(
                    kind: widget, store: store, source: ScriptedSource(.fail(UnavailableReason(secret))),
                    sleeper: StalledClock(), log: log))
            let timeline = await provider.timeline(at: clock.now, in: .gregorian(in: "UTC"))
            #expect(timeline.entries.first?.state == .unavailable(UnavailableReason(secret)))
        }
        sync.reloadAll(reason: "sign-out")
        let bytes = try Data(contentsOf: directory.appendingPathComponent("diagnostics/events.jsonl"))
        let text = String(decoding: bytes, as: UTF8.self)
        for secret in secrets { #expect(!text.contains(secret)) }
        #expect(text.contains(DiagnosticEvent.withheldReason))
        #expect(text.contains("\"reason\":\"sign-out\""))
    }
}
