public import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// A network source's answer: the value, when it was observed, and how long the request took.
public struct FetchAnswer<Payload: Sendable & Equatable>: Sendable, Equatable {
    public var payload: Payload
    public var observedAt: Date
    public var duration: TimeInterval
}

/// Why a request to the network source failed, and how long it took to find out.
public struct FetchFailure: Error, Sendable, Equatable {
    public var reason: UnavailableReason
    public var duration: TimeInterval
}

/// The simulated backend behind a widget: its value at each instant, its latency and its outages.
struct SimulatedSource<Payload: Sendable & Equatable>: Sendable {
    /// Server-side values, oldest first.
    var versions: [(at: Date, payload: Payload)]
    var latency: TimeInterval
    var outages: [Outage]

    /// The answer to a request sent at `instant` (to the millisecond): the server's newest value,
    /// observed when it was updated — as the truth dates it — not when it was asked, so asking again
    /// never makes old data new (a daily count updated at 23:00 is the day before's at 00:15). A
    /// server update in the same millisecond as the request is already on the server: the request
    /// sees it, and the answer's data is that update's (docs/simulator.md, "Metrics").
    func fetch(at sent: Date, timeout: TimeInterval) -> Result<FetchAnswer<Payload>, FetchFailure> {
        let instant = Instant.rounded(sent)
        if let outage = outages.first(where: { instant >= $0.from && instant < $0.to }) {
            switch outage.mode {
            case .fails:
                return .failure(FetchFailure(reason: .sourceFailed, duration: min(latency, timeout)))
            case .hangs:
                return .failure(FetchFailure(reason: .sourceTimedOut, duration: timeout))
            }
        }
        if latency > timeout { return .failure(FetchFailure(reason: .sourceTimedOut, duration: timeout)) }
        guard let index = VersionSearch.lastIndex(in: versions, atOrBefore: instant) else {
            return .failure(FetchFailure(reason: .sourceFailed, duration: latency))
        }
        return .success(
            FetchAnswer(
                payload: versions[index].payload, observedAt: Instant.rounded(versions[index].at),
                duration: latency))
    }
}

/// Binary search over time-ordered versions.
enum VersionSearch {
    /// The index of the last element whose `at` is not after `instant`, to the millisecond: two
    /// instants the trace writes as the same millisecond are the same instant here too, however
    /// each was computed (a sum of seconds can land a fraction of a microsecond either side).
    static func lastIndex<Element>(in versions: [(at: Date, payload: Element)], atOrBefore instant: Date)
        -> Int?
    {
        let limit = milliseconds(instant)
        var low = 0
        var high = versions.count
        while low < high {
            let middle = (low + high) / 2
            if milliseconds(versions[middle].at) <= limit { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// Milliseconds since 1970, as the trace writes an instant.
    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
}
