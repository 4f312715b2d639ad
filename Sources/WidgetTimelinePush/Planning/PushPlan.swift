/// The pushes a batch of changes calls for, and the changes that sent none of their own.
public struct PushPlan: Sendable, Hashable {
    /// The pushes to send, ordered by instant, then destination.
    public let pushes: [PlannedPush]
    /// The changes that sent no push of their own, in the order they were planned.
    public let dropped: [DroppedChange]

    public init(pushes: [PlannedPush], dropped: [DroppedChange]) {
        self.pushes = pushes
        self.dropped = dropped
    }
}
