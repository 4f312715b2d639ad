#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// The push channel of one simulated device, from the server to the widgets: the pushes the server
/// sends, their flight, and the system's push budget.
///
/// The rules (docs/simulator.md, "Push"):
/// - a push reaches the device ``SystemModel/pushLatency`` or less after it was sent;
/// - a push sent while an earlier one is still on its way replaces it: APNs "stores only one
///   notification per bundle ID" (the earlier one is *coalesced*);
/// - a push that reaches the device when ``SystemModel/pushBudget`` pushes already arrived in the
///   budget window is *dropped*; otherwise it is *delivered* and reloads every widget of the app.
struct PushChannel {
    /// One push the server sent, and what became of it.
    struct Record: Sendable, Hashable {
        var sent: Date
        var arrived: Date?
        /// `delivered`, `dropped` (budget out), `coalesced` (replaced on its way), or `pending` (still
        /// on its way when the scenario ended).
        var outcome: String
    }

    /// When the server sends each push, in order.
    let sends: [Date]
    private var budget: ReloadBudget
    /// The push on its way, if one is.
    private var inFlight: Int?
    private let recordsTrace: Bool
    private(set) var records: [Record] = []
    private(set) var result = PushMetrics()

    init(server: PushServer?, model: SystemModel, recordsTrace: Bool) {
        sends = server?.sends ?? []
        budget = ReloadBudget(limit: model.pushBudget, window: model.budgetWindow)
        self.recordsTrace = recordsTrace
    }

    /// The server sends push `index` at `now`; it is to arrive `latency` later.
    ///
    /// - Returns: when it arrives.
    mutating func send(_ index: Int, at now: Date, latency: TimeInterval) -> Date? {
        result.sent += 1
        if let earlier = inFlight {
            result.coalesced += 1
            if recordsTrace { records[earlier].outcome = "coalesced" }
        }
        inFlight = index
        if recordsTrace { records.append(Record(sent: now, arrived: nil, outcome: "pending")) }
        return now.addingTimeInterval(latency)
    }

    /// Push `index` reaches the device at `now`.
    ///
    /// - Returns: whether it is delivered (and reloads the widgets): `false` when a later push
    ///   replaced it on its way, or the budget is out.
    mutating func arrive(_ index: Int, at now: Date) -> Bool {
        guard inFlight == index else { return false }
        inFlight = nil
        if recordsTrace { records[index].arrived = now }
        guard budget.allows(at: now) else {
            result.dropped += 1
            if recordsTrace { records[index].outcome = "dropped" }
            return false
        }
        budget.charge(at: now)
        result.delivered += 1
        if recordsTrace { records[index].outcome = "delivered" }
        return true
    }
}

/// What became of one device's pushes under one strategy.
public struct PushMetrics: Sendable, Hashable, Codable {
    /// Pushes the server sent (APNs requests).
    public var sent = 0
    /// Pushes that reached the device and reloaded its widgets.
    public var delivered = 0
    /// Pushes that reached the device when its push budget was out.
    public var dropped = 0
    /// Pushes replaced on their way by a later one.
    public var coalesced = 0

    public init() {}
}
