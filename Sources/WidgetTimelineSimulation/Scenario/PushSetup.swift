import WidgetTimeline
public import WidgetTimelinePush

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// How the app's server pushes, in a scenario's `"push"` member: what the push strategies' server
/// plans with (the window, budget and seed of `PushPlanner`, written as a `PushEvents` file writes
/// them) and how often their widgets still ask on their own.
///
/// ```json
/// "push": { "window": "10m", "budget": "unlimited", "refreshAfter": "6h" }
/// ```
///
/// The server's `budget` is the planner's, the server's own choice. What the system delivers is the
/// device's push budget, a system setting (`pushBudget`), because Apple publishes none.
public struct PushSetup: Sendable, Hashable, Codable {
    /// The planner's window: at most one push per token per window, each change pushed within one.
    public var window: DurationText
    /// The planner's pushes per token in any 24 hours.
    public var budget: PushBudget
    /// The planner's jitter seed; the scenario's seed when absent.
    public var seed: UInt64?
    /// The push strategies' own refresh interval: their widget still asks the system to reload it
    /// this long after its data was fetched, as a safety net for pushes that never arrive (a push
    /// "doesn't replace timeline updates").
    public var refreshAfter: DurationText

    /// A 15-minute window, no planner budget, a 6-hour safety net.
    public init(
        window: TimeInterval = 15 * 60, budget: PushBudget = .unlimited, seed: UInt64? = nil,
        refreshAfter: TimeInterval = 6 * 3600
    ) {
        self.window = DurationText(window)
        self.budget = budget
        self.seed = seed
        self.refreshAfter = DurationText(refreshAfter)
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case window, budget, seed, refreshAfter }

    public init(from decoder: any Decoder) throws {
        let defaults = PushSetup()
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        window = try container.decodeIfPresent(DurationText.self, forKey: .window) ?? defaults.window
        guard window.seconds >= 0.001, window.seconds <= PushPlanner.longestWindow else {
            throw DecodingError.dataCorruptedError(
                forKey: .window, in: container, debugDescription: "must be from 0.001s to 366 days")
        }
        if !container.contains(.budget) {
            budget = defaults.budget
        } else if let count = try? container.decode(Int.self, forKey: .budget), count >= 0 {
            budget = .perRolling24Hours(count)
        } else if (try? container.decode(String.self, forKey: .budget)) == "unlimited" {
            budget = .unlimited
        } else {
            throw DecodingError.dataCorruptedError(
                forKey: .budget, in: container,
                debugDescription:
                    "the budget is a whole number of pushes per 24 h (0 or more), or \"unlimited\"")
        }
        seed = try container.decodeIfPresent(UInt64.self, forKey: .seed)
        refreshAfter =
            try container.decodeIfPresent(DurationText.self, forKey: .refreshAfter) ?? defaults.refreshAfter
        guard refreshAfter.seconds >= 60 else {
            throw DecodingError.dataCorruptedError(
                forKey: .refreshAfter, in: container, debugDescription: "must be at least 1m")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(window, forKey: .window)
        switch budget {
        case .unlimited: try container.encode("unlimited", forKey: .budget)
        case .perRolling24Hours(let count): try container.encode(count, forKey: .budget)
        }
        try container.encodeIfPresent(seed, forKey: .seed)
        try container.encode(refreshAfter, forKey: .refreshAfter)
    }
}
