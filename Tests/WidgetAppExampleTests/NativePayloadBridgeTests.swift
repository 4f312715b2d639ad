import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineTesting

@testable import ExampleHostApp

@Suite("The native bridge of a Flutter or React Native host: payload JSON in, commit native")
struct NativePayloadBridgeTests {
    static func bridge() -> (NativePayloadBridge, InMemorySnapshotStore) {
        let store = InMemorySnapshotStore()
        let sync = WidgetSync(
            store: store, reloader: RecordingReloader(),
            clock: ManualClock(now: .at("2026-11-29T09:00:00+09:00")))
        return (NativePayloadBridge(sync: sync), store)
    }

    @Test("A task-count payload from the channel is committed as the next revision")
    func commitsPayload() throws {
        let (bridge, store) = Self.bridge()

        let first = try bridge.commit(kind: "task-count", payloadJSON: Data(#"{"count": 0}"#.utf8))
        let second = try bridge.commit(kind: "task-count", payloadJSON: Data(#"{"count": 2}"#.utf8))

        #expect(first == 1)
        #expect(second == 2)
        #expect(store.read(TaskCountWidget().defaultKey, for: TaskCountWidget()).snapshot?.payload.count == 2)
    }

    @Test("A parking payload goes to the key the channel names, with the server's observation time")
    func keyAndObservedAt() throws {
        let (bridge, store) = Self.bridge()
        let json =
            #"{"parkID": "yeouido", "parkName": "Yeouido", "lots": [{"name": "P1", "free": 4, "total": 90}]}"#

        try bridge.commit(
            kind: "parking", payloadJSON: Data(json.utf8), key: "parking.yeouido.compact",
            observedAt: "2026-11-29T08:58:10+09:00")

        let snapshot = try #require(
            store.read(ParkingWidget.key(park: "yeouido"), for: ParkingWidget()).snapshot)
        #expect(snapshot.payload.lots.first?.free == 4)
        #expect(snapshot.observedAt == Date.at("2026-11-29T08:58:10+09:00"))
    }

    @Test("Bad input is refused with what to fix, and nothing is stored")
    func badInput() {
        let (bridge, store) = Self.bridge()

        #expect(throws: NativePayloadBridge.Failure.unknownKind("weather")) {
            try bridge.commit(kind: "weather", payloadJSON: Data("{}".utf8))
        }
        #expect(throws: NativePayloadBridge.Failure.badKey("Parking/Yeouido")) {
            try bridge.commit(kind: "parking", payloadJSON: Data("{}".utf8), key: "Parking/Yeouido")
        }
        #expect(throws: NativePayloadBridge.Failure.badObservedAt("yesterday")) {
            try bridge.commit(
                kind: "task-count", payloadJSON: Data(#"{"count": 1}"#.utf8), observedAt: "yesterday")
        }
        let error = #expect(throws: NativePayloadBridge.Failure.self) {
            try bridge.commit(kind: "task-count", payloadJSON: Data(#"{"count": "three"}"#.utf8))
        }
        #expect(error?.description.contains("$.count") == true)
        #expect((try? store.keys()) == [])
    }
}
