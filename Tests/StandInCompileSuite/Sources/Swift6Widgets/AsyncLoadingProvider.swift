// A completion-handler provider that does async work: the completion is `@Sendable`, so the task
// captures only `Sendable` values and hands the timeline over when done. This is what the Swift 6
// language mode accepts; `MustNotCompile/NonSendableCaptureInCompletion.swift` is what it refuses.
import WidgetKit

struct Price: Sendable {
    let symbol: String
    let value: Double
}

struct PriceEntry: TimelineEntry, Sendable {
    let date: Date
    let price: Price?
}

struct PriceClient: Sendable {
    let symbol: String

    func latest() async -> Price? { Price(symbol: symbol, value: 101.5) }
}

struct PriceProvider: TimelineProvider {
    let client = PriceClient(symbol: "ACME")

    func placeholder(in context: Context) -> PriceEntry { PriceEntry(date: .now, price: nil) }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (PriceEntry) -> Void) {
        let client = client
        Task { completion(PriceEntry(date: .now, price: await client.latest())) }
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<PriceEntry>) -> Void) {
        let client = client
        Task {
            let now = Date.now
            let entry = PriceEntry(date: now, price: await client.latest())
            completion(Timeline(entries: [entry], policy: .after(now.addingTimeInterval(15 * 60))))
        }
    }
}
