import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// Three syncs on one store — two hosts, one the extension's intent path, each with its own clock
/// and reconfirmation share — commit random counts, with no observation, a past one, a moment
/// ago or up to a minute ahead, while their clocks are moved forward, set back, or set to another's
/// instant give or take a few milliseconds. One process, one step at a time, so the oracle is
/// exact: a `.saved(revision: r)` makes r the newest, right after the one before, holding the
/// count; a `.unchanged(revision: r)` names the newest revision, which holds data observed later
/// than the commit names, or the same content and neither it nor its data is from the clock's
/// future nor old enough to re-confirm; nothing is saved over data observed later unless the
/// record is from the future. It found the sync that made a record in its clock's future keeping
/// it, where another launch did not (7 of 300 sequences; sequences 22 and 31 of these 40).
@Suite("Syncs with clocks moved back and forth: every outcome as the rules say")
struct SyncClockExplorationTests {
    static let base = Date(timeIntervalSince1970: 1_796_000_000)
    static let shares: [Double?] = [0.5, nil, 0.25]
    static let staleAfter: TimeInterval = 3600

    @Test("40 random sequences of 40 commits", arguments: ["content", "content and observation"])
    func explore(fingerprint: String) throws {
        var violations: [String] = []
        let seed = testSeed(0x5EED_C10C)
        for sequence in 0..<UInt64(40) {
            var generator = SplitMix64(seed: seed &+ sequence)
            violations += try run(observationFingerprinted: fingerprint != "content", generator: &generator)
                .map { "seed \(seed &+ sequence): \($0)" }
        }
        #expect(violations.isEmpty, "\(violations.count): \(violations.prefix(8).joined(separator: "\n"))")
    }

    func run(observationFingerprinted: Bool, generator: inout SplitMix64) throws -> [String] {
        let store = InMemorySnapshotStore()
        let clocks = (0..<3).map { _ in ManualClock(now: Self.base) }
        let syncs = (0..<3).map { index in
            WidgetSync(
                store: store, reloader: RecordingReloader(), clock: clocks[index],
                reconfirmationShare: Self.shares[index], side: index == 2 ? .widgetExtension : .host)
        }
        let key = SnapshotKey(purpose: observationFingerprinted ? "stamped-count" : "noted-count")
        var violations: [String] = []
        for step in 0..<40 {
            let index = Int.random(in: 0..<3, using: &generator)
            let clock = clocks[index]
            switch Int.random(in: 0..<6, using: &generator) {
            case 0:
                clock.set(
                    to: clock.now.addingTimeInterval(Double(Int.random(in: 0...2500, using: &generator))))
            case 1:
                clock.set(
                    to: clock.now.addingTimeInterval(-Double(Int.random(in: 0...2500, using: &generator))))
            case 2:
                let other = clocks[Int.random(in: 0..<3, using: &generator)].now
                clock.set(
                    to: other.addingTimeInterval(Double(Int.random(in: -3...3, using: &generator)) / 1000))
            default: break
            }
            let now = clock.now
            let count = Int.random(in: 0...2, using: &generator)
            var observedAt: Date?
            switch Int.random(in: 0..<5, using: &generator) {
            case 0, 1: observedAt = nil
            case 2: observedAt = now.addingTimeInterval(-Double(Int.random(in: 0...3000, using: &generator)))
            case 3: observedAt = now.addingTimeInterval(Double(Int.random(in: 0...59, using: &generator)))
            default:
                observedAt = now.addingTimeInterval(-Double(Int.random(in: 0...5, using: &generator)) / 1000)
            }
            let before = store.readStored(key).snapshot
            let outcome: SyncOutcome
            if observationFingerprinted {
                outcome = try syncs[index].commit(count, for: StampedCount(), observedAt: observedAt)
            } else if index == 2 {
                outcome = try syncs[index].commitFromIntent(
                    .init(count: count, debugNote: "\(step)"), for: NotedCount(), observedAt: observedAt)
            } else {
                outcome = try syncs[index].commit(
                    .init(count: count, debugNote: "\(step)"), for: NotedCount(), observedAt: observedAt)
            }
            guard let after = store.readStored(key).snapshot else {
                violations.append("step \(step): nothing stored after \(outcome)")
                continue
            }
            let observed = Instant.rounded(observedAt ?? now)
            let known = now.addingTimeInterval(SnapshotLimits.futureInstantTolerance)
            func isSameContent(_ snapshot: Snapshot<JSONValue>) -> Bool {
                let stored: JSONValue? =
                    if case .object(let members) = snapshot.payload { members["count"] } else {
                        snapshot.payload
                    }
                return stored == .number(JSONNumber(Int64(count)))
                    && (!observationFingerprinted || snapshot.dataObservedAt == observed)
            }
            let context =
                "step \(step), sync \(index) at \(now.timeIntervalSince(Self.base)) commits \(count) observed "
                + "\(observedAt.map { "\($0.timeIntervalSince(Self.base))" } ?? "-"): \(outcome); stored before "
                + (before.map {
                    "\($0.revision) \($0.payload) observed \($0.dataObservedAt.timeIntervalSince(Self.base)) made \($0.generatedAt.timeIntervalSince(Self.base))"
                } ?? "nothing")
            let fromFuture = before.map { $0.generatedAt > known || $0.dataObservedAt > known } ?? false
            let isNewer =
                before.map { observedAt != nil && !fromFuture && $0.dataObservedAt > observed } ?? false
            let isKept =
                !fromFuture
                && (before.map { snapshot in
                    Self.shares[index].map {
                        now.timeIntervalSince(snapshot.dataObservedAt) < Self.staleAfter * $0
                    }
                        ?? true
                } ?? false)
            switch outcome {
            case .saved(let revision, _, _):
                if after.revision != revision || !isSameContent(after)
                    || revision != (before?.revision ?? 0) + 1
                {
                    violations.append(
                        "saved, but the newest is \(after.revision) \(after.payload): \(context)")
                }
                if isNewer { violations.append("saved over data observed later: \(context)") }
            case .unchanged(let revision):
                guard let before, before.revision == revision, after.revision == revision else {
                    violations.append("unchanged, but the newest is \(after.revision): \(context)")
                    continue
                }
                if !isNewer && !(isSameContent(before) && isKept) {
                    violations.append("unchanged without a reason: \(context)")
                }
            }
        }
        return violations
    }
}
