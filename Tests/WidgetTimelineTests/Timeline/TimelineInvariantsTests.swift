import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

@Suite("Invariants: repair and check")
struct TimelineInvariantsTests {
    let now = Date.at("2026-11-29T09:00:00Z")
    let invariants = TimelineInvariants(minimumSpacing: 300, maximumEntries: 4, horizon: 86_400)

    private func entry(_ minutes: Double, _ state: String) -> PlannedEntry<String> {
        PlannedEntry(date: now.addingTimeInterval(minutes * 60), state: state)
    }

    @Test("drops the past, removes duplicates, merges equal neighbours, folds close entries")
    func repairs() {
        let input = [
            entry(-10, "old"), entry(0, "A"), entry(0, "A2"), entry(10, "A2"), entry(20, "B"), entry(22, "C"),
        ]
        let (entries, corrections) = invariants.enforce(input, now: now)
        #expect(entries == [entry(0, "A2"), entry(20, "C")])
        #expect(
            corrections == [
                .droppedPast(now.addingTimeInterval(-600)), .droppedDuplicate(now),
                .mergedEqual(now.addingTimeInterval(600)),
                .mergedWithinSpacing(
                    dropped: now.addingTimeInterval(1320), into: now.addingTimeInterval(1200)),
            ])
        #expect(invariants.violations(of: entries, now: now).isEmpty)
    }

    @Test("folding that makes neighbours equal merges them too")
    func foldThenMerge() {
        let (entries, _) = invariants.enforce([entry(0, "A"), entry(10, "B"), entry(12, "A")], now: now)
        #expect(entries == [entry(0, "A")])
    }

    @Test("unsorted input is sorted; a first entry after now moves to now")
    func sortsAndAnchors() {
        let (entries, _) = invariants.enforce([entry(30, "B"), entry(5, "A")], now: now)
        #expect(entries == [entry(0, "A"), entry(30, "B")])
    }

    @Test("the entry limit cuts the tail but keeps protected dates")
    func limitKeepsProtected() {
        let input = (0..<10).map { entry(Double($0) * 10, "S\($0)") }
        let plain = invariants.enforce(input, now: now)
        #expect(plain.entries.map(\.state) == ["S0", "S1", "S2", "S3"])
        #expect(plain.corrections.last == .truncated(count: 6, from: now.addingTimeInterval(2400)))
        let protected = invariants.enforce(input, now: now, protecting: [now.addingTimeInterval(5400)])
        #expect(protected.entries.map(\.state) == ["S0", "S1", "S2", "S9"])
        #expect(protected.corrections.last == .truncated(count: 6, from: now.addingTimeInterval(1800)))
    }

    @Test("violations name each broken rule")
    func violations() {
        let bad = [entry(1, "A"), entry(1, "B"), entry(0.5, "C"), entry(3, "C"), entry(2000, "D")]
        let found = invariants.violations(of: bad, now: now)
        #expect(found.contains(.firstEntryNotAtNow(now.addingTimeInterval(60))))
        #expect(found.contains(.duplicateDate(index: 1)))
        #expect(found.contains(.notIncreasing(index: 2)))
        #expect(found.contains(.equalToPrevious(index: 3)))
        #expect(found.contains(.tooClose(index: 3, seconds: 150)))
        #expect(found.contains(.tooMany(5)))
        #expect(found.contains(.pastHorizon(index: 4)))
        #expect(invariants.violations(of: [PlannedEntry<String>](), now: now) == [.empty])
    }
}
