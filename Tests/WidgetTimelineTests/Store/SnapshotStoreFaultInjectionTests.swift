import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Every file-system call of a commit fails in turn — once, and from then on — with every error a
/// disk can report, and the store keeps its promises (SQLite's I/O-error tests): the right typed
/// outcome, old-or-new and never partial, the revision never backwards, and no temporary file left
/// after the next writer starts.
struct SnapshotStoreFaultInjectionTests {
    /// What the store holds before the faulted commit.
    enum Scenario: String, CaseIterable, CustomTestStringConvertible {
        /// An empty shared directory: the commit creates the key's directories.
        case firstCommit = "first commit"
        /// Three revisions exist: the commit removes the oldest.
        case commitWithCleanup = "commit with clean-up"
        /// As above, on a file system without an exclusive rename: publish by link + unlink.
        case commitByLink = "commit by link"
        /// Three revisions exist and the writer committed the newest itself (its key directory is
        /// already prepared).
        case steadyCommit = "a writer's next commit"

        var testDescription: String { rawValue }

        var existingRevisions: Int { self == .firstCommit ? 0 : 3 }
        /// Commits the writer makes without faults before the faulted one (the newest existing).
        var warmUpCommits: Int { self == .steadyCommit ? 1 : 0 }
        var baseFaults: [FileSystemFault] {
            self == .commitByLink
                ? [FileSystemFault(.error(EINVAL), at: .kind(.renameExclusively, occurrence: 1), .fromThenOn)]
                : []
        }
    }

    static let errors: [Int32] = [EIO, ENOSPC, EDQUOT, EACCES, EROFS]

    /// Runs every single-fault case of `scenario` and returns how many ran.
    @Test("each call of a commit fails in turn, once and from then on", arguments: Scenario.allCases)
    func singleFaults(scenario: Scenario) throws {
        try withTemporaryDirectory { root throws in
            let template = try makeTemplate(scenario, in: root)
            let trace = try traceCommit(scenario, template: template, in: root)
            // The call that publishes: the exclusive rename, or the link that replaces it.
            let publishIndex = try #require(trace.lastIndex { $0.publishesRecord }) + 1
            // The listing after it that confirms the revision is the newest: the acknowledgement.
            let confirmIndex =
                try #require(
                    trace.indices.first { $0 >= publishIndex && trace[$0].kind == .contentsOfDirectory })
                + 1
            var cases = 0
            // In the link scenario the rename always fails with EINVAL: the base fault owns it.
            for index in 1...trace.count
            where !(scenario == .commitByLink && trace[index - 1].kind == .renameExclusively) {
                for persistence in [FileSystemFault.Persistence.once, .fromThenOn] {
                    let writesAhead = Self.hasWrite(in: trace, from: index)
                    var effects: [FileSystemFault.Effect] = Self.errors.map { .error($0) } + [.interrupted]
                    if trace[index - 1].kind == .write || (persistence == .fromThenOn && writesAhead) {
                        effects.append(.shortWrite)
                    }
                    for effect in effects {
                        let fault = FileSystemFault(effect, at: .call(index), persistence)
                        try runCase(
                            scenario, fault: fault, trace: trace, publishIndex: publishIndex,
                            confirmIndex: confirmIndex, template: template, in: root)
                        cases += 1
                    }
                }
            }
            // Every call failed with every error and an interruption, once and from then on.
            let faultedCalls =
                trace.count
                - (scenario == .commitByLink ? trace.filter { $0.kind == .renameExclusively }.count : 0)
            #expect(cases >= faultedCalls * 12, "only \(cases) cases for \(trace.count) calls")
        }
    }

    @Test("a fault during clean-up after an earlier faulted commit: 50 random pairs")
    func compoundFaults() throws {
        let seed = testSeed(0xC0_4D)
        var generator = SplitMix64(seed: seed)
        try withTemporaryDirectory { root throws in
            let scenario = Scenario.commitWithCleanup
            let template = try makeTemplate(scenario, in: root)
            let trace = try traceCommit(scenario, template: template, in: root)
            let publishIndex = trace.firstIndex { $0.publishesRecord }! + 1
            let confirmIndex =
                trace.indices.first { $0 >= publishIndex && trace[$0].kind == .contentsOfDirectory }! + 1
            for pair in 0..<50 {
                let directory = try copy(template, in: root, name: "pair-\(pair)")
                defer { try? FileManager.default.removeItem(at: directory) }
                let fileSystem = FaultInjectingFileSystem()
                let store = FileSnapshotStore(directory: directory, fileSystem: fileSystem)
                let persistence: [FileSystemFault.Persistence] = [.once, .fromThenOn]
                let first = FileSystemFault(
                    .error(Self.errors.randomElement(using: &generator)!),
                    at: .call(Int.random(in: 1...trace.count, using: &generator)),
                    persistence.randomElement(using: &generator)!)
                fileSystem.faults = [first]
                _ = try? store.commit(StoreFixture.draft(4))
                // The second commit is a new writer; its fault hits after its acknowledgement: the
                // directory fsync or the clean-up (of the first commit's leftovers, too).
                // Another process: the first writer's spare is not its own, so its calls up to the
                // acknowledgement are the traced commit's.
                let secondSystem = FaultInjectingFileSystem(wrapping: OtherProcessFileSystem())
                let second = FileSystemFault(
                    .error(Self.errors.randomElement(using: &generator)!),
                    at: .call(Int.random(in: confirmIndex + 1...trace.count + 2, using: &generator)),
                    persistence.randomElement(using: &generator)!)
                secondSystem.faults = [second]
                let label = "pair \(pair): \(first) then \(second) (seed \(seed))"
                // The first commit may have published without being acknowledged.
                let before = FileSnapshotStore.readOnly(directory: directory)
                    .read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
                let expected = (before.snapshot?.revision ?? 3) + 1
                let outcome = try FileSnapshotStore(directory: directory, fileSystem: secondSystem)
                    .commit(StoreFixture.draft(expected))
                #expect(outcome.revision == expected, "\(label)")
                let read = FileSnapshotStore.readOnly(directory: directory)
                    .read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
                #expect(read.snapshot?.revision == expected, "\(label)")
                #expect(read.isDegraded == false, "\(label)")
                let keyDirectory = store.directory(for: StoreFixture.key)
                #expect(temporaryFiles(in: keyDirectory).count <= 2, "\(label)")
                _ = try FileSnapshotStore(directory: directory).removeAbandonedFiles()
                #expect(temporaryFiles(in: keyDirectory) == [], "\(label)")
            }
        }
    }

    // MARK: - One case

    func runCase(
        _ scenario: Scenario, fault: FileSystemFault, trace: [FileSystemCall], publishIndex: Int,
        confirmIndex: Int, template: URL, in root: URL
    ) throws {
        let directory = try copy(template, in: root, name: "case")
        defer { try? FileManager.default.removeItem(at: directory) }
        let label = "\(scenario.rawValue): \(fault) [\(trace[callIndex(fault) - 1])]"
        let old = scenario.existingRevisions
        let fileSystem = FaultInjectingFileSystem()
        let store = FileSnapshotStore(directory: directory, fileSystem: fileSystem)
        try warmUp(store, scenario)
        fileSystem.faults = scenario.baseFaults + [fault]
        let result = Result { () throws(SnapshotStoreError) in try store.commit(StoreFixture.draft(old + 1)) }
        let hits = fileSystem.hits(of: fault)
        fileSystem.disarm()
        #expect(hits > 0, "\(label): the fault never hit")

        // (1) The outcome: thrown exactly when an essential call failed before the acknowledgement
        // (the publish, or the listing that confirms it).
        let index = callIndex(fault)
        let call = trace[index - 1]
        switch fault.effect {
        case .interrupted, .shortWrite:
            #expect((try? result.get())?.revision == old + 1, "\(label): \(result)")
            #expect((try? result.get())?.isDurable == true, "\(label): \(result)")
        case .error(let code):
            let failsBeforePublish =
                index <= confirmIndex
                && (fault.persistence == .fromThenOn || isEssential(call, in: directory))
            switch result {
            case .failure(let error):
                #expect(failsBeforePublish, "\(label): threw \(error)")
                #expect(error.fileSystemError?.code == code, "\(label): threw \(error)")
                // A failure after the publish says the record was published, and which revision.
                if case .unconfirmed(let revision, _, _) = error {
                    #expect(index > publishIndex && revision == old + 1, "\(label): threw \(error)")
                } else {
                    #expect(index <= publishIndex, "\(label): published, yet threw \(error)")
                }
            case .success(let outcome):
                #expect(!failsBeforePublish, "\(label): succeeded")
                #expect(outcome.revision == old + 1, "\(label)")
                let failsDirectorySync = trace.dropFirst(index - 1).prefix(
                    fault.persistence == .once ? 1 : .max
                )
                .contains { isKeyDirectorySync($0, afterPublish: publishIndex, in: trace) }
                #expect(outcome.isDurable == !failsDirectorySync, "\(label): \(outcome)")
                if case .notDurable(let error) = outcome.durability {
                    #expect(error.fileSystemError?.code == code, "\(label)")
                }
            }
        }

        // (2) Old or new, never partial, never missing once a record existed; (3) never backwards.
        // A commit that failed only after its publish (it could not confirm it) may be read: it was
        // not acknowledged, as after a crash there.
        let committed = (try? result.get()) != nil
        var unconfirmed = false
        if case .failure(.unconfirmed) = result { unconfirmed = true }
        let read = FileSnapshotStore.readOnly(directory: directory)
            .read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
        if committed || unconfirmed || (index > publishIndex && read.snapshot?.revision == old + 1) {
            #expect(read.snapshot?.revision == old + 1, "\(label): read \(read)")
        } else if old == 0 {
            #expect(read == .missing, "\(label): read \(read)")
        } else {
            #expect(read.snapshot?.revision == old, "\(label): read \(read)")
        }
        #expect(!read.isDegraded, "\(label): read \(read)")
        if let snapshot = read.snapshot { #expect(snapshot.payload.value == snapshot.revision, "\(label)") }

        // (4) At most one temporary file, gone once the next writer starts.
        let keyDirectory = store.directory(for: StoreFixture.key)
        #expect(temporaryFiles(in: keyDirectory).count <= 1, "\(label): \(names(in: keyDirectory))")
        let next = FileSnapshotStore(directory: directory)
        _ = try next.removeAbandonedFiles()
        #expect(temporaryFiles(in: keyDirectory) == [], "\(label)")
        // And the store goes on: the next commit follows whatever is there.
        let current = read.snapshot?.revision ?? 0
        #expect(try next.commit(StoreFixture.draft(current + 1)).revision == current + 1, "\(label)")
    }

    // MARK: - Support

    /// Whether a write is among the calls from the `index`th (counting from 1) on.
    static func hasWrite(in trace: [FileSystemCall], from index: Int) -> Bool {
        trace.dropFirst(index - 1).contains { $0.kind == .write }
    }

    /// Which calls a commit cannot do without before its acknowledgement: all but `stat`s,
    /// `close` of a directory, and removing the temporary name after a `link` published the record.
    func isEssential(_ call: FileSystemCall, in directory: URL) -> Bool {
        switch call.kind {
        case .status, .statusOfEntry: return false
        case .close: return !isDirectory(call.path)
        case .unlink: return !call.path.contains(".tmp-")
        default: return true
        }
    }

    func isKeyDirectorySync(
        _ call: FileSystemCall, afterPublish publishIndex: Int, in trace: [FileSystemCall]
    ) -> Bool {
        guard let position = trace.firstIndex(of: call), position + 1 > publishIndex else { return false }
        return call.kind == .synchronize && isDirectory(call.path)
    }

    func isDirectory(_ path: String) -> Bool {
        !path.contains(".tmp-") && !path.hasSuffix(".snapshot")
    }

    func callIndex(_ fault: FileSystemFault) -> Int {
        if case .call(let index) = fault.trigger { return index }
        return 0
    }

    /// A shared directory with the scenario's existing revisions, written once.
    func makeTemplate(_ scenario: Scenario, in root: URL) throws -> URL {
        let template = root.appendingPathComponent("template-\(scenario)")
        try FileManager.default.createDirectory(at: template, withIntermediateDirectories: true)
        let store = FileSnapshotStore(directory: template)
        for value in stride(from: 1, through: scenario.existingRevisions - scenario.warmUpCommits, by: 1) {
            _ = try store.commit(StoreFixture.draft(value))
        }
        return template
    }

    /// The scenario's commits before the faulted one, by the writer that then makes it.
    func warmUp(_ store: FileSnapshotStore, _ scenario: Scenario) throws {
        let first = scenario.existingRevisions - scenario.warmUpCommits + 1
        for value in stride(from: first, through: scenario.existingRevisions, by: 1) {
            #expect(try store.commit(StoreFixture.draft(value)) == CommitOutcome(revision: value))
        }
    }

    func copy(_ template: URL, in root: URL, name: String) throws -> URL {
        let directory = root.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.copyItem(at: template, to: directory)
        return directory
    }

    /// The calls of one fault-free commit in the scenario.
    func traceCommit(_ scenario: Scenario, template: URL, in root: URL) throws -> [FileSystemCall] {
        let directory = try copy(template, in: root, name: "trace")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fileSystem = FaultInjectingFileSystem()
        let store = FileSnapshotStore(directory: directory, fileSystem: fileSystem)
        try warmUp(store, scenario)
        fileSystem.faults = scenario.baseFaults
        _ = try store.commit(StoreFixture.draft(scenario.existingRevisions + 1))
        return fileSystem.calls
    }
}

/// The live file system as seen by a process that is not running any more (a pid no system
/// reaches), so its temporary files and spare are another process's to this one's stores.
private final class OtherProcessFileSystem: ForwardingFileSystem, @unchecked Sendable {
    override var processID: Int32 { 2_147_480_001 }
}
