#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// One screen the widget will show from ``date`` on: the date, what is shown, and how relevant it is.
///
/// The entry's date is when the screen starts; it is never the snapshot's `generatedAt` nor the
/// next reload date.
public struct PlannedEntry<State: Sendable & Equatable>: Sendable, Equatable {
    public var date: Date
    public var state: State
    public var relevance: EntryRelevance?

    // Inlinable so an unspecialised planner builds entries with the metadata it already has.
    @inlinable @inline(__always)
    public init(date: Date, state: State, relevance: EntryRelevance? = nil) {
        self.date = date
        self.state = state
        self.relevance = relevance
    }
}

extension PlannedEntry: Codable where State: Codable {
    private enum CodingKeys: String, CodingKey {
        case date
        case state
        case relevance
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decode(Date.self, forKey: .date)
        state = try container.decode(State.self, forKey: .state)
        relevance = try container.decodeIfPresent(EntryRelevance.self, forKey: .relevance)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(state, forKey: .state)
        // Written as `null` rather than omitted, so the timeline JSON always has the same shape.
        try container.encode(relevance, forKey: .relevance)
    }
}

/// How relevant an entry is compared with the widget's other entries, for Smart Stack rotation.
///
/// Mirrors WidgetKit's `TimelineEntryRelevance(score:duration:)`: the score only means something
/// relative to the same widget's other scores; for `duration` seconds after the entry's date the
/// system may rotate the widget to the top of a stack.
public struct EntryRelevance: Sendable, Hashable, Codable {
    public var score: Float
    public var duration: TimeInterval

    public init(score: Float, duration: TimeInterval = 0) {
        self.score = score
        self.duration = duration
    }
}
