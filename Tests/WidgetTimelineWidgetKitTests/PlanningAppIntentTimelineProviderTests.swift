import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting
import WidgetTimelineWidgetKit

#if canImport(WidgetKit)
    import AppIntents
    import WidgetKit
#else
    import WidgetKitStandIn
#endif

@Suite("PlanningAppIntentTimelineProvider: the configuration picks the snapshot key")
struct PlanningAppIntentTimelineProviderTests {
    private func provider(store: any SnapshotStore) -> PlanningAppIntentTimelineProvider<
        ParkingWidget, ParkChoice
    > {
        PlanningAppIntentTimelineProvider(
            core: Fixture.core(ParkingWidget(), store: store),
            scope: { ParkingWidget.key(park: $0.park) },
            clock: ManualClock(now: Fixture.now), calendar: { Fixture.calendar })
    }

    private func lots(_ park: String, free: Int) -> ParkingPayload {
        ParkingPayload(
            parkID: park, parkName: park.capitalized, lots: [ParkingLot(name: "Lot", free: free, total: 100)])
    }

    @Test("Each configuration reads its own park's snapshot")
    func configurationPicksKey() async throws {
        let store = InMemorySnapshotStore()
        let sync = WidgetSync(
            store: store, reloader: RecordingReloader(), clock: ManualClock(now: Fixture.now))
        try sync.commit(
            lots("yeouido", free: 12), for: ParkingWidget(), key: ParkingWidget.key(park: "yeouido"))
        try sync.commit(
            lots("ttukseom", free: 80), for: ParkingWidget(), key: ParkingWidget.key(park: "ttukseom"))
        let provider = provider(store: store.readOnly())

        let yeouido = await provider.timeline(for: ParkChoice(park: "yeouido"))
        let ttukseom = await provider.timeline(for: ParkChoice(park: "ttukseom"))

        #expect(yeouido.entries.first?.state.content?.totalFree == 12)
        #expect(yeouido.entries.allSatisfy { $0.key == ParkingWidget.key(park: "yeouido") })
        #expect(ttukseom.entries.first?.state.content?.totalFree == 80)
        #expect(provider.key(for: ParkChoice(park: "ttukseom")) == ParkingWidget.key(park: "ttukseom"))
    }

    @Test("A park with no snapshot yet says so, and asks again")
    func unconfiguredPark() async {
        let provider = provider(store: InMemorySnapshotStore().readOnly())

        let timeline = await provider.timeline(for: ParkChoice(park: "nanji"))

        #expect(timeline.entries.first?.state == .noData)
        #expect(timeline.policy != .never)
    }

    @Test("The gallery snapshot never reads the store; the placeholder needs no configuration")
    func galleryAndPlaceholder() {
        let provider = provider(store: UnimplementedSnapshotStore())

        let snapshot = provider.snapshot(for: ParkChoice(park: "yeouido"), isPreview: true)

        #expect(snapshot.state.content == ParkingContent(payload: .preview))
        #expect(snapshot.key == ParkingWidget.key(park: "yeouido"))
        #if !canImport(WidgetKit)
            #expect(provider.placeholder(in: PreviewContext.make()).key == ParkingWidget().defaultKey)
        #endif
    }
}
