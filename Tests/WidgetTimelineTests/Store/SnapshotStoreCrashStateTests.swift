import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// A commit crashed after each of its calls, and every state a process crash or a power loss can
/// leave checked: the reader sees the old record or a newer whole one, never a partial or missing
/// one, and no commit that returned durable — this one's or a competitor's — is lost (as SQLite's
/// TH3, LevelDB and ALICE test theirs). Competitors commit at the protocol's two races: just
/// before the publish (the name is taken, or freed by clean-up so the publish lands below the
/// newest) and between the publish and the listing that confirms it (the record is withdrawn).
/// The checker is itself tested: it catches saves that skip an fsync or write in place.
struct SnapshotStoreCrashStateTests {
    static let root = "/shared"
    static let directory = URL(fileURLWithPath: root)
    static let legacyKey = try! SnapshotKey(validating: "parking")
    /// Random power-loss states per crash point (plus the one process-crash state).
    static let powerLossStates = 24
    /// The value of the commit under test's payload; the others write `100 + revision - 1`.
    static let ourValue = 5_000

    /// Another writer's commits, on the same file system, at one moment of the commit under test.
    enum Competitor: Sendable {
        /// Just before its exclusive publish.
        case beforePublish(commits: Int)
        /// After its publish, before the listing that confirms it.
        case beforeConfirmation(commits: Int)
    }

    /// What the shared directory holds before the commit, and the commit.
    struct Scenario: CustomTestStringConvertible, Sendable {
        var name: String
        /// Revisions committed (and made durable) before.
        var existing = 0
        var key = StoreFixture.key
        var legacyKeys: LegacyKeyMapping = .none
        var supportsExclusiveRename = true
        var expected: ExpectedRevision = .any
        var competitor: Competitor?
        /// The writer committed the newest existing revision itself, so its key's directory is
        /// prepared and it does not synchronise the parents again.
        var committedNewest = false
        /// Without a crash: the revision acknowledged, or the error thrown.
        var outcome: Result<Int, SnapshotStoreError>
        /// The revisions the commit's record may be read under: the acknowledged one, and any it
        /// published and withdrew.
        var ourRevisions: Set<Int>
        var testDescription: String { name }

        static let all: [Scenario] = [
            Scenario(name: "first commit", outcome: .success(1), ourRevisions: [1]),
            Scenario(name: "commit with clean-up", existing: 3, outcome: .success(4), ourRevisions: [4]),
            Scenario(
                name: "a writer's next commit", existing: 3, committedNewest: true, outcome: .success(4),
                ourRevisions: [4]),
            Scenario(
                name: "a writer's next compare-and-swap, race lost", existing: 3, expected: .revision(3),
                competitor: .beforePublish(commits: 1), committedNewest: true,
                outcome: .failure(.conflict(current: 4)),
                ourRevisions: []),
            Scenario(
                name: "compare-and-swap commit", existing: 2, expected: .revision(2), outcome: .success(3),
                ourRevisions: [3]),
            Scenario(
                name: "compare-and-swap conflict", existing: 2, expected: .revision(1),
                outcome: .failure(.conflict(current: 2)), ourRevisions: []),
            Scenario(
                name: "compare-and-swap race lost", existing: 2, expected: .revision(2),
                competitor: .beforePublish(commits: 1), outcome: .failure(.conflict(current: 3)),
                ourRevisions: []),
            Scenario(
                name: "race lost, retried", existing: 2, competitor: .beforePublish(commits: 1),
                outcome: .success(4),
                ourRevisions: [4]),
            Scenario(
                name: "stale publish below the newest, withdrawn and retried", existing: 3,
                competitor: .beforePublish(commits: 4), outcome: .success(8), ourRevisions: [4, 8]),
            Scenario(
                name: "overtaken before the confirming listing, withdrawn and retried", existing: 3,
                competitor: .beforeConfirmation(commits: 1), outcome: .success(6), ourRevisions: [4, 6]),
            Scenario(
                name: "compare-and-swap overtaken before the confirming listing", existing: 3,
                expected: .revision(3), competitor: .beforeConfirmation(commits: 1),
                outcome: .failure(.conflict(current: 5)), ourRevisions: [4]),
            Scenario(
                name: "commit by link", existing: 3, supportsExclusiveRename: false, outcome: .success(4),
                ourRevisions: [4]),
            Scenario(
                name: "legacy migration", existing: 2, key: StoreFixture.otherKey,
                legacyKeys: [StoreFixture.otherKey: legacyKey], outcome: .success(3), ourRevisions: [3]),
        ]
    }

    /// The revisions acknowledged on one crashed file system, by the commit under test and by its
    /// competitor: what every later state must keep.
    final class Acknowledged: @unchecked Sendable {
        // @unchecked: used on the test's own thread.
        var durable = 0
        var visible = 0

        func note(_ outcome: CommitOutcome) {
            visible = max(visible, outcome.revision)
            if outcome.isDurable { durable = max(durable, outcome.revision) }
        }
    }

    @Test(
        "crash after every call of a commit: old or newer, never partial, nothing acknowledged lost",
        arguments: Scenario.all)
    func crashStates(scenario: Scenario) throws {
        let seed = testSeed(0xA11CE) ^ UInt64(scenario.name.utf8.count)
        // For a writer that committed the newest revision itself: the state before that commit.
        var before = scenario
        before.existing -= 1
        let beforeNewest = scenario.committedNewest ? try makeBase(before) : nil
        let commit = {
            (fileSystem: CrashSimulatingFileSystem, acknowledged: Acknowledged) throws -> CommitOutcome in
            let competing = Self.competing(scenario, on: fileSystem, acknowledged: acknowledged)
            // The writer commits the newest revision on a copy of the state before it — the same
            // revision, with its directory prepared — and then goes on to the state under test.
            let forwarding = RetargetableFileSystem(target: beforeNewest?.copy() ?? competing)
            let store = FileSnapshotStore(
                directory: Self.directory, legacyKeys: scenario.legacyKeys, fileSystem: forwarding)
            if beforeNewest != nil {
                _ = try store.commit(StoreFixture.draft(100 + scenario.existing - 1, key: scenario.key))
                forwarding.target = competing
            }
            return try store.commit(
                StoreFixture.draft(Self.ourValue, key: scenario.key), expecting: scenario.expected)
        }
        // Without a crash, the commit does what the scenario says.
        let uncrashed = Result { () throws(SnapshotStoreError) in
            do {
                return try commit(try makeBase(scenario), Acknowledged()).revision
            } catch let error as SnapshotStoreError {
                throw error
            } catch {
                throw .encoding("\(error)")
            }
        }
        #expect(uncrashed == scenario.outcome)
        let report = try enumerate(scenario, seed: seed, commit: commit)
        #expect(report.violations.isEmpty, "seed \(seed): \(report.violations.prefix(5))")
        #expect(report.states >= 25, "only \(report.states) states")
    }

    /// `fileSystem` with the scenario's competitor armed: another store on the same file system,
    /// committing after the newest revision it reads, with the payload the checker expects there.
    static func competing(
        _ scenario: Scenario, on fileSystem: CrashSimulatingFileSystem, acknowledged: Acknowledged
    ) -> any SnapshotFileSystem {
        guard let competitor = scenario.competitor else { return fileSystem }
        let commits: Int
        let moment: RacingFileSystem.Moment
        switch competitor {
        case .beforePublish(let count): (commits, moment) = (count, .beforePublish)
        case .beforeConfirmation(let count): (commits, moment) = (count, .beforeConfirmingListing)
        }
        let racing = RacingFileSystem(base: fileSystem, moment: moment) {
            let other = FileSnapshotStore(
                directory: Self.directory, legacyKeys: scenario.legacyKeys, fileSystem: fileSystem)
            for _ in 0..<commits {
                let newest =
                    other.read(scenario.key, as: Counter.self, supportedSchema: 1).snapshot?.revision ?? 0
                guard let outcome = try? other.commit(StoreFixture.draft(100 + newest, key: scenario.key))
                else {
                    return
                }
                // Acknowledged only if the file system was still running when it returned.
                if !fileSystem.hasCrashed { acknowledged.note(outcome) }
            }
        }
        racing.racesLeft = 1
        return racing
    }

    @Test(
        "a writer that recovers after a process crash leaves a durable commit, whatever the crashed one did")
    func recoveryAfterProcessCrash() throws {
        let seed = testSeed(0xBEEF)
        var generator = SplitMix64(seed: seed)
        let base = try makeBase(
            Scenario(name: "recovery", existing: 1, outcome: .success(2), ourRevisions: [2]))
        let calls = try trace(base) {
            try FileSnapshotStore(directory: Self.directory, fileSystem: $0).commit(StoreFixture.draft(2))
        }
        var violations: [String] = []
        for prefix in 0...calls {
            let crashed = base.copy()
            crashed.crash(afterCalls: prefix)
            _ = try? FileSnapshotStore(directory: Self.directory, fileSystem: crashed).commit(
                StoreFixture.draft(2))
            // A new process commits on what the crash left in the page cache, then the power fails.
            let recovered = crashed.afterProcessCrash()
            guard
                let outcome = try? FileSnapshotStore(directory: Self.directory, fileSystem: recovered)
                    .commit(StoreFixture.draft(3)), outcome.isDurable
            else {
                violations.append("prefix \(prefix): the recovering commit failed")
                continue
            }
            for state in 0..<Self.powerLossStates {
                let after = recovered.afterPowerLoss(using: &generator)
                let read = FileSnapshotStore.readOnly(directory: Self.directory, fileSystem: after)
                    .read(StoreFixture.key, as: Counter.self, supportedSchema: 1)
                if read.snapshot?.revision != outcome.revision || read.isDegraded {
                    violations.append(
                        "prefix \(prefix), state \(state): read \(read) after durable \(outcome.revision)")
                }
            }
        }
        #expect(violations.isEmpty, "seed \(seed): \(violations.prefix(5))")
    }

    // MARK: - The checker checks itself

    /// A save of revision 3 (payload 102) over two revisions.
    static func brokenSave(_ name: String) -> Scenario {
        Scenario(name: name, existing: 2, outcome: .success(3), ourRevisions: [])
    }

    @Test("the checker catches a save that skips the temporary file's fsync")
    func catchesMissingFileSync() throws {
        let report = try enumerate(Self.brokenSave("no file fsync"), seed: testSeed(1)) { fileSystem, _ in
            try FileSnapshotStore(
                directory: Self.directory, fileSystem: SyncDroppingFileSystem(fileSystem, dropping: .files)
            ).commit(StoreFixture.draft(102))
        }
        #expect(report.violations.contains { $0.contains("partial") }, "\(report.violations.prefix(3))")
    }

    @Test("the checker catches a save that skips the directory fsync (a durability violation)")
    func catchesMissingDirectorySync() throws {
        let report = try enumerate(Self.brokenSave("no directory fsync"), seed: testSeed(2)) {
            fileSystem, _ in
            try FileSnapshotStore(
                directory: Self.directory,
                fileSystem: SyncDroppingFileSystem(fileSystem, dropping: .directories)
            ).commit(StoreFixture.draft(102))
        }
        #expect(report.violations.contains { $0.contains("lost") }, "\(report.violations.prefix(3))")
    }

    @Test("the checker catches a save that writes the record in place")
    func catchesInPlaceWrite() throws {
        let report = try enumerate(Self.brokenSave("in place"), seed: testSeed(3)) { fileSystem, _ in
            try InPlaceSaver(fileSystem: fileSystem).save(StoreFixture.draft(102), revision: 3)
        }
        #expect(report.violations.contains { $0.contains("partial") }, "\(report.violations.prefix(3))")
    }

    // MARK: - Enumerator

    struct Report {
        var states = 0
        var violations: [String] = []
    }

    /// Crashes `commit` after each of its calls and checks every resulting state.
    func enumerate(
        _ scenario: Scenario, seed: UInt64,
        commit: (CrashSimulatingFileSystem, Acknowledged) throws -> CommitOutcome
    ) throws -> Report {
        let base = try makeBase(scenario)
        let calls = try trace(base) { try commit($0, Acknowledged()) }
        var report = Report()
        for prefix in 0...calls {
            var generator = SplitMix64(seed: seed &+ UInt64(prefix))
            let fileSystem = base.copy()
            fileSystem.crash(afterCalls: prefix)
            let acknowledged = Acknowledged()
            let outcome = try? commit(fileSystem, acknowledged)
            // Only a commit that ran to the end without a refused call has really returned.
            if !fileSystem.hasCrashed, let outcome { acknowledged.note(outcome) }
            let states =
                [("process crash", fileSystem.afterProcessCrash())]
                + (0..<Self.powerLossStates).map {
                    ("power loss \($0)", fileSystem.afterPowerLoss(using: &generator))
                }
            for (name, state) in states {
                report.states += 1
                // What survives: after a process crash everything published; after a power loss what
                // was durable, and never less than the durable revisions before the commit.
                let floor = max(
                    scenario.existing, name.hasPrefix("power") ? acknowledged.durable : acknowledged.visible)
                if let violation = check(state, scenario: scenario, floor: floor) {
                    report.violations.append("crash after \(prefix) of \(calls) calls, \(name): \(violation)")
                }
            }
        }
        return report
    }

    /// The invariant: a whole record written by the writer its revision belongs to, never below a
    /// revision that must survive (`floor`), never missing once a record existed; and a writer
    /// starting on the state commits the next revision and leaves no temporary file.
    func check(_ state: CrashSimulatingFileSystem, scenario: Scenario, floor: Int) -> String? {
        let reader = FileSnapshotStore.readOnly(
            directory: Self.directory, legacyKeys: scenario.legacyKeys, fileSystem: state)
        let read = reader.read(scenario.key, as: Counter.self, supportedSchema: 1)
        let seen: Int
        switch read {
        case .found(let snapshot, let fallback):
            if fallback != nil { return "partial newest record: \(read)" }
            let isOurs =
                snapshot.payload.value == Self.ourValue && scenario.ourRevisions.contains(snapshot.revision)
            if snapshot.payload.value != 100 + snapshot.revision - 1 && !isOurs {
                return "wrong payload at revision \(snapshot.revision): \(snapshot.payload)"
            }
            if snapshot.revision < floor {
                return "acknowledged revision \(floor) lost: read \(snapshot.revision)"
            }
            seen = snapshot.revision
        case .missing:
            if floor > 0 { return "missing although revision \(floor) must survive" }
            seen = 0
        default:
            return "partial or unreadable: \(read)"
        }
        let writer = FileSnapshotStore(
            directory: Self.directory, legacyKeys: scenario.legacyKeys, fileSystem: state)
        guard let next = try? writer.commit(StoreFixture.draft(100 + seen, key: scenario.key)) else {
            return "the next commit failed after reading \(seen)"
        }
        if next.revision != seen + 1 { return "the next commit made \(next.revision) after reading \(seen)" }
        // Nothing but the next writer's own spare (a superseded record it keeps to rewrite).
        let leftovers = state.names(in: Self.root + "/snapshots/" + scenario.key.rawValue).filter {
            $0.hasPrefix(".tmp-") && $0 != ".tmp-\(state.processID)-spare"
        }
        if !leftovers.isEmpty { return "temporary files left after the next commit: \(leftovers)" }
        return nil
    }

    /// A durable shared directory with the scenario's existing revisions.
    func makeBase(_ scenario: Scenario) throws -> CrashSimulatingFileSystem {
        let fileSystem = CrashSimulatingFileSystem(
            directories: [Self.root], supportsExclusiveRename: scenario.supportsExclusiveRename)
        let setupKey = scenario.legacyKeys.legacyKey(for: scenario.key) ?? scenario.key
        let store = FileSnapshotStore(directory: Self.directory, fileSystem: fileSystem)
        for revision in stride(from: 1, through: scenario.existing, by: 1) {
            _ = try store.commit(StoreFixture.draft(100 + revision - 1, key: setupKey))
        }
        fileSystem.synchroniseEverything()
        return fileSystem
    }

    /// How many calls the commit makes when nothing crashes.
    func trace(
        _ base: CrashSimulatingFileSystem, _ commit: (CrashSimulatingFileSystem) throws -> CommitOutcome
    ) throws -> Int {
        let fileSystem = base.copy()
        _ = try? commit(fileSystem)
        return fileSystem.calls.count
    }
}

/// A file system that lies about `fsync`: the broken save the crash checker must catch.
final class SyncDroppingFileSystem: ForwardingFileSystem, @unchecked Sendable {
    // @unchecked: used by one store on the test's own thread.
    enum Dropped { case files, directories }
    private let dropped: Dropped
    private var directories: Set<OpenFile> = []

    init(_ base: CrashSimulatingFileSystem, dropping dropped: Dropped) {
        self.dropped = dropped
        super.init(base)
    }

    override func openRoot(_ path: String) throws(FileSystemError) -> OpenFile {
        let file = try super.openRoot(path)
        directories.insert(file)
        return file
    }
    override func open(_ name: String, in directory: OpenFile, _ mode: FileOpenMode) throws(FileSystemError)
        -> OpenFile
    {
        let file = try super.open(name, in: directory, mode)
        if mode == .directory { directories.insert(file) }
        return file
    }
    override func synchronize(_ file: OpenFile, barrierOnly: Bool) throws(FileSystemError) {
        let isDirectory = directories.contains(file)
        if (dropped == .files && !isDirectory) || (dropped == .directories && isDirectory) { return }
        try super.synchronize(file, barrierOnly: barrierOnly)
    }
    override func close(_ file: OpenFile) throws(FileSystemError) {
        directories.remove(file)
        try super.close(file)
    }
}

/// The classic broken save: the record written straight under its final name, no temporary file,
/// no exclusive publish. Correctly synchronised — and still torn when the crash comes mid-write.
struct InPlaceSaver {
    let fileSystem: any SnapshotFileSystem

    func save(_ draft: SnapshotDraft<Counter>, revision: Int) throws -> CommitOutcome {
        let record = try SnapshotRecord.encode(draft.snapshot(revision: revision))
        let root = try fileSystem.openRoot(SnapshotStoreCrashStateTests.root)
        let snapshots = try fileSystem.open("snapshots", in: root, .directory)
        let directory = try fileSystem.open(draft.key.rawValue, in: snapshots, .directory)
        let file = try fileSystem.open(String(format: "%010d.snapshot", revision), in: directory, .createNew)
        var offset = 0
        while offset < record.count {
            // Written in two halves, as a large record would be.
            offset += try fileSystem.write(
                file, record[offset..<min(record.count, offset + record.count / 2 + 1)])
        }
        try fileSystem.synchronize(file, barrierOnly: false)
        try fileSystem.close(file)
        try fileSystem.synchronize(directory, barrierOnly: false)
        for opened in [directory, snapshots, root] { try fileSystem.close(opened) }
        return CommitOutcome(revision: revision)
    }
}
