import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// Generated stories through the real pipeline — `WidgetSync`, `WidgetProviderCore`, a
/// `FileSnapshotStore` and a `FileDiagnosticLog` — with at most one fault each, several keys
/// interleaved and two clocks that disagree; the diagnosis must name the stage an independent model
/// of what happened says failed first.
@Suite("Diagnosis of generated one-fault stories", .serialized)
struct DiagnosisFaultTests {
    enum Fault: CaseIterable {
        case none, commitFails, debouncedNeverFlushed, notInstalled, otherKindReload, providerNeverRuns
        case otherDirectory, oldCopy, corruptedNewest, intentCommitFails, extensionCommit
        case commitFailsThenSame, noReloadAtAll, fetchFails, fetchSaves, clockSetBack
    }

    enum Op {
        case commitOK(
            key: String, kind: String, revision: Int, intent: Bool, side: DiagnosticEvent.Side,
            targets: [String] = [])
        case commitFailed(key: String)
        case unchanged(key: String, revision: Int)
        case reloadSent(kinds: [String])
        case run(key: String, kind: String, read: Int?)
    }

    static let calendar = Calendar.gregorian(in: "UTC")

    /// The independent model: the first failing stage, or nil when every observable stage passed.
    static func truth(for key: String, in ops: [Op]) -> Int? {
        var lastSave: Int? = nil
        var failedAfter = false
        var commits: [Int: Int] = [:]  // revision → op index
        for (index, op) in ops.enumerated() {
            switch op {
            case .commitOK(let k, _, let revision, _, _, _) where k == key:
                lastSave = revision
                commits[revision] = index
                failedAfter = false
            case .unchanged(let k, let revision) where k == key:
                lastSave = revision
                failedAfter = false
            case .commitFailed(let k) where k == key: failedAfter = true
            default: break
            }
        }
        guard let revision = lastSave, !failedAfter, let start = commits[revision] else { return 1 }
        guard case .commitOK(_, let kind, _, let intent, let side, let targets) = ops[start] else { return 1 }
        var from = start
        var reloaded: Set<String>? = nil
        if side == .widgetExtension && targets == ["fetched"] { return nil }
        if !intent && side == .host {
            // As documented: a reload of its kind, of every kind, or of a kind named for this key.
            let named = targets.isEmpty ? [kind] : targets
            guard
                let reload = ops.indices.first(where: {
                    guard $0 > start, case .reloadSent(let kinds) = ops[$0] else { return false }
                    return kinds.contains(kind) || kinds.contains("*") || !Set(kinds).isDisjoint(with: named)
                })
            else { return 2 }
            from = reload
            reloaded = Set(
                ops[from...].compactMap { if case .reloadSent(let k) = $0 { k } else { nil } }.joined())
        }
        let runsOfKey = ops.indices.filter {
            guard $0 > from, case .run(let k, _, _) = ops[$0] else { return false }
            return k == key
        }
        let runs = runsOfKey.filter {
            guard case .run(_, let runKind, _) = ops[$0] else { return false }
            return reloaded.map { $0.contains(runKind) || $0.contains("*") } ?? true
        }
        // This key's provider ran only under kinds that were not reloaded: the reload named the
        // wrong kind (stage 2); it did not run at all: stage 3.
        guard !runs.isEmpty else { return runsOfKey.isEmpty ? 3 : 2 }
        let reached = runs.contains {
            guard case .run(_, _, let read) = ops[$0] else { return false }
            return (read ?? -1) >= revision
        }
        return reached ? nil : 4
    }

    final class World {
        let root: URL
        let shared: URL
        let log: FileDiagnosticLog
        let store: FileSnapshotStore
        let hostClock: ManualClock
        let extensionClock: ManualClock
        let reloader = RecordingReloader()
        var seenRequests = 0
        var ops: [Op] = []

        init(values: inout ValueGenerator) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("hunt-\(UUID().uuidString)")
            shared = root.appendingPathComponent("shared")
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
            log = FileDiagnosticLog(directory: shared)
            store = FileSnapshotStore(directory: shared)
            let t0 = Date.at("2026-12-01T10:00:00Z")
            hostClock = ManualClock(now: t0)
            extensionClock = ManualClock(now: t0.addingTimeInterval(Double(values.int(in: -3600...3600))))
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func noteReloads() {
            let requests = reloader.requests
            for request in requests.dropFirst(seenRequests) {
                switch request {
                case .kinds(let kinds): ops.append(.reloadSent(kinds: kinds))
                case .all: ops.append(.reloadSent(kinds: ["*"]))
                @unknown default: break
                }
            }
            seenRequests = requests.count
        }
    }

    static func payload(_ label: String, at now: Date) -> ScriptedPayload {
        ScriptedPayload(
            initialLabel: label, phases: [ScriptedPhase(start: .at("2026-12-01T10:00:00Z"), label: label)])
    }

    @Test(
        "the first failing stage is the model's: a failed intent save, a skip after a failed save, an extension save"
    )
    func firstFailureIsTheModels() throws {
        var total: [String: Int] = [:]
        PropertyCheck.forAll("one-fault story", count: 300, firstSeed: 81_000) { values in
            let world = try World(values: &values)
            let fault = values.element(of: Fault.allCases)
            total["\(fault)", default: 0] += 1
            let widgets = [
                ("task-count", ScriptedWidget(kind: "task-count")),
                ("lot-a", ScriptedWidget(kind: "parking")),
                ("lot-b", ScriptedWidget(kind: "parking")),
            ]
            let keyCount = values.int(in: 1...3)
            let chosen = Array(widgets.prefix(keyCount))
            let target = values.int(in: 0...(keyCount - 1))
            let mainSync = WidgetSync(
                store: world.store, reloader: world.reloader, clock: world.hostClock, log: world.log)
            var labels = 0
            func label() -> String {
                labels += 1
                return "v\(labels)"
            }
            // Steps per key.
            var stories: [[() -> Void]] = []
            for (index, (keyName, widget)) in chosen.enumerated() {
                let key = SnapshotKey(purpose: keyName)
                let isTarget = index == target
                let fault: Fault = isTarget ? fault : .none
                var extensionStore: any SnapshotStore = world.store
                var steps: [() -> Void] = []
                let hostCommit: (any SnapshotStore, WidgetSync, [ReloadTarget]?, String?) -> Void = {
                    store, sync, targets, content in
                    let text = content ?? label()
                    do {
                        let outcome = try sync.commit(
                            Self.payload(text, at: world.hostClock.now), for: widget, key: key,
                            reloading: targets)
                        switch outcome {
                        case .saved(let revision, _, _):
                            world.ops.append(
                                .commitOK(
                                    key: key.rawValue, kind: widget.kind, revision: revision, intent: false,
                                    side: .host,
                                    targets: targets.map {
                                        $0.filter { $0.channel == .timelines }.map(\.kind)
                                    }
                                        ?? []))
                        case .unchanged(let revision):
                            world.ops.append(.unchanged(key: key.rawValue, revision: revision))
                        @unknown default: break
                        }
                    } catch {
                        world.ops.append(.commitFailed(key: key.rawValue))
                    }
                    world.noteReloads()
                }
                var fetchAnswer: Result<SourceAnswer<ScriptedPayload>, SourceFailure>? = nil
                let run: () -> Void = {
                    let provider = WidgetProviderCore(
                        loader: EntryLoader(
                            kind: widget, store: extensionStore, sleeper: StalledClock(), log: world.log))
                    let read = extensionStore.read(key, for: widget).snapshot?.revision
                    let before = extensionStore.newestRevision(of: key)
                    let timeline = provider.timeline(
                        for: key, at: world.extensionClock.now, in: Self.calendar,
                        forceRefresh: fetchAnswer != nil,
                        fetchingWith: fetchAnswer.map { answer in { _ in answer } })
                    _ = timeline
                    if let after = extensionStore.newestRevision(of: key), after != before, fetchAnswer != nil
                    {
                        world.ops.append(
                            .commitOK(
                                key: key.rawValue, kind: widget.kind, revision: after, intent: false,
                                side: .widgetExtension, targets: ["fetched"]))
                    }
                    world.ops.append(.run(key: key.rawValue, kind: widget.kind, read: read))
                    world.extensionClock.advance(by: 30)
                }
                let advance: () -> Void = { world.hostClock.advance(by: 60) }
                // A healthy first round, sometimes.
                let firstRound = values.bool() || fault == .commitFails || fault == .commitFailsThenSame
                let firstContent = label()
                if firstRound {
                    steps.append { hostCommit(world.store, mainSync, nil, firstContent) }
                    steps.append(run)
                    steps.append(advance)
                }
                switch fault {
                case .none:
                    steps.append { hostCommit(world.store, mainSync, nil, nil) }
                    steps.append(run)
                case .commitFails:
                    let failing = FailingCommitStore(
                        wrapping: world.store,
                        error: values.element(of: [.readOnly, .io(operation: .write, path: "x", errno: 5)]))
                    let sync = WidgetSync(
                        store: failing, reloader: world.reloader, clock: world.hostClock, log: world.log)
                    steps.append { hostCommit(failing, sync, nil, nil) }
                    steps.append(run)
                case .commitFailsThenSame:
                    let failing = FailingCommitStore(wrapping: world.store, error: .readOnly)
                    let sync = WidgetSync(
                        store: failing, reloader: world.reloader, clock: world.hostClock, log: world.log)
                    steps.append { hostCommit(failing, sync, nil, nil) }
                    // The app goes back to the saved content: unchanged, nothing to save.
                    steps.append { hostCommit(world.store, mainSync, nil, firstContent) }
                    steps.append(run)
                case .debouncedNeverFlushed:
                    let sync = WidgetSync(
                        store: world.store, reloader: world.reloader, clock: world.hostClock,
                        debounce: .window(2, maximumDelay: 10, timer: ManualClock(now: world.hostClock.now)),
                        log: world.log)
                    steps.append { hostCommit(world.store, sync, nil, nil) }
                    steps.append(run)
                case .noReloadAtAll:
                    steps.append { hostCommit(world.store, mainSync, [], nil) }
                    steps.append(run)
                case .notInstalled:
                    let sync = WidgetSync(
                        store: world.store, reloader: RecordingReloader(installedKinds: []),
                        clock: world.hostClock, log: world.log)
                    steps.append { hostCommit(world.store, sync, nil, nil) }
                    steps.append(run)
                case .otherKindReload:
                    steps.append { hostCommit(world.store, mainSync, [.timelines("weather")], nil) }
                    steps.append(run)
                case .fetchFails:
                    let failure = values.element(of: [
                        UnavailableReason.sourceFailed, .sourceTimedOut, .sourceEmpty,
                    ])
                    steps.append { hostCommit(world.store, mainSync, nil, nil) }
                    steps.append { fetchAnswer = .failure(SourceFailure(failure)) }
                    steps.append(run)
                case .fetchSaves:
                    steps.append { hostCommit(world.store, mainSync, nil, nil) }
                    steps.append {
                        fetchAnswer = .success(SourceAnswer(payload: Self.payload(label(), at: Date())))
                    }
                    steps.append(run)
                case .clockSetBack:
                    steps.append { world.hostClock.advance(by: -7200) }
                    steps.append { hostCommit(world.store, mainSync, nil, nil) }
                    steps.append { world.extensionClock.advance(by: -86400) }
                    steps.append(run)
                case .providerNeverRuns:
                    steps.append { hostCommit(world.store, mainSync, nil, nil) }
                case .otherDirectory:
                    let other = world.root.appendingPathComponent("other-\(index)")
                    extensionStore = FileSnapshotStore(directory: other)
                    steps.append { hostCommit(world.store, mainSync, nil, nil) }
                    steps.append(run)
                case .oldCopy:
                    let copy = world.root.appendingPathComponent("copy-\(index)")
                    extensionStore = FileSnapshotStore(directory: copy)
                    steps.append {
                        try? FileManager.default.copyItem(
                            at: world.shared.appendingPathComponent("snapshots"),
                            to: copy.appendingPathComponent("snapshots"))
                    }
                    steps.append { hostCommit(world.store, mainSync, nil, nil) }
                    steps.append(run)
                case .corruptedNewest:
                    steps.append { hostCommit(world.store, mainSync, nil, nil) }
                    steps.append {
                        guard let revision = world.store.newestRevision(of: key) else { return }
                        let file = world.shared.appendingPathComponent(
                            "snapshots/\(key.rawValue)/" + String(format: "%010d", revision) + ".snapshot")
                        try? Data("garbage".utf8).write(to: file)
                    }
                    steps.append(run)
                case .intentCommitFails:
                    let failing = FailingCommitStore(wrapping: world.store, error: .readOnly)
                    let sync = WidgetSync(
                        store: failing, reloader: RecordingReloader(), clock: world.extensionClock,
                        side: .widgetExtension, log: world.log)
                    steps.append {
                        do {
                            try sync.commitFromIntent(
                                Self.payload(label(), at: world.extensionClock.now), for: widget, key: key)
                        } catch {
                            world.ops.append(.commitFailed(key: key.rawValue))
                        }
                    }
                    steps.append(run)
                case .extensionCommit:
                    let sync = WidgetSync(
                        store: world.store, reloader: RecordingReloader(), clock: world.extensionClock,
                        side: .widgetExtension, log: world.log)
                    steps.append {
                        if case .saved(let revision, _, _) = try? sync.commit(
                            Self.payload(label(), at: world.extensionClock.now), for: widget, key: key)
                        {
                            world.ops.append(
                                .commitOK(
                                    key: key.rawValue, kind: widget.kind, revision: revision, intent: false,
                                    side: .widgetExtension))
                        }
                    }
                    if values.bool() { steps.append(run) }
                }
                stories.append(steps)
            }
            // Interleave the keys' steps.
            var cursors = Array(repeating: 0, count: stories.count)
            while let next = stories.indices.filter({ cursors[$0] < stories[$0].count }).randomElement(
                using: &values)
            {
                stories[next][cursors[next]]()
                cursors[next] += 1
            }
            let events = world.log.read().events
            let diagnosis = Diagnosis(events: events)
            var problems: [String] = []
            for (keyName, _) in chosen {
                let expected = Self.truth(for: keyName, in: world.ops)
                let verdict = diagnosis.keys.first { $0.key == keyName }
                let got = verdict?.firstFailure?.stage.rawValue
                if expected != got {
                    problems.append(
                        "fault \(fault) key \(keyName): model \(expected.map(String.init) ?? "ok"), diagnosis "
                            + "\(got.map(String.init) ?? "ok") — \(verdict?.summary ?? "no key")\n"
                            + events.map(\.line).joined(separator: "\n"))
                }
            }
            return problems.isEmpty ? nil : problems.joined(separator: "\n")
        }
        // Every fault is drawn.
        #expect(Set(total.keys).count == Fault.allCases.count)
    }
}
