/// How many pushes the planner may send one destination in any 24 hours: a number the caller
/// chooses, because Apple publishes none.
///
/// Apple says only that "the system budgets WidgetKit push notifications and delivers them
/// opportunistically" (https://developer.apple.com/documentation/widgetkit/updating-widgets-with-widgetkit-push-notifications);
/// no count, no refill rule. So there is no default: a planner is made with an explicit limit, or
/// with ``unlimited`` as a deliberate choice (the window alone then bounds pushes, to
/// `86,400 / window` a day). docs/push.md discusses choosing it.
public enum PushBudget: Sendable, Hashable, CustomStringConvertible {
    /// No limit beyond the window.
    case unlimited
    /// At most this many pushes to one destination in any 24-hour span (`[t, t + 24 h)` for every
    /// `t`). Zero sends nothing.
    case perRolling24Hours(Int)

    public var description: String {
        switch self {
        case .unlimited: "unlimited"
        case .perRolling24Hours(let count): "\(count) per 24 h"
        }
    }
}
