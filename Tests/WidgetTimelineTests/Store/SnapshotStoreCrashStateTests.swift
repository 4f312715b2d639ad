import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// A commit crashed after each of its calls, and every state a process crash or a power loss can
/// leave checked: the reader sees the old record or the new one, never a partial or missing one,
/// and a commit that returned durable survives (as SQLite's TH3, LevelDB and ALICE test theirs). The checker is
/// itself tested: it catches saves that skip an fsync or write in place.
struct SnapshotStoreCrashStateTests {
    static let root = "/shared"
    static let directory = URL(fileURLWithPath: root)
    static let legacyKey = try! SnapshotKey(validating: "parking")
    /// Random power-loss states per crash point (plus the one process-crash state).
    static let powerLossStates = 24

    /// What the shared directory holds before the commit, and the commit.
    struct Scenario: CustomTestStringConvertible, Sendable {
        var name: String
        /// Revisions committed (and made durable) before.
        var existing = 0
        var key = StoreFixture.key
        var legacyKeys: LegacyKeyMapping = .none
        var supportsExclusiveRename = true
        var expected: ExpectedRevision = .any
        /// Another writer publishes the same revision just before this commit does.
        var racing = false
        /// The writer published the newest existing revision itself, so it confirms it with two
        /// `stat`s and removes the oldest by name.
        var committedNewest = false
        var testDescription: String { name }

        static let all: [Scenario] = [
            Scenario(name: "first commit"),
            Scenario(name: "commit with clean-up", existing: 3),
            Scenario(name: "a writer's next commit", existing: 3, committedNewest: true),
            Scenario(
                name: "a writer's next compare-and-swap, race lost", existing: 3, expected: .revision(3),
                racing: true, committedNewest: true),
            Scenario(name: "compare-and-swap commit", existing: 2, expected: .revision(2)),
            Scenario(name: "compare-and-swap conflict", existing: 2, expected: .revision(1)),
            Scenario(name: "compare-and-swap race lost", existing: 2, expected: .revision(2), racing: true),
            Scenario(name: "commit by link", existing: 3, supportsExclusiveRename: false),
            Scenario(
                name: "legacy migration", existing: 2, key: StoreFixture.otherKey,
                legacyKeys: [StoreFixture.otherKey: legacyKey]),
        ]
    }

    @Test(
        "crash after every call of a commit: old or new, never partial, nothing acknowledged lost",
        arguments: Scenario.all)
    func crashStates(scenario: Scenario) throws {
        let seed = testSeed(0xA11CE) ^ UInt64(scenario.name.utf8.count)
        // For a writer that committed the newest revision itself: the state before that commit.
        var before = scenario
        before.existing -= 1
        let beforeNewest = scenario.committedNewest ? try makeBase(before) : nil
        let commit = { (fileSystem: CrashSimulatingFileSystem) throws -> CommitOutcome in
            let racing = RacingFileSystem(base: fileSystem) {
                _ = try? FileSnapshotStore(directory: Self.directory, fileSystem: fileSystem)
                    .commit(StoreFixture.draft(100 + scenario.existing, key: scenario.key))
            }
            racing.racesLeft = scenario.racing ? 1 : 0
            // The writer commits the newest revision on a copy of the state before it — the same
            // revision, as far as it remembers — and then goes on to the state under test.
            let forwarding = RetargetableFileSystem(target: beforeNewest?.copy() ?? racing)
            let store = FileSnapshotStore(
                directory: Self.directory, legacyKeys: scenario.legacyKeys, fileSystem: forwarding)
            if beforeNewest != nil {
                _ = try store.commit(StoreFixture.draft(100 + scenario.existing - 1, key: scenario.key))
                forwarding.target = racing
            }
            // The racing commit loses: its payload would fail the checker's payload check.
            let value = scenario.racing ? 999 : 100 + scenario.existing
            return try store.commit(
                StoreFixture.draft(value, key: scenario.key), expecting: scenario.expected)
        }
        // Without a crash, the commit does what the scenario says.
        let uncrashed = Result { try commit(try makeBase(scenario)) }
        switch (uncrashed, scenario.expected.requiredRevision) {
        case (.success(let outcome), _):
            #expect(outcome.revision == scenario.existing + 1 && outcome.isDurable)
        case (.failure(let error as SnapshotStoreError), let required?) where required != scenario.existing:
            #expect(error == .conflict(current: scenario.existing))
        case (.failure(let error as SnapshotStoreError), _):
            #expect(scenario.racing && error == .conflict(current: scenario.existing + 1), "\(error)")
        case (.failure(let error), _):
            Issue.record("\(error)")
        }
        let report = try enumerate(scenario, seed: seed, commit: commit)
        #expect(report.violations.isEmpty, "seed \(seed): \(report.violations.prefix(5))")
        #expect(report.states >= 25, "only \(report.states) states")
    }

    @Test(
        "a writer that recovers after a process crash leaves a durable commit, whatever the crashed one did")
    func recoveryAfterProcessCrash() throws {
        let seed = testSeed(0xBEEF)
        var generator = SplitMix64(seed: seed)
        let base = try makeBase(Scenario(name: "recovery", existing: 1))
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

    @Test("the checker catches a save that skips the temporary file's fsync")
    func catchesMissingFileSync() throws {
        let report = try enumerate(Scenario(name: "no file fsync", existing: 2), seed: testSeed(1)) {
            fileSystem in
            try FileSnapshotStore(
                directory: Self.directory, fileSystem: SyncDroppingFileSystem(fileSystem, dropping: .files)
            ).commit(StoreFixture.draft(102))
        }
        #expect(report.violations.contains { $0.contains("partial") }, "\(report.violations.prefix(3))")
    }

    @Test("the checker catches a save that skips the directory fsync (a durability violation)")
    func catchesMissingDirectorySync() throws {
        let report = try enumerate(Scenario(name: "no directory fsync", existing: 2), seed: testSeed(2)) {
            fileSystem in
            try FileSnapshotStore(
                directory: Self.directory,
                fileSystem: SyncDroppingFileSystem(fileSystem, dropping: .directories)
            ).commit(StoreFixture.draft(102))
        }
        #expect(report.violations.contains { $0.contains("lost") }, "\(report.violations.prefix(3))")
    }

    @Test("the checker catches a save that writes the record in place")
    func catchesInPlaceWrite() throws {
        let report = try enumerate(Scenario(name: "in place", existing: 2), seed: testSeed(3)) { fileSystem in
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
        _ scenario: Scenario, seed: UInt64, commit: (CrashSimulatingFileSystem) throws -> CommitOutcome
    ) throws -> Report {
        let base = try makeBase(scenario)
        let calls = try trace(base, commit)
        let old = scenario.existing == 0 ? nil : scenario.existing
        var report = Report()
        for prefix in 0...calls {
            var generator = SplitMix64(seed: seed &+ UInt64(prefix))
            let fileSystem = base.copy()
            fileSystem.crash(afterCalls: prefix)
            let outcome = try? commit(fileSystem)
            // Only a commit that ran to the end without a refused call has really returned.
            let returned = fileSystem.hasCrashed ? nil : outcome
            let new = returned?.revision ?? (scenario.existing + 1)
            let states =
                [("process crash", fileSystem.afterProcessCrash())]
                + (0..<Self.powerLossStates).map {
                    ("power loss \($0)", fileSystem.afterPowerLoss(using: &generator))
                }
            for (name, state) in states {
                report.states += 1
                let isPowerLoss = name.hasPrefix("power")
                let mustBeNew = returned.map { isPowerLoss ? $0.isDurable : true } ?? false
                if let violation = check(
                    state, scenario: scenario, old: old, new: new, mustBeNew: mustBeNew)
                {
                    report.violations.append("crash after \(prefix) of \(calls) calls, \(name): \(violation)")
                }
            }
        }
        return report
    }

    /// The one invariant: old or new, complete and unmarked, new when it was acknowledged; and a
    /// writer starting on the state commits the next revision and leaves no temporary file.
    func check(
        _ state: CrashSimulatingFileSystem, scenario: Scenario, old: Int?, new: Int, mustBeNew: Bool
    ) -> String? {
        let reader = FileSnapshotStore.readOnly(
            directory: Self.directory, legacyKeys: scenario.legacyKeys, fileSystem: state)
        let read = reader.read(scenario.key, as: Counter.self, supportedSchema: 1)
        let seen: Int
        switch read {
        case .found(let snapshot, let fallback):
            if fallback != nil { return "partial newest record: \(read)" }
            if snapshot.payload.value != 100 + snapshot.revision - 1 { return "wrong payload: \(snapshot)" }
            if snapshot.revision != old && snapshot.revision != new { return "revision \(snapshot.revision)" }
            if mustBeNew && snapshot.revision != new {
                return "acknowledged revision \(new) lost: read \(snapshot.revision)"
            }
            seen = snapshot.revision
        case .missing:
            if old != nil { return "missing although revision \(old!) existed" }
            if mustBeNew { return "acknowledged revision \(new) lost: missing" }
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
        let leftovers = state.names(in: Self.root + "/snapshots/" + scenario.key.rawValue).filter {
            $0.hasPrefix(".tmp-")
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
