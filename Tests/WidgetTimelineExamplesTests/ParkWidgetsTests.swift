import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting

@Suite("Parking and park-conditions widgets")
struct ParkWidgetsTests {
    let calendar = Calendar.gregorian(in: "Asia/Seoul")
    let now = Date.at("2026-11-29T10:00:00+09:00")
    let lots = [ParkingLot(name: "P1", free: 40, total: 100), ParkingLot(name: "P2", free: 0, total: 50)]

    private func parking(observed: Date, generated: Date? = nil, staleAfter: Int? = nil) -> Snapshot<
        ParkingPayload
    > {
        Snapshot.fixture(
            ParkingPayload(parkID: "yeouido", parkName: "Yeouido", lots: lots, staleAfterSeconds: staleAfter),
            kind: "parking", key: ParkingWidget.key(park: "yeouido"), revision: 4,
            generatedAt: generated ?? observed,
            observedAt: observed)
    }

    @Test(
        "keys by purpose and scope: parking and park conditions of one park, and two display modes, never collide"
    )
    func keys() {
        let keys = [
            ParkingWidget.key(park: "yeouido"), ParkingWidget.key(park: "yeouido", mode: .list),
            ParkingWidget.key(park: "banpo"), ParkConditionsWidget.key(park: "yeouido"),
        ]
        #expect(Set(keys).count == 4)
        #expect(keys[0].rawValue == "parking.yeouido.compact")
        #expect(keys[3].rawValue == "park.yeouido.general")
    }

    @Test("data freshness comes from observedAt: a snapshot written now with 20-minute-old counts is stale")
    func observedAtDecides() {
        let snapshot = parking(observed: now.addingTimeInterval(-1200), generated: now)
        let state = ParkingWidget().state(of: snapshot, at: now, in: calendar)
        #expect(state.situation == "stale")
        #expect(state.content?.totalFree == 40)
        #expect(state.content?.availability == .some)
    }

    @Test("expired counts are hidden: a driver must not act on them")
    func hiddenWhenExpired() {
        let timeline = TimelinePlanner(kind: ParkingWidget()).timeline(
            for: .loaded(parking(observed: now)), at: now, in: calendar)
        #expect(timeline.entries.map(\.state.situation) == ["fresh", "stale", "unavailable"])
        #expect(timeline.entries.last?.state == .unavailable(.expired))
        // Hidden 5 minutes before its expiry: an entry shown late must not show it past then.
        #expect(timeline.entries.last?.date == now.addingTimeInterval(85 * 60))
    }

    @Test("the server's own stale threshold replaces the widget's")
    func payloadThreshold() {
        let timeline = TimelinePlanner(kind: ParkingWidget()).timeline(
            for: .loaded(parking(observed: now, staleAfter: 1200)), at: now, in: calendar)
        #expect(timeline.entries[1].date == now.addingTimeInterval(1200 - 300))
        #expect(timeline.entries[1].state.situation == "stale")
        // A threshold that leaves less than the 5-minute spacing of currency folds into the first
        // entry: stale at once, never fresh for longer than the server allows.
        let short = TimelinePlanner(kind: ParkingWidget()).timeline(
            for: .loaded(parking(observed: now, staleAfter: 420)), at: now, in: calendar)
        #expect(short.entries[0].state.situation == "stale")
    }

    @Test("a payload for another park does not answer this widget's key")
    func mismatchedPark() {
        let widget = ParkingWidget()
        let payload = ParkingPayload(parkID: "banpo", parkName: "Banpo", lots: lots)
        #expect(!widget.payload(payload, answers: ParkingWidget.key(park: "yeouido")))
        #expect(widget.payload(payload, answers: ParkingWidget.key(park: "banpo", mode: .list)))
    }

    @Test("a re-confirmed count with a newer observation time is a change; the same observation is not")
    func fingerprintIncludesObservation() throws {
        let widget = ParkingWidget()
        let payload = ParkingPayload(parkID: "yeouido", parkName: "Yeouido", lots: lots)
        #expect(
            try widget.fingerprint(of: payload, observedAt: now)
                == widget.fingerprint(of: payload, observedAt: now))
        #expect(
            try widget.fingerprint(of: payload, observedAt: now)
                != widget.fingerprint(of: payload, observedAt: now.addingTimeInterval(60)))
    }

    @Test("the park forecast becomes entries at its instants, marked as forecast")
    func forecast() {
        let payload = ParkConditionsPayload(
            parkID: "yeouido", parkName: "Yeouido", congestion: .quiet,
            weather: Weather(condition: "clear", temperatureCelsius: 12.4), fineDust: .moderate,
            signals: ["event"],
            forecast: [
                CongestionForecast(at: .at("2026-11-29T14:00:00+09:00"), congestion: .busy),
                CongestionForecast(at: .at("2026-11-29T09:00:00+09:00"), congestion: .crowded),
            ])
        let snapshot = Snapshot.fixture(payload, kind: "park-conditions", generatedAt: now)
        let widget = ParkConditionsWidget()
        let entries = TimelinePlanner(kind: widget).timeline(for: .loaded(snapshot), at: now, in: calendar)
            .entries
        #expect(entries[0].state.content?.congestion == .quiet)
        #expect(entries[0].state.content?.isForecast == false)
        let afternoon = entries.first { $0.date == .at("2026-11-29T14:00:00+09:00") }
        #expect(afternoon?.state.content?.congestion == .busy)
        #expect(afternoon?.state.content?.isForecast == true)
        #expect(
            widget.summary(of: entries[0].state, in: calendar)
                == "fresh r1 · Yeouido: quiet · clear 12°C · dust moderate · event")
    }

    @Test("previews are invented places and deep links open the park's screens")
    func previewsAndLinks() {
        #expect(ParkingWidget().preview.parkID == "sample-park")
        #expect(
            ParkingWidget().deepLink(for: ParkingWidget().preview)?.absoluteString
                == "exampleapp://park/sample-park/parking")
        #expect(ParkConditionsWidget().deepLink(for: nil)?.absoluteString == "exampleapp://park/nearby")
    }

    @Test("zero free spaces is 'full', shown as 0 — not unavailable")
    func zeroIsFull() {
        let content = ParkingContent(
            payload: ParkingPayload(
                parkID: "a", parkName: "A", lots: [ParkingLot(name: "P", free: 0, total: 10)]))
        #expect(content.totalFree == 0)
        #expect(content.availability == .full)
    }
}
