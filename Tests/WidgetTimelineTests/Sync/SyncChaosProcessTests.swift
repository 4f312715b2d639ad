import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Every writer of the pipeline at once, as real processes on one key of one shared directory
/// (`WidgetPipelineProbe chaos`): three hosts through `WidgetSync.commit` — with no observation,
/// one of now, one a moment ago, or a lagging server's a second ago; shared values and their own —,
/// an extension's intent through `commitFromIntent` followed by the provider run, an extension's
/// `EntryLoader` saving fetched answers (forced or not), and a reader. One host is stopped with
/// SIGSTOP and continued again and again, another is killed with SIGKILL part way. The store keeps
/// every revision, so each one is read back after the run; the oracle rests on the processes'
/// own lines and those records alone, the calls timed on the monotonic clock all processes share:
///
/// - a `.saved(revision: r)` is r's alone and r holds exactly that content and observation;
/// - a `.unchanged(revision: r)` is justified: r holds equal content, or — only for a commit that
///   names its observation — data observed strictly later;
/// - a revision a call names was the newest at some moment of the call: nothing newer was named to
///   any process before it began;
/// - a save that names its observation never lands over data observed later;
/// - what a load or a read shows under revision r is what r holds (an answer not saved is
///   revision 0); each process's revisions rise; the provider run after a tap reads its revision
///   or a newer one.
///
/// A revision named by a read and then absent is a record its writer published, saw superseded
/// before confirming it and withdrew (store-format.md: "visible for that moment, never
/// acknowledged"): accepted only if no one was told it was saved and a newer revision exists.
///
/// Before `WidgetSync` saved only after the revision it compared with, 5 of 40 runs of this hunt
/// saved a server value over data observed later; before the loader showed an unsaved answer as
/// revision 0, one load named a revision holding other content. `WIDGET_TIMELINE_SEED` replays a
/// run's choices (the interleaving is the machine's).
@Suite(.serialized)
struct SyncChaosProcessTests {
    static let roles = ["host", "host", "host", "intent", "loader", "reader"]
    static let stoppedSlot = 1
    static let killedSlot = 2
    static let operations = 30
    static let runs = 3

    /// One call, as a process printed it.
    struct Operation: CustomStringConvertible {
        var role: String
        var process: Int
        var sequence: Int
        var value: Int
        var observed: Int64?
        var start: UInt64
        var end: UInt64
        var outcome: String
        var revision: Int
        var shown: Int
        var provider: (revision: Int, value: Int)?

        init?(_ line: Substring) {
            let fields = line.split(separator: " ")
            guard fields.count == 12, fields[0] == "OP", let process = Int(fields[2]),
                let sequence = Int(fields[3]), let value = Int(fields[4]), let start = UInt64(fields[7]),
                let end = UInt64(fields[8]), let revision = Int(fields[10]), let shown = Int(fields[11])
            else { return nil }
            (role, self.process, self.sequence, self.value) = (String(fields[1]), process, sequence, value)
            observed = Int64(fields[5])
            (self.start, self.end, outcome, self.revision, self.shown) = (
                start, end, String(fields[9]), revision, shown
            )
        }

        var description: String {
            "\(role) \(process) #\(sequence): \(value) observed \(observed.map(String.init) ?? "-") → \(outcome) \(revision) (\(shown))"
        }
    }

    /// A stored record: its payload's count and when its data was observed, in milliseconds.
    struct Record {
        var value: Int
        var observed: Int64
    }

    @Test(
        "3 hosts, an intent, a loader and a reader at once, one stopped and one killed: every outcome a fact")
    func chaos() throws {
        let probe = try #require(
            BuiltProducts.executable("WidgetPipelineProbe"), "WidgetPipelineProbe is not built")
        let first = testSeed(UInt64(UInt32(truncatingIfNeeded: getpid())) &* 0x2545_F491)
        for run in 0..<Self.runs {
            try withTemporaryDirectory { directory in
                try hunt(probe: probe.path, seed: first &+ UInt64(run), in: directory)
            }
        }
    }

    func hunt(probe: String, seed: UInt64, in directory: URL) throws {
        var generator = SplitMix64(seed: seed)
        let processes = try Self.roles.enumerated().map { slot, role in
            let count = role == "reader" ? Self.operations * 3 : Self.operations
            return try ChildProcess(
                probe, ["chaos", directory.path, role, "\(slot)", "\(count)", "\(seed)"])
        }
        for process in processes { process.closeInput() }
        var lines: [[String]] = Array(repeating: [], count: processes.count)
        var open = Set(processes.indices)
        // Signals are sent on the processes' own output: after so many lines, never after a time.
        var stopAfter = Int.random(in: 2...8, using: &generator)
        var continueAfter: Int?
        var othersLines = 0
        var killAfter: Int? = Int.random(in: 3...(Self.operations - 2), using: &generator)
        var stops = 0
        while !open.isEmpty {
            let slots = open.sorted()
            var descriptors = slots.map {
                pollfd(fd: processes[$0].outputDescriptor, events: Int16(POLLIN), revents: 0)
            }
            // A hang guard, never a synchronisation.
            let ready = poll(&descriptors, nfds_t(descriptors.count), 120_000)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else {
                Issue.record("no process wrote anything for two minutes (seed \(seed))")
                for process in processes { process.send(SIGKILL) }
                return
            }
            for (position, slot) in slots.enumerated() where descriptors[position].revents != 0 {
                guard let new = processes[slot].readAvailableLines() else {
                    open.remove(slot)
                    continue
                }
                for line in new {
                    lines[slot].append(line)
                    if slot == Self.stoppedSlot {
                        if continueAfter == nil, lines[slot].count == stopAfter {
                            processes[slot].send(SIGSTOP)
                            stops += 1
                            continueAfter = othersLines + Int.random(in: 1...8, using: &generator)
                        }
                    } else {
                        othersLines += 1
                        if let after = continueAfter, othersLines >= after {
                            processes[Self.stoppedSlot].send(SIGCONT)
                            continueAfter = nil
                            stopAfter =
                                lines[Self.stoppedSlot].count + Int.random(in: 1...5, using: &generator)
                        }
                    }
                    if slot == Self.killedSlot, let after = killAfter, lines[slot].count == after {
                        processes[slot].send(SIGKILL)
                        killAfter = nil
                    }
                }
            }
            // Never leave the stopped process stopped once everyone else is done.
            if continueAfter != nil, open.isSubset(of: [Self.stoppedSlot]) {
                processes[Self.stoppedSlot].send(SIGCONT)
                continueAfter = nil
                stopAfter = .max
            }
        }
        for (slot, process) in processes.enumerated() {
            let end = process.waitForExit()
            if slot == Self.killedSlot, end == .signalled(SIGKILL) { continue }
            #expect(end == .exited(0), "process \(slot) (\(Self.roles[slot])) \(end), seed \(seed)")
        }
        var violations = check(lines: lines, records: try records(in: directory))
        if stops == 0 { violations.append("the stopped host was never stopped") }
        #expect(violations.isEmpty, "seed \(seed):\n\(violations.prefix(20).joined(separator: "\n"))")
    }

    /// Every record of the key, read back.
    func records(in directory: URL) throws -> [Int: Record] {
        let keyDirectory = FileSnapshotStore(directory: directory).directory(
            for: SnapshotKey(purpose: "task-count"))
        var records: [Int: Record] = [:]
        for revision in revisionFiles(in: keyDirectory) {
            let bytes = try [UInt8](
                Data(
                    contentsOf: keyDirectory.appendingPathComponent(
                        String(format: "%010d.snapshot", revision))))
            let envelope = try SnapshotRecord.envelope(of: bytes).get()
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(envelope)) as? [String: Any])
            let payload = try #require(object["payload"] as? [String: Any])
            let instant = try #require((object["observedAt"] ?? object["generatedAt"]) as? String)
            let observed = try #require(Instant.parse(instant))
            try #require(object["revision"] as? Int == revision)
            records[revision] = Record(
                value: try #require(payload["count"] as? Int),
                observed: Int64((observed.timeIntervalSince1970 * 1000).rounded()))
        }
        return records
    }

    /// The oracle (see the suite's comment): every line that breaks it, described.
    func check(lines: [[String]], records: [Int: Record]) -> [String] {
        var operations: [Operation] = []
        for processLines in lines {
            for line in processLines {
                if let operation = Operation(line[...]) {
                    operations.append(operation)
                } else if line.hasPrefix("PROVIDER "), !operations.isEmpty {
                    let fields = line.split(separator: " ").compactMap { Int($0) }
                    if fields.count == 4 {
                        operations[operations.count - 1].provider = (fields[2], fields[3])
                    }
                }
            }
        }
        var violations: [String] = []
        let newest = records.keys.max() ?? 0
        let saved = operations.filter { $0.outcome == "SAVED" }.map(\.revision)
        if Set(saved).count != saved.count { violations.append("a revision saved twice: \(saved.sorted())") }
        // When each revision was first named to any process, on the shared monotonic clock.
        var named: [(revision: Int, at: UInt64)] = operations.filter { $0.revision > 0 }.map {
            ($0.revision, $0.end)
        }
        named.sort { $0.at < $1.at }
        // A read that gave up after 16 restarts is a known limit, not an answer.
        for operation in operations where operation.outcome != "UNREADABLE" {
            let revision = operation.revision
            if revision == 0 {
                // An answer shown but not saved, or a read before the first commit.
                let isUnsavedAnswer = operation.role == "loader" && operation.shown == operation.value
                if !isUnsavedAnswer, named.contains(where: { $0.at < operation.start }) {
                    violations.append("no revision after one was named: \(operation)")
                }
                continue
            }
            // Nothing newer was named before the call began.
            if let newer = named.first(where: { $0.revision > revision && $0.at < operation.start }) {
                violations.append("named \(revision) after \(newer.revision) was named: \(operation)")
            }
            guard let record = records[revision] else {
                if operation.outcome == "SAVED" || revision >= newest {
                    violations.append("no record \(revision): \(operation)")
                }
                continue
            }
            switch operation.outcome {
            case "SAVED":
                if record.value != operation.value
                    || operation.observed.map({ $0 != record.observed }) == true
                {
                    violations.append("record \(revision) holds \(record): \(operation)")
                }
                if let observed = operation.observed, let previous = records[revision - 1],
                    previous.observed > observed
                {
                    violations.append("saved over data observed later (\(previous)): \(operation)")
                }
            case "UNCHANGED":
                let isNewer = operation.observed.map { record.observed > $0 } ?? false
                if record.value != operation.value && !isNewer {
                    violations.append("unchanged, but record \(revision) holds \(record): \(operation)")
                }
            default:
                if record.value != operation.shown {
                    violations.append("record \(revision) holds \(record): \(operation)")
                }
            }
            if let provider = operation.provider {
                if provider.revision < revision {
                    violations.append("provider read \(provider) after \(operation)")
                }
                if let read = records[provider.revision], read.value != provider.value {
                    violations.append("provider showed \(provider), record holds \(read)")
                }
            }
        }
        for slot in lines.indices {
            let revisions = operations.filter { $0.process == slot && $0.revision > 0 }.map(\.revision)
            if revisions != revisions.sorted() {
                violations.append("process \(slot)'s revisions fall: \(revisions)")
            }
        }
        return violations
    }
}
