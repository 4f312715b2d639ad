import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting
import WidgetTimelineWidgetKit

#if canImport(WidgetKit)
    import WidgetKit
#else
    import WidgetKitStandIn
#endif

@Suite("Planned timelines in WidgetKit's terms: entries, relevance, reload policy")
struct TimelineMappingTests {
    static let reload = Date.at("2026-11-29T15:00:00+09:00")

    // Not `arguments:`: WidgetKit's `TimelineReloadPolicy` is not `Sendable`, and test arguments
    // must be.
    @Test("Each reload policy becomes the same WidgetKit policy")
    func policy() {
        #expect(TimelineReloadPolicy(ReloadPolicy.atEnd) == .atEnd)
        #expect(TimelineReloadPolicy(ReloadPolicy.never) == .never)
        #expect(TimelineReloadPolicy(ReloadPolicy.after(Self.reload)) == .after(Self.reload))
        #expect(TimelineReloadPolicy(ReloadPolicy.atEnd) != .never)
    }

    @Test("A relevance keeps its score and duration")
    func relevance() {
        let mapped = TimelineEntryRelevance(EntryRelevance(score: 0.8, duration: 1800))
        #expect(mapped.score == 0.8)
        #expect(mapped.duration == 1800)
        #expect(TimelineEntryRelevance(EntryRelevance(score: 1)).duration == 0)
    }

    @Test("Entries keep their dates, states, order and key; no relevance stays none")
    func entries() {
        let key = SnapshotKey(purpose: "task-count")
        let stamp = DataStamp(revision: 7, observedAt: Fixture.now)
        let planned = PlannedTimeline<WidgetState<Int>>(
            entries: [
                PlannedEntry(
                    date: Fixture.now, state: .fresh(3, stamp), relevance: EntryRelevance(score: 0.5)),
                PlannedEntry(date: Fixture.now.addingTimeInterval(1800), state: .stale(3, stamp)),
            ],
            policy: .after(Self.reload))

        let timeline = Timeline(planned, key: key)

        #expect(timeline.entries.map(\.date) == planned.entries.map(\.date))
        #expect(timeline.entries.map(\.state) == planned.entries.map(\.state))
        #expect(timeline.entries.allSatisfy { $0.key == key })
        #expect(timeline.entries[0].relevance?.score == 0.5)
        #expect(timeline.entries[1].relevance == nil)
        #expect(timeline.policy == .after(Self.reload))
    }
}
