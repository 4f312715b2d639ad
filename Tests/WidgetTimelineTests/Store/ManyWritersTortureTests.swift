import Foundation
import Testing
import WidgetTimeline

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Six writer processes and two readers on one key, with the writers killed with SIGKILL and
/// stopped with SIGSTOP (then continued) at random moments and at every named point of the commit,
/// while the others commit past them and clean-up frees the names they chose. Every claim of an
/// acknowledgement is checked from the writers' own acknowledgement logs and the readers'
/// observations, on one monotonic clock:
///
/// - no revision is acknowledged twice, and each writer's acknowledgements increase;
/// - each acknowledged revision was the newest when it became visible: no reader saw a newer one,
///   and no newer one was acknowledged, before its publish began;
/// - each acknowledged (revision, content) pair is still stored as acknowledged, or superseded by
///   a newer revision; no reader saw other content under an acknowledged revision;
/// - readers never go backwards, never read a torn or fallen-back record (they check themselves);
/// - temporary files stay bounded, and none is left once the writers are gone.
///
/// `WIDGET_TIMELINE_MANY_WRITERS_COMMITS` raises the acknowledged commits (2,000 by default);
/// `WIDGET_TIMELINE_SEED` replays a run; `WIDGET_TIMELINE_TORTURE_REPORT=<file>` writes its figures there.
@Suite(.serialized)
struct ManyWritersTortureTests {
    static let writerSlots = 6
    static let readerCount = 2
    /// Commits each writer process makes before it exits and a new one takes its slot.
    static let commitsPerProcess = 40

    /// One acknowledgement, as a writer printed it.
    struct Acknowledgement {
        var revision: Int
        var label: String
        var writer: String
        /// Monotonic nanoseconds just before the acknowledged record's publish call.
        var published: UInt64
        /// Monotonic nanoseconds just after the commit returned.
        var acknowledged: UInt64
    }

    /// A reader's first sight of a revision.
    struct Sighting {
        var reader: Int
        var revision: Int
        var label: String
        var time: UInt64
    }

    /// A writer process in its slot.
    final class Writer {
        let process: ChildProcess
        let name: String
        /// The named point it was armed to stop at, or nil.
        let pausePoint: String?
        /// The named point it was armed to kill itself at, or nil.
        let killPoint: String?
        /// Acknowledgements by the others before it is continued, while it is stopped.
        var resumeAfter: Int?
        var lastRevision = 0
        /// Whether this test sent it SIGKILL.
        var killedByTest = false

        init(process: ChildProcess, name: String, pausePoint: String?, killPoint: String?) {
            self.process = process
            self.name = name
            self.pausePoint = pausePoint
            self.killPoint = killPoint
        }
    }

    /// What happened in a run, for the figures and the failure messages.
    struct Figures: CustomStringConvertible {
        var acknowledged = 0
        var processes = 0
        var randomKills = 0
        var pointKills: [String: Int] = [:]
        var randomStops = 0
        var pointStops: [String: Int] = [:]
        var sightings = 0
        var readerStops = 0
        var reads = 0
        var largestTemporaryCount = 0
        var seconds = 0.0

        var description: String {
            "\(acknowledged) acknowledged commits by \(processes) writer processes in \(String(format: "%.1f", seconds)) s; "
                + "SIGKILL \(randomKills) at random, \(pointKills.values.reduce(0, +)) at named points \(pointKills.sorted { $0.key < $1.key }); "
                + "SIGSTOP \(randomStops) at random, \(pointStops.values.reduce(0, +)) at named points \(pointStops.sorted { $0.key < $1.key }); "
                + "\(reads) reads, \(sightings) new revisions seen, \(readerStops) reader stops; at most \(largestTemporaryCount) temporary files"
        }
    }

    /// What a run varies: the writers' store settings, how long a stopped writer stays stopped, and
    /// processes sweeping abandoned files meanwhile.
    struct Configuration {
        /// Each writer process takes one of these `retainedRevisions`, at random.
        var retainedRevisions: [Int] = [3]
        /// Each writer process takes one of these `orphanAge`s (seconds), at random.
        var orphanAges: [Double] = [600]
        /// Acknowledgements by the others before a writer stopped at random is continued.
        var randomStopLength: ClosedRange<Int> = 1...10
        /// Acknowledgements by the others before a writer stopped at a named point is continued.
        var pointStopLength: ClosedRange<Int> = 3...12
        /// Processes calling `removeAbandonedFiles()` in a loop throughout.
        var sweepers = 0
        /// Whether readers are stopped too (at random, for as long as stopped writers).
        var stopsReaders = false
        /// Acknowledged commits by default (`WIDGET_TIMELINE_MANY_WRITERS_COMMITS` overrides it).
        var commits = 2_000
        /// When above 0, the key has a legacy key with this many revisions before the writers
        /// start, and every writer and reader maps the key to it: the writers race to migrate it.
        var legacyRevisions = 0
    }

    /// The legacy key of runs with `legacyRevisions`.
    static let legacyKey = try! SnapshotKey(validating: "torture.legacy")

    @Test("6 writers and 2 readers on one key, SIGKILL and SIGSTOP anywhere: every acknowledgement is a fact")
    func manyWriters() throws {
        try run(Configuration())
    }

    @Test(
        "mixed retention (1 or 2), short orphan ages, writers stopped for hundreds of commits, sweepers: every acknowledgement is a fact"
    )
    func hostileSettings() throws {
        try run(
            Configuration(
                retainedRevisions: [1, 1, 2], orphanAges: [600, 0.05, 0.5], randomStopLength: 1...300,
                pointStopLength: 20...300, sweepers: 2, stopsReaders: true, commits: 1_500))
    }

    @Test(
        "legacy key migrated by racing writers, stopped and killed at every point: readers never go backwards, acknowledgements are facts"
    )
    func legacyMigration() throws {
        for _ in 0..<30 {
            try run(
                Configuration(
                    retainedRevisions: [1, 2, 3], randomStopLength: 1...30, pointStopLength: 1...30,
                    commits: 60, legacyRevisions: 5))
        }
    }

    func run(_ configuration: Configuration) throws {
        let target = SnapshotStoreProcessTests.environmentNumber(
            "WIDGET_TIMELINE_MANY_WRITERS_COMMITS", default: configuration.commits)
        let seed = testSeed(UInt64(UInt32(truncatingIfNeeded: getpid())) &* 0x2545_F491)
        var generator = SplitMix64(seed: seed)
        let helper = try ChildProcess.tortureHelper()
        let started = Date()
        var figures = Figures()
        try withTemporaryDirectory { directory throws in
            let keyDirectory = FileSnapshotStore(directory: directory).directory(for: StoreFixture.key)
            var common = ["--dir", directory.path, "--key", StoreFixture.key.rawValue]
            if configuration.legacyRevisions > 0 {
                let legacyCommon = ["--dir", directory.path, "--key", Self.legacyKey.rawValue]
                let legacy = try ChildProcess(
                    helper, ["write"] + legacyCommon + ["--count", String(configuration.legacyRevisions)])
                legacy.closeInput()
                _ = legacy.readAllLines()
                #expect(legacy.waitForExit() == .exited(0))
                common += ["--legacy", Self.legacyKey.rawValue]
            }
            let readers = try (0..<Self.readerCount).map { _ in
                try ChildProcess(helper, ["read"] + common + ["--report-seen", "--progress", "5000"])
            }
            let sweepers = try (0..<configuration.sweepers).map { _ in
                try ChildProcess(helper, ["sweep"] + common + ["--orphan-age", "0.05"])
            }
            var acknowledgements: [Acknowledgement] = []
            var sightings: [Sighting] = []
            var violations: [String] = []
            var readerLines: [[String]] = Array(repeating: [], count: Self.readerCount)
            var generations = 0
            var pointCycle = 0
            let points = SnapshotStoreProcessTests.killPoints

            func spawn() throws -> Writer {
                generations += 1
                figures.processes += 1
                let name = "w\(generations)"
                var environment: [String: String] = [:]
                var pausePoint: String?
                var killPoint: String?
                let roll = Double.random(in: 0..<1, using: &generator)
                if roll < 0.2 {
                    killPoint = points[pointCycle % points.count]
                    environment["WIDGET_TIMELINE_KILL_POINT"] = killPoint
                    environment["WIDGET_TIMELINE_KILL_AT"] = String(Int.random(in: 1...3, using: &generator))
                    pointCycle += 1
                } else if roll < 0.45 {
                    pausePoint = points[pointCycle % points.count]
                    environment["WIDGET_TIMELINE_PAUSE_POINT"] = pausePoint
                    environment["WIDGET_TIMELINE_PAUSE_AT"] = String(Int.random(in: 1...3, using: &generator))
                    pointCycle += 1
                }
                let expectation = Bool.random(using: &generator) ? "any" : "read"
                let retained = configuration.retainedRevisions.randomElement(using: &generator) ?? 3
                let orphanAge = configuration.orphanAges.randomElement(using: &generator) ?? 600
                let process = try ChildProcess(
                    helper,
                    ["race"] + common + [
                        "--writer", name, "--count", String(Self.commitsPerProcess), "--expect", expectation,
                        "--retain", String(retained), "--orphan-age", String(orphanAge),
                    ], environment: environment)
                return Writer(process: process, name: name, pausePoint: pausePoint, killPoint: killPoint)
            }

            var writers = try (0..<Self.writerSlots).map { _ in try spawn() }
            /// Acknowledgements before each stopped reader is continued.
            var readerResumeAfter: [Int?] = Array(repeating: nil, count: Self.readerCount)
            var draining = false

            func resumeReaders() {
                for index in readers.indices where readerResumeAfter[index] != nil {
                    readerResumeAfter[index] = nil
                    readers[index].send(SIGCONT)
                }
            }
            var stopped: Set<ObjectIdentifier> = []

            func resume(_ writer: Writer) {
                writer.resumeAfter = nil
                stopped.remove(ObjectIdentifier(writer))
                writer.process.send(SIGCONT)
            }

            /// Counts an acknowledgement by `writer` against every stopped writer's wait, and maybe
            /// kills or stops a running one.
            func onAcknowledgement(by writer: Writer) {
                for other in writers where other !== writer {
                    guard let remaining = other.resumeAfter else { continue }
                    if remaining <= 1 { resume(other) } else { other.resumeAfter = remaining - 1 }
                }
                for index in readers.indices {
                    guard let remaining = readerResumeAfter[index] else { continue }
                    if remaining <= 1 {
                        readerResumeAfter[index] = nil
                        readers[index].send(SIGCONT)
                    } else {
                        readerResumeAfter[index] = remaining - 1
                    }
                }
                if configuration.stopsReaders, !draining, Double.random(in: 0..<1, using: &generator) < 0.03,
                    let index = readers.indices.filter({ readerResumeAfter[$0] == nil }).randomElement(
                        using: &generator)
                {
                    readers[index].send(SIGSTOP)
                    readerResumeAfter[index] = Int.random(
                        in: configuration.randomStopLength, using: &generator)
                    figures.readerStops += 1
                }
                let running = writers.filter {
                    !stopped.contains(ObjectIdentifier($0)) && $0.process.termination == nil
                }
                let roll = Double.random(in: 0..<1, using: &generator)
                if roll < 0.025, let victim = running.randomElement(using: &generator) {
                    victim.process.send(SIGKILL)
                    victim.killedByTest = true
                    figures.randomKills += 1
                } else if roll < 0.065, running.count > 3,
                    let victim = running.filter({ $0.pausePoint == nil }).randomElement(using: &generator)
                {
                    victim.process.send(SIGSTOP)
                    stopped.insert(ObjectIdentifier(victim))
                    victim.resumeAfter = Int.random(in: configuration.randomStopLength, using: &generator)
                    figures.randomStops += 1
                }
            }

            func handle(_ line: String, from writer: Writer) {
                let fields = line.split(separator: " ")
                switch fields.first {
                case "ACK":
                    guard fields.count == 5, let revision = Int(fields[1]), let published = UInt64(fields[3]),
                        let acknowledged = UInt64(fields[4])
                    else {
                        violations.append("\(writer.name): malformed \(line)")
                        return
                    }
                    if revision <= writer.lastRevision {
                        violations.append(
                            "\(writer.name) acknowledged \(revision) after \(writer.lastRevision)")
                    }
                    writer.lastRevision = revision
                    acknowledgements.append(
                        Acknowledgement(
                            revision: revision, label: String(fields[2]), writer: writer.name,
                            published: published,
                            acknowledged: acknowledged))
                    figures.acknowledged += 1
                    onAcknowledgement(by: writer)
                case "PAUSE":
                    let point = fields.count > 1 ? String(fields[1]) : "?"
                    // It stops itself right after saying so; continue it only once it has.
                    guard writer.process.waitForStop() else { return }
                    figures.pointStops[point, default: 0] += 1
                    stopped.insert(ObjectIdentifier(writer))
                    writer.resumeAfter = Int.random(in: configuration.pointStopLength, using: &generator)
                default:
                    violations.append("\(writer.name): \(line)")
                }
            }

            func handleReader(_ index: Int, _ line: String) {
                let fields = line.split(separator: " ")
                switch fields.first {
                case "SEEN":
                    guard fields.count == 4, let revision = Int(fields[1]), let time = UInt64(fields[3])
                    else {
                        violations.append("reader \(index): malformed \(line)")
                        return
                    }
                    sightings.append(
                        Sighting(reader: index, revision: revision, label: String(fields[2]), time: time))
                case "READS":
                    break
                default:
                    readerLines[index].append(line)
                    if line.hasPrefix("VIOLATION") { violations.append("reader \(index): \(line)") }
                }
            }

            // Drive everything from the processes' own output: no timer decides anything.
            while !writers.isEmpty {
                var descriptors = writers.map {
                    pollfd(fd: $0.process.outputDescriptor, events: Int16(POLLIN), revents: 0)
                }
                descriptors += readers.map {
                    pollfd(fd: $0.outputDescriptor, events: Int16(POLLIN), revents: 0)
                }
                // A hang guard, never a synchronisation: two minutes without any output is a failure.
                let ready = poll(&descriptors, nfds_t(descriptors.count), 120_000)
                if ready < 0 && errno == EINTR { continue }
                guard ready > 0 else {
                    violations.append("no process wrote anything for two minutes (seed \(seed))")
                    for writer in writers { writer.process.send(SIGKILL) }
                    break
                }
                for (index, reader) in readers.enumerated()
                where descriptors[writers.count + index].revents != 0 {
                    for line in reader.readAvailableLines() ?? [] { handleReader(index, line) }
                }
                var ended: [Writer] = []
                for (index, writer) in writers.enumerated() where descriptors[index].revents != 0 {
                    guard let lines = writer.process.readAvailableLines() else {
                        ended.append(writer)
                        continue
                    }
                    for line in lines { handle(line, from: writer) }
                }
                for writer in ended {
                    stopped.remove(ObjectIdentifier(writer))
                    let termination = writer.process.waitForExit()
                    switch termination {
                    case .exited(0):
                        break
                    case .signalled(SIGKILL):
                        // Killed at random by this test, or by itself at its named point.
                        if !writer.killedByTest, let point = writer.killPoint {
                            figures.pointKills[point, default: 0] += 1
                        }
                    default:
                        violations.append("\(writer.name) \(termination)")
                    }
                    writers.removeAll { $0 === writer }
                    if !draining { writers.append(try spawn()) }
                }
                if figures.acknowledged >= target, !draining {
                    // Enough: no new writers; let the running ones finish.
                    draining = true
                }
                if draining {
                    for writer in writers where writer.resumeAfter != nil { resume(writer) }
                    resumeReaders()
                }
                // Never all stopped: continue the one that has waited longest.
                let running = writers.filter { !stopped.contains(ObjectIdentifier($0)) }
                if running.isEmpty, let first = writers.first(where: { $0.resumeAfter != nil }) {
                    resume(first)
                }
                let temporary = temporaryFiles(in: keyDirectory).count
                figures.largestTemporaryCount = max(figures.largestTemporaryCount, temporary)
                // Each live writer has at most one; each killed one leaves at most one, which the
                // next commit's clean-up removes.
                if temporary > 2 * Self.writerSlots {
                    violations.append("\(temporary) temporary files: \(temporaryFiles(in: keyDirectory))")
                }
            }

            resumeReaders()
            for reader in readers { reader.closeInput() }
            for sweeper in sweepers {
                sweeper.closeInput()
                let lines = sweeper.readAllLines()
                let termination = sweeper.waitForExit()
                if termination != .exited(0) || !(lines.last ?? "").hasPrefix("SWEPT") {
                    violations.append("sweeper \(termination): \(lines.suffix(3))")
                }
            }
            for (index, reader) in readers.enumerated() {
                for line in reader.readAllLines() { handleReader(index, line) }
                let termination = reader.waitForExit()
                if termination != .exited(0) {
                    violations.append("reader \(index) \(termination): \(readerLines[index].suffix(3))")
                }
                if let done = readerLines[index].last(where: { $0.hasPrefix("DONE ") }),
                    let reads = Int(done.split(separator: " ")[1])
                {
                    figures.reads += reads
                }
            }
            figures.sightings = sightings.count
            figures.seconds = Date().timeIntervalSince(started)

            violations += Self.accountingViolations(
                acknowledgements, sightings: sightings, keyDirectory: keyDirectory)
            _ = try FileSnapshotStore(directory: directory).removeAbandonedFiles()
            if !temporaryFiles(in: keyDirectory).isEmpty {
                violations.append("temporary files left: \(temporaryFiles(in: keyDirectory))")
            }
            if configuration.legacyRevisions > 0,
                FileManager.default.fileExists(
                    atPath: FileSnapshotStore(directory: directory).directory(for: Self.legacyKey).path)
            {
                violations.append("the legacy key's directory is left after the migration")
            }
            #expect(
                violations.isEmpty,
                "seed \(seed), \(figures): \(violations.prefix(8))")
            #expect(figures.acknowledged >= target, "seed \(seed): \(figures)")
            guard target >= 1_000 else { return }
            #expect(
                figures.randomKills > 0 && figures.randomStops > 0 && !figures.pointKills.isEmpty,
                "\(figures)")
            #expect(Set(figures.pointStops.keys).count >= 6, "named pauses reached: \(figures.pointStops)")
            #expect(figures.reads > 0 && figures.sightings > 0, "\(figures)")
        }
        if let reportPath = ProcessInfo.processInfo.environment["WIDGET_TIMELINE_TORTURE_REPORT"] {
            try? Data("many writers (seed \(seed)): \(figures)\n".utf8)
                .write(to: URL(fileURLWithPath: reportPath))
        }
    }

    /// The checks on the acknowledgement logs and the sightings; empty when every acknowledgement
    /// is a fact.
    static func accountingViolations(
        _ acknowledgements: [Acknowledgement], sightings: [Sighting], keyDirectory: URL
    ) -> [String] {
        var violations: [String] = []
        var byRevision: [Int: Acknowledgement] = [:]
        for acknowledgement in acknowledgements {
            if let earlier = byRevision[acknowledgement.revision] {
                violations.append(
                    "revision \(acknowledgement.revision) acknowledged twice: \(earlier.label) and \(acknowledgement.label)"
                )
            }
            byRevision[acknowledgement.revision] = acknowledgement
        }
        // Newest when it became visible: nothing newer was seen, or acknowledged, before its
        // publish began (both are after the fact on the same clock).
        let byTime = acknowledgements.sorted { $0.acknowledged < $1.acknowledged }
        var newestAcknowledged: [(time: UInt64, revision: Int)] = []
        var highest = 0
        for acknowledgement in byTime {
            highest = max(highest, acknowledgement.revision)
            newestAcknowledged.append((acknowledgement.acknowledged, highest))
        }
        let seenByTime = sightings.sorted { $0.time < $1.time }
        var newestSeen: [(time: UInt64, revision: Int)] = []
        highest = 0
        for sighting in seenByTime {
            highest = max(highest, sighting.revision)
            newestSeen.append((sighting.time, highest))
        }
        func newest(before time: UInt64, in history: [(time: UInt64, revision: Int)]) -> Int {
            // The last entry strictly before `time` (a binary search over increasing times).
            var low = 0
            var high = history.count
            while low < high {
                let middle = (low + high) / 2
                if history[middle].time < time { low = middle + 1 } else { high = middle }
            }
            return low == 0 ? 0 : history[low - 1].revision
        }
        for acknowledgement in acknowledgements {
            let seen = newest(before: acknowledgement.published, in: newestSeen)
            if seen > acknowledgement.revision {
                violations.append(
                    "revision \(acknowledgement.revision) (\(acknowledgement.label)) acknowledged, but a reader saw \(seen) before it was published"
                )
            }
            let acknowledgedBefore = newest(before: acknowledgement.published, in: newestAcknowledged)
            if acknowledgedBefore > acknowledgement.revision {
                violations.append(
                    "revision \(acknowledgement.revision) (\(acknowledgement.label)) acknowledged, but \(acknowledgedBefore) was acknowledged before it was published"
                )
            }
        }
        // What readers saw under an acknowledged revision is what was acknowledged.
        for sighting in sightings {
            if let acknowledgement = byRevision[sighting.revision], acknowledgement.label != sighting.label {
                violations.append(
                    "reader \(sighting.reader) saw \(sighting.label) as revision \(sighting.revision), acknowledged to \(acknowledgement.label)"
                )
            }
        }
        for reader in Set(sightings.map(\.reader)) {
            let revisions = sightings.filter { $0.reader == reader }.map(\.revision)
            if zip(revisions, revisions.dropFirst()).contains(where: { $0 >= $1 }) {
                violations.append("reader \(reader)'s revisions do not increase")
            }
        }
        // Still stored as acknowledged, or superseded by a newer revision.
        let stored = revisionFiles(in: keyDirectory)
        let newestStored = stored.last ?? 0
        for (revision, acknowledgement) in byRevision {
            if revision > newestStored {
                violations.append(
                    "acknowledged revision \(revision) lost: the newest stored is \(newestStored)")
                continue
            }
            guard stored.contains(revision) else { continue }
            let url = keyDirectory.appendingPathComponent(String(format: "%010d.snapshot", revision))
            guard let data = try? Data(contentsOf: url),
                let envelope = try? SnapshotRecord.envelope(of: Array(data)).get(),
                let snapshot = try? JSONCoding.decoder().decode(
                    Snapshot<TortureCheck>.self, from: Data(envelope))
            else {
                violations.append("acknowledged revision \(revision) is stored but unreadable")
                continue
            }
            let label = "\(snapshot.payload.writer):\(snapshot.payload.counter)"
            if label != acknowledgement.label {
                violations.append(
                    "revision \(revision) holds \(label), acknowledged to \(acknowledgement.label)")
            }
        }
        return violations
    }
}
