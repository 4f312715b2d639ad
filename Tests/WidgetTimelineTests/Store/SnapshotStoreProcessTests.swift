import Foundation
import Testing
import WidgetTimeline

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Real processes, because threads cannot stand in for them: writers killed with SIGKILL at random
/// moments and at named points while a reader reads, two writers racing on one key, two keys side
/// by side. Every process checks `/proc/locks` after each store call (the 0xdead10cc proxy).
///
/// `WIDGET_TIMELINE_TORTURE_CYCLES` and `WIDGET_TIMELINE_TORTURE_READS` raise the kill cycles and
/// the reads (for a nightly run); `WIDGET_TIMELINE_SEED` reproduces a failure.
@Suite(.serialized)
struct SnapshotStoreProcessTests {
    /// The named points of a commit (`CommitPoint` in the torture helper): each is a kill point and
    /// a pause point.
    static let killPoints = [
        "after-list", "after-tmp-create", "mid-write", "after-fsync", "after-close", "after-publish",
        "after-confirm", "before-dir-fsync", "after-dir-fsync", "mid-gc",
    ]

    static func environmentNumber(_ name: String, default fallback: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) } ?? fallback
    }

    @Test(
        "kill -9 at random moments and at named points: never corrupted, never backwards, every ACK survives")
    func killTorture() throws {
        let cycles = Self.environmentNumber("WIDGET_TIMELINE_TORTURE_CYCLES", default: 300)
        let minimumReads = Self.environmentNumber("WIDGET_TIMELINE_TORTURE_READS", default: 20_000)
        let seed = testSeed(UInt64(UInt32(truncatingIfNeeded: getpid())) &* 0x9E37_79B9)
        var generator = SplitMix64(seed: seed)
        let helper = try ChildProcess.tortureHelper()
        try withTemporaryDirectory { directory throws in
            let arguments = ["--dir", directory.path, "--key", StoreFixture.key.rawValue, "--check-locks"]
            let reader = try ChildProcess(helper, ["read"] + arguments + ["--progress", "1000"])
            let store = FileSnapshotStore(directory: directory)
            let keyDirectory = store.directory(for: StoreFixture.key)
            var lastAck = 0
            var killPointCycles = 0
            var killPointsReached: [String: Int] = [:]
            for cycle in 0..<cycles {
                let label = "cycle \(cycle) (seed \(seed))"
                var environment: [String: String] = [:]
                var killPoint: String?
                if Double.random(in: 0..<1, using: &generator) < 0.25 {
                    killPoint = Self.killPoints[killPointCycles % Self.killPoints.count]
                    killPointCycles += 1
                    environment["WIDGET_TIMELINE_KILL_POINT"] = killPoint
                    environment["WIDGET_TIMELINE_KILL_AT"] = String(Int.random(in: 1...3, using: &generator))
                }
                let writer = try ChildProcess(
                    helper, ["write"] + arguments + ["--count", "40"], environment: environment)
                var acks: [Int] = []
                var lines: [String] = []
                let acksBeforeKill = killPoint == nil ? Int.random(in: 0...3, using: &generator) : Int.max
                if acksBeforeKill == 0 { writer.send(SIGKILL) }
                while let line = writer.readLine() {
                    lines.append(line)
                    if line.hasPrefix("ACK "), let revision = Int(line.dropFirst(4)) {
                        acks.append(revision)
                        if acks.count == acksBeforeKill { writer.send(SIGKILL) }
                    }
                }
                let termination = writer.waitForExit()
                try #require(
                    termination == .signalled(SIGKILL) || termination == .exited(0),
                    "\(label): writer \(termination): \(lines.suffix(3))")
                if killPoint != nil, termination == .signalled(SIGKILL) {
                    killPointsReached[killPoint!, default: 0] += 1
                }
                for ack in acks {
                    #expect(ack > lastAck, "\(label): ACK \(ack) after \(lastAck)")
                    lastAck = ack
                }

                // A fresh reader in this process: valid, not backwards, nothing acknowledged lost.
                let read = FileSnapshotStore.readOnly(directory: directory)
                    .read(StoreFixture.key, as: TortureCheck.self, supportedSchema: 1)
                if lastAck > 0 || read != .missing {
                    guard case .found(let snapshot, nil) = read else {
                        Issue.record("\(label): read \(read)")
                        return
                    }
                    #expect(
                        snapshot.revision >= lastAck && snapshot.revision <= lastAck + 1,
                        "\(label): \(snapshot.revision) vs ACK \(lastAck)")
                    #expect(snapshot.payload.belongs(to: snapshot.revision), "\(label)")
                    lastAck = max(lastAck, snapshot.revision)
                }
                #expect(temporaryFiles(in: keyDirectory).count <= 1, "\(label): \(names(in: keyDirectory))")
                _ = try store.removeAbandonedFiles()
                #expect(temporaryFiles(in: keyDirectory) == [], "\(label)")
                if ProcLocks.isAvailable {
                    #expect(ProcLocks.held(orOn: ProcLocks.inodes(under: directory)) == [], "\(label)")
                }
            }
            #expect(lastAck >= cycles / 2, "only \(lastAck) revisions in \(cycles) cycles")
            #expect(
                Set(killPointsReached.keys) == Set(Self.killPoints) || cycles < 100,
                "kill points reached: \(killPointsReached)")

            // The reader read throughout; let it reach its quota on the final state, then stop it.
            var reads = 0
            while reads < minimumReads, let line = reader.readLine() {
                if line.hasPrefix("READS "), let count = Int(line.dropFirst(6)) { reads = count }
                if line.hasPrefix("VIOLATION") { Issue.record("reader: \(line) (seed \(seed))") }
            }
            reader.closeInput()
            let rest = reader.readAllLines()
            #expect(reader.waitForExit() == .exited(0), "reader: \(rest.suffix(3)) (seed \(seed))")
            let done = try #require(rest.last { $0.hasPrefix("DONE ") }, "reader: \(rest.suffix(3))")
            let fields = done.split(separator: " ").compactMap { Int($0) }
            #expect(fields.count == 3 && fields[0] >= minimumReads, "reader: \(done)")
            #expect(
                fields.count == 3 && fields[2] == lastAck,
                "reader's last revision: \(done), last ACK \(lastAck)")
        }
    }

    @Test(
        "two writer processes × 200 compare-and-swap commits on one key: no revision acknowledged twice, every one stored"
    )
    func twoWritersOneKey() throws {
        let helper = try ChildProcess.tortureHelper()
        try withTemporaryDirectory { directory throws in
            let common = ["--dir", directory.path, "--key", StoreFixture.key.rawValue, "--check-locks"]
            let reader = try ChildProcess(helper, ["read"] + common)
            let writers = try ["a", "b"].map { name in
                try ChildProcess(
                    helper, ["cas"] + common + ["--writer", name, "--count", "200", "--retain", "1000"])
            }
            var owner: [Int: String] = [:]
            for (name, writer) in zip(["a", "b"], writers) {
                let lines = writer.readAllLines()
                #expect(writer.waitForExit() == .exited(0), "writer \(name): \(lines.suffix(3))")
                let acks = lines.filter { $0.hasPrefix("ACK ") }.map { $0.split(separator: " ") }
                #expect(acks.count == 200, "writer \(name) acknowledged \(acks.count)")
                for (index, fields) in acks.enumerated() {
                    let revision = Int(fields[1])!
                    #expect(owner[revision] == nil, "revision \(revision) acknowledged twice")
                    owner[revision] = String(fields[2])
                    #expect(
                        fields[2] == "\(name):\(index + 1)"[...],
                        "writer \(name)'s ACK \(index + 1): \(fields)")
                }
            }
            // 400 distinct revisions. A writer overtaken between its publish and its confirming
            // listing withdraws its record and commits again (docs/store-format.md), so a number may
            // be skipped: rare, and never an acknowledged one.
            #expect(owner.count == 400)
            let newest = try #require(owner.keys.max())

            // The stored history is the acknowledged one, record for record: nothing unacknowledged
            // is left, nothing acknowledged is missing.
            let keyDirectory = FileSnapshotStore(directory: directory).directory(for: StoreFixture.key)
            #expect(revisionFiles(in: keyDirectory) == owner.keys.sorted())
            for revision in owner.keys.sorted() {
                let url = keyDirectory.appendingPathComponent(String(format: "%010d.snapshot", revision))
                let envelope = try SnapshotRecord.envelope(of: Array(try Data(contentsOf: url))).get()
                let snapshot = try JSONCoding.decoder().decode(
                    Snapshot<TortureCheck>.self, from: Data(envelope))
                #expect(snapshot.revision == revision)
                #expect(snapshot.payload.belongs(to: revision))
                #expect("\(snapshot.payload.writer):\(snapshot.payload.counter)" == owner[revision])
            }
            let final = FileSnapshotStore.readOnly(directory: directory)
                .read(StoreFixture.key, as: TortureCheck.self, supportedSchema: 1)
            #expect(final.snapshot?.revision == newest)

            reader.closeInput()
            let rest = reader.readAllLines()
            #expect(reader.waitForExit() == .exited(0), "reader: \(rest.suffix(3))")
        }
    }

    @Test(
        "two compare-and-swap writers, one killed with SIGKILL and restarted 20 times: every ACK in the history"
    )
    func twoWritersOneKilled() throws {
        let seed = testSeed(UInt64(UInt32(truncatingIfNeeded: getpid())) &* 0x51_7CC1)
        var generator = SplitMix64(seed: seed)
        let helper = try ChildProcess.tortureHelper()
        try withTemporaryDirectory { directory throws in
            let common = ["--dir", directory.path, "--key", StoreFixture.key.rawValue, "--retain", "100000"]
            let steady = try ChildProcess(helper, ["cas"] + common + ["--writer", "a", "--count", "150"])
            var acknowledged: [Int: String] = [:]
            var nextCounter = 1
            for restart in 0..<20 {
                let victim = try ChildProcess(
                    helper,
                    ["cas"] + common + [
                        "--writer", "b", "--count", "1000", "--first-counter", "\(nextCounter)",
                    ])
                let acksBeforeKill = Int.random(in: 0...6, using: &generator)
                var acks = 0
                if acksBeforeKill == 0 { victim.send(SIGKILL) }
                while let line = victim.readLine() {
                    let fields = line.split(separator: " ")
                    guard fields.first == "ACK", fields.count == 5, let revision = Int(fields[1]) else {
                        continue
                    }
                    acknowledged[revision] = String(fields[2])
                    nextCounter = Int(fields[2].split(separator: ":")[1])! + 1
                    acks += 1
                    if acks == acksBeforeKill { victim.send(SIGKILL) }
                }
                #expect(victim.waitForExit() == .signalled(SIGKILL), "restart \(restart) (seed \(seed))")
            }
            let lines = steady.readAllLines()
            #expect(steady.waitForExit() == .exited(0), "\(lines.suffix(3))")
            for fields in lines.filter({ $0.hasPrefix("ACK ") }).map({ $0.split(separator: " ") }) {
                acknowledged[Int(fields[1])!] = String(fields[2])
            }
            // The history has no gap, and holds every acknowledged revision as acknowledged.
            let keyDirectory = FileSnapshotStore(directory: directory).directory(for: StoreFixture.key)
            let revisions = revisionFiles(in: keyDirectory)
            #expect(revisions == Array(1...(revisions.last ?? 0)), "seed \(seed)")
            #expect(revisions.count >= acknowledged.count)
            for (revision, owner) in acknowledged {
                let url = keyDirectory.appendingPathComponent(String(format: "%010d.snapshot", revision))
                let envelope = try SnapshotRecord.envelope(of: Array(try Data(contentsOf: url))).get()
                let snapshot = try JSONCoding.decoder().decode(
                    Snapshot<TortureCheck>.self, from: Data(envelope))
                #expect(
                    "\(snapshot.payload.writer):\(snapshot.payload.counter)" == owner,
                    "revision \(revision) (seed \(seed))")
            }
            #expect(acknowledged.values.filter { $0.hasPrefix("a:") }.count == 150)
        }
    }

    @Test("two processes on two keys don't disturb each other; corrupting one key leaves the other readable")
    func twoKeys() throws {
        let helper = try ChildProcess.tortureHelper()
        try withTemporaryDirectory { directory throws in
            let keys = [StoreFixture.key, StoreFixture.otherKey]
            let writers = try keys.map { key in
                try ChildProcess(
                    helper,
                    [
                        "write", "--dir", directory.path, "--key", key.rawValue, "--count", "200",
                        "--check-locks",
                    ])
            }
            for (key, writer) in zip(keys, writers) {
                let lines = writer.readAllLines()
                #expect(writer.waitForExit() == .exited(0), "\(key): \(lines.suffix(3))")
                #expect(lines.filter { $0.hasPrefix("ACK ") } == (1...200).map { "ACK \($0)" }, "\(key)")
            }
            let store = FileSnapshotStore.readOnly(directory: directory)
            for key in keys {
                #expect(store.read(key, as: TortureCheck.self, supportedSchema: 1).snapshot?.revision == 200)
            }
            // Damage every record of the first key.
            let damaged = store.directory(for: keys[0])
            for name in names(in: damaged) {
                let url = damaged.appendingPathComponent(name)
                let bytes = Array(try Data(contentsOf: url))
                try Data(bytes.prefix(bytes.count / 2)).write(to: url)
            }
            guard
                case .corrupted(let problems) = store.read(keys[0], as: TortureCheck.self, supportedSchema: 1)
            else {
                Issue.record("expected the damaged key to be corrupted")
                return
            }
            #expect(problems.map(\.revision) == [200, 199, 198])
            let other = store.read(keys[1], as: TortureCheck.self, supportedSchema: 1)
            #expect(other.snapshot?.revision == 200)
            #expect(other.isDegraded == false)
        }
    }
}

/// The torture helper's payload, as the tests decode it.
struct TortureCheck: Codable, Sendable, Equatable {
    var revision: Int
    var writer: String
    var counter: Int
    var digest: String

    func belongs(to revision: Int) -> Bool {
        self.revision == revision
            && digest == ContentFingerprint(bytes: Array("\(revision)/\(writer)/\(counter)".utf8)).rawValue
    }
}
