import Foundation
import Testing
import WidgetTimelineTesting

@testable import WidgetTimelineSimulation

/// The device's push channel, stepped by hand: flight, coalescing on the way, the push budget.
@Suite("The push channel: a push on its way is replaced by a later one; past the budget, dropped")
struct PushChannelTests {
    let t0 = Date.at("2026-11-30T07:00:00+09:00")

    private func minutes(_ value: Double) -> Date { t0.addingTimeInterval(value * 60) }

    @Test("a push sent while another is on its way replaces it: one arrives, one is coalesced")
    func coalescing() {
        var channel = PushChannel(server: nil, model: SystemModel(pushBudget: nil), recordsTrace: true)
        let first = channel.send(0, at: minutes(0), latency: 120)
        let second = channel.send(1, at: minutes(1), latency: 120)
        #expect(first == minutes(2) && second == minutes(3))
        let firstArrived = channel.arrive(0, at: minutes(2))
        let secondArrived = channel.arrive(1, at: minutes(3))
        #expect(!firstArrived && secondArrived)
        #expect(channel.result.sent == 2 && channel.result.coalesced == 1 && channel.result.delivered == 1)
        #expect(channel.records.map(\.outcome) == ["coalesced", "delivered"])
        #expect(channel.records[1].arrived == minutes(3) && channel.records[0].arrived == nil)
    }

    @Test(
        "the budget counts arrivals over the rolling window: one over is dropped, a day later one fits again")
    func budget() {
        var channel = PushChannel(server: nil, model: SystemModel(pushBudget: 2), recordsTrace: true)
        var delivered: [Bool] = []
        for (index, hour) in [0.0, 1, 2, 25].enumerated() {
            let instant = t0.addingTimeInterval(hour * 3600)
            _ = channel.send(index, at: instant, latency: 0)
            delivered.append(channel.arrive(index, at: instant))
        }
        #expect(delivered == [true, true, false, true])
        #expect(channel.result.dropped == 1 && channel.result.delivered == 3)
        #expect(channel.records.map(\.outcome) == ["delivered", "delivered", "dropped", "delivered"])
        var closed = PushChannel(server: nil, model: SystemModel(pushBudget: 0), recordsTrace: false)
        _ = closed.send(0, at: t0, latency: 0)
        let arrived = closed.arrive(0, at: t0)
        #expect(!arrived && closed.result.dropped == 1 && closed.records.isEmpty)
    }
}
