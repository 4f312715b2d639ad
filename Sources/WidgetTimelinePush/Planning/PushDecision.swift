/// What the planner decided for one change and one destination.
public enum PushDecision: Sendable, Hashable {
    /// Send this push.
    case push(PlannedPush)
    /// No push of its own; the reason says whether another push covers it.
    case dropped(DroppedChange)

    /// The push, when the decision is to send one.
    public var push: PlannedPush? {
        if case .push(let push) = self { return push }
        return nil
    }

    /// The dropped change, when the decision is not to send.
    public var dropped: DroppedChange? {
        if case .dropped(let dropped) = self { return dropped }
        return nil
    }
}
