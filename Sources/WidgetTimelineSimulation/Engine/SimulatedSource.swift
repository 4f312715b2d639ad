public import Foundation
public import WidgetTimeline

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

    func fetch(at instant: Date, timeout: TimeInterval) -> Result<FetchAnswer<Payload>, FetchFailure> {
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
        return .success(FetchAnswer(payload: versions[index].payload, observedAt: instant, duration: latency))
    }
}

/// Binary search over time-ordered versions.
enum VersionSearch {
    /// The index of the last element whose `at` is not after `instant`.
    static func lastIndex<Element>(in versions: [(at: Date, payload: Element)], atOrBefore instant: Date)
        -> Int?
    {
        var low = 0
        var high = versions.count
        while low < high {
            let middle = (low + high) / 2
            if versions[middle].at <= instant { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }
}
