import Foundation

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
