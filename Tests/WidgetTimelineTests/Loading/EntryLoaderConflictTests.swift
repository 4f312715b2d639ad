import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// No writer replaces newer data with older: an answer observed before the data the extension read
/// is not saved, the extension's save of a newer answer is compare-and-swap against the revision it
/// read, and a host commit that lands while the fetch runs
/// — during the fetch itself, just before the loader's publish, or between its publish and the
/// listing that confirms it — is never superseded by older data. On the file store, with the host
/// and the extension as two store instances on one shared directory.
@Suite("Extension loading: a fetched answer never replaces data observed later")
struct EntryLoaderConflictTests {
    let now = Date.at("2026-11-29T10:00:00+09:00")
    let widget = ScriptedWidget(
        kind: "spaces",
        freshness: FreshnessPolicy(staleAfter: 600, expiresAfter: 3600, refreshAfter: 600))
    let key = SnapshotKey(purpose: "spaces", scope: "north")

    /// Where, in the extension's load, the host's commit lands.
    enum Moment: String, CaseIterable, CustomTestStringConvertible {
        /// While the source is asked: after the read, before the save.
        case duringFetch = "during the fetch"
        /// In the save: after its listing, just before its exclusive publish.
        case beforePublish = "just before the loader's publish"
        /// In the save: after its publish, before the listing that confirms it.
        case beforeConfirmation = "between the loader's publish and its confirming listing"

        var testDescription: String { rawValue }
    }

    func draft(_ label: String, observedAt: Date, generatedAt: Date? = nil) throws -> SnapshotDraft<
        ScriptedPayload
    > {
        try SnapshotDraft(
            kind: "spaces", key: key, generatedAt: generatedAt ?? observedAt, observedAt: observedAt,
            payload: ScriptedPayload(initialLabel: label, phases: []))
    }

    /// A shared directory with an old revision 1, a host store, and the extension's loader whose
    /// store lets the host commit `hostData` at `moment`. Returns the load's result.
    func load(
        hostObservedAt: Date, hostGeneratedAt: Date? = nil, answerObservedAt: Date, at moment: Moment,
        in directory: URL, log: InMemoryDiagnosticLog
    ) throws -> LoadResult<ScriptedPayload> {
        let host = FileSnapshotStore(directory: directory)
        _ = try host.commit(draft("old: 40 free", observedAt: now.addingTimeInterval(-3000)))
        let hostDraft = try draft(
            "host: 12 free", observedAt: hostObservedAt, generatedAt: hostGeneratedAt ?? now)
        let fileSystem = FaultInjectingFileSystem()
        let published = Once()
        let landed = Once()
        fileSystem.pausePoint = { call in
            switch (moment, call.kind) {
            case (.beforePublish, .renameExclusively) where call.publishesRecord:
                if landed.first() { _ = try? host.commit(hostDraft) }
            case (.beforeConfirmation, .renameExclusively) where call.publishesRecord:
                _ = published.first()
            case (.beforeConfirmation, .contentsOfDirectory) where published.isDone:
                if landed.first() { _ = try? host.commit(hostDraft) }
            default:
                break
            }
        }
        let loader = EntryLoader(
            kind: widget, store: FileSnapshotStore(directory: directory, fileSystem: fileSystem),
            sleeper: StalledClock(), log: log)
        let answer = SourceAnswer(
            payload: ScriptedPayload(initialLabel: "fetched: 30 free", phases: []),
            observedAt: answerObservedAt)
        return loader.load(key, at: now, forceRefresh: false) { _ in
            if moment == .duringFetch { _ = try? host.commit(hostDraft) }
            return .success(answer)
        }
    }

    @Test(
        "the host's data observed later is kept: nothing is committed over it, and the log says so",
        arguments: Moment.allCases)
    func hostObservedLater(moment: Moment) throws {
        try withTemporaryDirectory { directory in
            let log = InMemoryDiagnosticLog()
            let result = try load(
                hostObservedAt: now.addingTimeInterval(-10), answerObservedAt: now.addingTimeInterval(-60),
                at: moment, in: directory, log: log)
            #expect(result.snapshot?.payload.initialLabel == "host: 12 free")
            let read = FileSnapshotStore.readOnly(directory: directory).read(key, for: widget)
            #expect(read.snapshot?.payload.initialLabel == "host: 12 free")
            #expect(read.snapshot?.revision == result.snapshot?.revision)
            #expect(log.events(.snapshotCommit).isEmpty)
            #expect(log.events(.snapshotRead).last?.reason == "conflict-kept-stored")
        }
    }

    // Before: the extension, suspended for five minutes while its request was open, took the
    // host's commit of that time for a record from its clock's future (its `now` was read before
    // the fetch) and saved its older answer over it.
    @Test(
        "the host's data committed while the extension was suspended in its fetch is kept",
        arguments: Moment.allCases)
    func hostCommittedWhileSuspended(moment: Moment) throws {
        try withTemporaryDirectory { directory in
            let log = InMemoryDiagnosticLog()
            let later = now.addingTimeInterval(300)
            let result = try load(
                hostObservedAt: later, hostGeneratedAt: later, answerObservedAt: now, at: moment,
                in: directory, log: log)
            #expect(result.snapshot?.payload.initialLabel == "host: 12 free")
            let read = FileSnapshotStore.readOnly(directory: directory).read(key, for: widget)
            #expect(read.snapshot?.payload.initialLabel == "host: 12 free")
            #expect(log.events(.snapshotCommit).isEmpty)
        }
    }

    @Test(
        "the fetched answer observed later is committed after the host's revision, never in its place",
        arguments: Moment.allCases)
    func answerObservedLater(moment: Moment) throws {
        try withTemporaryDirectory { directory in
            let log = InMemoryDiagnosticLog()
            let result = try load(
                hostObservedAt: now.addingTimeInterval(-300), answerObservedAt: now.addingTimeInterval(-30),
                at: moment, in: directory, log: log)
            let store = FileSnapshotStore.readOnly(directory: directory)
            let read = store.read(key, for: widget)
            #expect(read.snapshot?.payload.initialLabel == "fetched: 30 free")
            #expect(result.snapshot == read.snapshot)
            // The host's revision is there, older: the answer came after it.
            let revisions = revisionFiles(in: store.directory(for: key))
            #expect(revisions.last == read.snapshot?.revision)
            #expect(log.events(.snapshotCommit).map(\.reason) == ["fetched-after-conflict"])
        }
    }

    @Test("with no host commit the answer is saved as the next revision, against the one read")
    func noConflict() throws {
        try withTemporaryDirectory { directory in
            let host = FileSnapshotStore(directory: directory)
            _ = try host.commit(draft("old: 40 free", observedAt: now.addingTimeInterval(-3000)))
            let log = InMemoryDiagnosticLog()
            let fileSystem = FaultInjectingFileSystem()
            let loader = EntryLoader(
                kind: widget, store: FileSnapshotStore(directory: directory, fileSystem: fileSystem),
                sleeper: StalledClock(), log: log)
            let result = loader.load(key, at: now) { _ in
                .success(SourceAnswer(payload: ScriptedPayload(initialLabel: "fetched", phases: [])))
            }
            #expect(result.snapshot?.revision == 2)
            #expect(log.events(.snapshotCommit).map(\.reason) == ["fetched"])
        }
    }

    /// The shared directory holds the host's data observed `storedAge` ago (made then too: old
    /// enough to be refetched); the source answers with data observed `answerAge` ago. Returns the
    /// load's result, what a reader then reads, and the log.
    func loadOverStored(storedAge: TimeInterval, answerAge: TimeInterval, in directory: URL) throws -> (
        result: LoadResult<ScriptedPayload>, read: Snapshot<ScriptedPayload>?, log: InMemoryDiagnosticLog
    ) {
        let host = FileSnapshotStore(directory: directory)
        _ = try host.commit(draft("host: 12 free", observedAt: now.addingTimeInterval(-storedAge)))
        let log = InMemoryDiagnosticLog()
        let loader = EntryLoader(
            kind: widget, store: FileSnapshotStore(directory: directory), sleeper: StalledClock(), log: log)
        var fetches = 0
        let result = loader.load(key, at: now, forceRefresh: false) { _ in
            fetches += 1
            return .success(
                SourceAnswer(
                    payload: ScriptedPayload(initialLabel: "fetched: 30 free", phases: []),
                    observedAt: now.addingTimeInterval(-answerAge)))
        }
        #expect(fetches == 1, "the stored snapshot is old enough to refetch")
        return (result, FileSnapshotStore.readOnly(directory: directory).read(key, for: widget).snapshot, log)
    }

    @Test("an answer observed before the stored data is not saved over it: the stored snapshot is shown")
    func answerOlderThanStored() throws {
        // The app saved what it saw 700 s ago; the server has only seen the value of 900 s ago.
        try withTemporaryDirectory { directory in
            let (result, read, log) = try loadOverStored(storedAge: 700, answerAge: 900, in: directory)
            #expect(result.snapshot?.payload.initialLabel == "host: 12 free")
            #expect(result.snapshot?.revision == 1)
            #expect(result.failure == nil)
            #expect(read?.payload.initialLabel == "host: 12 free")
            #expect(read?.revision == 1)
            #expect(log.events(.snapshotCommit).isEmpty)
            #expect(log.events(.snapshotRead).last?.reason == "older-answer-kept-stored")
        }
    }

    @Test("after an older answer the source is asked again only once refreshAfter has passed since")
    func olderAnswerCountsAsAsked() throws {
        try withTemporaryDirectory { directory in
            let host = FileSnapshotStore(directory: directory)
            _ = try host.commit(draft("host: 12 free", observedAt: now.addingTimeInterval(-700)))
            let loader = EntryLoader(
                kind: widget, store: FileSnapshotStore(directory: directory), sleeper: StalledClock())
            var fetches: [Date] = []
            func load(at instant: Date) -> LoadResult<ScriptedPayload> {
                loader.load(key, at: instant, forceRefresh: false) { _ in
                    fetches.append(instant)
                    return .success(
                        SourceAnswer(
                            payload: ScriptedPayload(initialLabel: "fetched: 30 free", phases: []),
                            observedAt: now.addingTimeInterval(-900)))
                }
            }
            _ = load(at: now)
            // The reload's second call, and one a little later: the source was just asked.
            #expect(load(at: now.addingTimeInterval(2)).snapshot?.revision == 1)
            _ = load(at: now.addingTimeInterval(599))
            #expect(fetches == [now])
            // refreshAfter (600 s) later it is asked again.
            _ = load(at: now.addingTimeInterval(600))
            #expect(fetches == [now, now.addingTimeInterval(600)])
            // A new revision is judged by its own age: the memory was of revision 1.
            _ = try host.commit(
                draft(
                    "host: 11 free", observedAt: now.addingTimeInterval(-650),
                    generatedAt: now.addingTimeInterval(-650)))
            _ = load(at: now.addingTimeInterval(601))
            #expect(fetches.count == 3)
        }
    }

    @Test(
        "an answer observed at or after the stored data is saved as the next revision",
        arguments: [700.0, 600, 0])
    func answerAsNewAsStored(answerAge: TimeInterval) throws {
        try withTemporaryDirectory { directory in
            let (result, read, log) = try loadOverStored(
                storedAge: 700, answerAge: answerAge, in: directory)
            #expect(result.snapshot?.payload.initialLabel == "fetched: 30 free")
            #expect(read == result.snapshot)
            #expect(read?.revision == 2)
            #expect(read?.generatedAt == now, "saved now: young again, so the next run does not refetch")
            #expect(log.events(.snapshotCommit).map(\.reason) == ["fetched"])
        }
    }

    // Before: an answer naming no observation was taken as observed at the run's instant, so data
    // another writer stamped a moment later (its clock a little ahead, or its commit landing after
    // this run began) kept the answer, fetched after it, from being saved.
    @Test(
        "a forced refresh's answer that names no observation is as of the fetch: saved over data stamped after the run began"
    )
    func unnamedAnswerIsNewest() throws {
        try withTemporaryDirectory { directory in
            let stamped = now.addingTimeInterval(30)
            _ = try FileSnapshotStore(directory: directory).commit(
                draft("host: 12 free", observedAt: stamped, generatedAt: stamped))
            let log = InMemoryDiagnosticLog()
            let loader = EntryLoader(
                kind: widget, store: FileSnapshotStore(directory: directory), sleeper: StalledClock(),
                log: log)
            let result = loader.load(key, at: now, forceRefresh: true) { _ in
                .success(SourceAnswer(payload: ScriptedPayload(initialLabel: "fetched: 30 free", phases: [])))
            }
            #expect(result.snapshot?.payload.initialLabel == "fetched: 30 free")
            #expect(result.snapshot?.revision == 2)
            #expect(log.events(.snapshotCommit).map(\.reason) == ["fetched"])
        }
    }

    @Test("a snapshot made in this clock's future is never young enough: the source is asked")
    func futureSnapshotIsRefetched() async throws {
        let store = InMemorySnapshotStore()
        _ = try store.commit(draft("from the future", observedAt: now.addingTimeInterval(86_400)))
        let source = ScriptedSource<ScriptedPayload>(
            .answer(SourceAnswer(payload: ScriptedPayload(initialLabel: "now", phases: []))))
        let loader = EntryLoader(kind: widget, store: store, source: source, sleeper: StalledClock())
        let result = await loader.load(key, at: now)
        #expect(source.fetches == [key])
        #expect(result.snapshot?.payload.initialLabel == "now")
        #expect(result.snapshot?.revision == 2)
    }
}
