import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// Decides which WidgetKit pushes to send for a stream of server changes: at most one per token per
/// window, none that would change nothing on screen, every change to what is shown pushed within
/// one window unless the budget is out, and a fleet's pushes spread across the window.
///
/// A push reloads every timeline of the app on the device "similar to when you call
/// reloadAllTimelines()", and the system budgets pushes like it budgets reloads
/// (https://developer.apple.com/documentation/widgetkit/updating-widgets-with-widgetkit-push-notifications).
/// So the planner works per destination (a token on its server), not per widget:
///
/// - A change whose fingerprint equals what the widget was last pushed to show is dropped
///   (``PushDropReason/unchangedFingerprint``).
/// - A change while a push to the destination is planned at or after it rides on that push
///   (``PushDropReason/coalesced(into:)``): the widgets reload then and read it.
/// - Otherwise a push is planned at the change plus a jitter in `[0, window)`, moved later when the
///   destination's previous push was less than a window before, or when the budget has no push
///   left until later; if that is more than one window after the change, the change is dropped
///   (``PushDropReason/budgetExhausted(nextAvailable:)``).
///
/// The jitter is SplitMix64 over the seed, the destination and its push count: the same inputs
/// give the same plan, and ten thousand tokens told about one change at one instant are spread
/// over the window instead of all sent in one second.
///
/// The planner is a value-type state machine: it never reads a clock; each change carries its
/// instant. Feed it changes in time order with ``handle(_:)`` (a change dated before the latest
/// one seen is planned as if it happened then), or plan a batch with ``plan(_:)``. Instants are
/// planned at millisecond precision, as the package stores them.
///
/// A push is final once planned: a change that reverts the display before the push goes out
/// still gets it (the widgets reload and show the same thing). A token change, a removed widget, a
/// removed token, or a widget registered again under its identifier with another kind or family
/// makes the planner forget what those widgets were last pushed to show, so their next change is
/// pushed.
public struct PushPlanner: Sendable, Hashable {
    /// The longest window the planner accepts: 366 days.
    public static let longestWindow: TimeInterval = 366 * 86_400

    /// The minimum spacing between two pushes to one destination, and the longest a change waits
    /// for its push.
    public let window: TimeInterval
    /// The pushes allowed per destination in any 24 hours.
    public let budget: PushBudget
    /// The seed of the jitter.
    public let seed: UInt64
    /// Which token serves which widget.
    public private(set) var registry: PushTokenRegistry

    private let windowMilliseconds: Int64
    private var destinations: [PushDestination: DestinationState] = [:]
    /// What each widget was last pushed to show (by a planned push, sent or not yet).
    private var pushedFingerprints: [WidgetInstance: ContentFingerprint] = [:]
    /// The latest instant handled, in milliseconds since 1970.
    private var latest: Int64?

    private static let day: Int64 = 86_400_000

    /// What the planner remembers of one destination.
    private struct DestinationState: Sendable, Hashable {
        /// The latest planned push, in milliseconds since 1970.
        var latestPush: Int64?
        /// The planned pushes that still count against a limited budget, oldest first.
        var recentPushes: [Int64] = []
        /// How many pushes were planned, for the jitter.
        var pushCount: UInt64 = 0
    }

    /// A planner.
    ///
    /// - Parameters:
    ///   - registry: which token serves which widget; change it later with ``register(_:)`` and the
    ///     removal methods.
    ///   - window: the minimum spacing between two pushes to one destination, in seconds, from
    ///     0.001 to ``longestWindow``, in whole milliseconds; also the longest a change waits for
    ///     its push.
    ///   - budget: the pushes allowed per destination in any 24 hours. Apple publishes no number;
    ///     there is no default (see ``PushBudget``).
    ///   - seed: the jitter's seed.
    /// - Throws: ``PushPlannerError/windowOutOfRange(_:)`` or ``PushPlannerError/negativeBudget(_:)``.
    public init(
        registry: PushTokenRegistry = PushTokenRegistry(), window: TimeInterval, budget: PushBudget,
        seed: UInt64
    ) throws(PushPlannerError) {
        // Instants are whole milliseconds: a window with a part finer than that would be kept
        // rounded, shorter (pushes closer together than the window) or longer (a push more than a
        // window after its change). A window is whole milliseconds when it is the number nearest
        // its count of milliseconds over 1000, as `16777216.001` written in a file is: comparing
        // `window * 1000` with its rounding instead refused many of those past 2^24 s (194 days),
        // where that product is off by more than any fixed tolerance.
        guard window.isFinite, window >= 0.001, window <= Self.longestWindow,
            (window * 1000).rounded() / 1000 == window
        else {
            throw .windowOutOfRange(window)
        }
        if case .perRolling24Hours(let count) = budget, count < 0 { throw .negativeBudget(count) }
        self.registry = registry
        self.window = window
        self.budget = budget
        self.seed = seed
        windowMilliseconds = max(1, Int64((window * 1000).rounded()))
    }

    // MARK: - Registrations

    /// Stores a registration (see ``PushTokenRegistry/register(_:)``), and forgets what the
    /// widgets it moved to a new token, removed, or gave another kind or family under the same
    /// identifier were last pushed to show.
    @discardableResult
    public mutating func register(_ registration: PushRegistration) -> PushRegistryUpdate {
        let update = registry.register(registration)
        forget(update)
        return update
    }

    /// Removes an installation (see ``PushTokenRegistry/removeInstallation(_:)``).
    @discardableResult
    public mutating func removeInstallation(_ installationID: String) -> PushRegistryUpdate? {
        let update = registry.removeInstallation(installationID)
        if let update { forget(update) }
        return update
    }

    /// Removes a destination APNs refused (see ``PushTokenRegistry/remove(_:)``).
    ///
    /// Its last pushes are kept until ``prune(asOf:)`` finds them too old to matter, so the same
    /// token registered again soon after still gets no second push within a window.
    @discardableResult
    public mutating func remove(_ destination: PushDestination) -> [PushRegistryUpdate] {
        let updates = registry.remove(destination)
        updates.forEach { forget($0) }
        return updates
    }

    private mutating func forget(_ update: PushRegistryUpdate) {
        for instance in update.removed + update.moved + update.reconfigured {
            pushedFingerprints[instance] = nil
        }
    }

    /// Forgets the destinations whose last push can no longer constrain another: a day or a
    /// window, whichever is longer, before `instant` (or before the latest change handled, if that
    /// is earlier). Their next push is planned as a first one would be.
    ///
    /// A long-running server calls it now and then, so memory follows the active tokens rather
    /// than every token ever seen.
    public mutating func prune(asOf instant: Date) {
        guard let latest else { return }
        let now = min(latest, Self.milliseconds(instant) ?? latest)
        let horizon = max(Self.day, windowMilliseconds)
        destinations = destinations.filter { _, state in state.latestPush.map { $0 > now - horizon } ?? false
        }
    }

    // MARK: - Restarting

    /// Takes back decisions a planner made before — a restarted server's log of what it decided,
    /// in the order it decided them — so that its next decisions keep the window and the budget
    /// against the pushes already sent or queued.
    ///
    /// Give it at least every push planned at or after a day or a window, whichever is longer,
    /// before the restart, with the changes that rode on them (``PushDropReason/coalesced(into:)``);
    /// older decisions are harmless. What a widget was last pushed to show is taken back only while
    /// the registry still has the widget on that push's destination; a widget the decisions say
    /// nothing of has its next change pushed.
    ///
    /// Planning only the recent *changes* again through ``handle(_:)`` does not rebuild the memory:
    /// without the pushes before them, it plans pushes that never went out and misses some that
    /// did, so the next push can come within a window of one already sent, or over the budget.
    public mutating func remember(_ decisions: some Sequence<PushDecision>) {
        for decision in decisions {
            switch decision {
            case .push(let push):
                noteLatest(push.reason.change.at)
                guard let slot = Self.milliseconds(push.at) else { continue }
                var state = destinations[push.destination] ?? DestinationState()
                state.latestPush = max(state.latestPush ?? slot, slot)
                state.pushCount += 1
                if case .perRolling24Hours(let limit) = budget, limit > 0 {
                    let index = state.recentPushes.firstIndex { $0 > slot } ?? state.recentPushes.endIndex
                    state.recentPushes.insert(slot, at: index)
                    if state.recentPushes.count > limit {
                        state.recentPushes.removeFirst(state.recentPushes.count - limit)
                    }
                }
                destinations[push.destination] = state
                remember(push.reason.change.fingerprint, of: push.reason.changedWidgets, on: push.destination)
            case .dropped(let drop):
                noteLatest(drop.change.at)
                if case .coalesced = drop.reason, let destination = drop.destination {
                    remember(drop.change.fingerprint, of: drop.widgets, on: destination)
                }
            }
        }
    }

    private mutating func noteLatest(_ instant: Date) {
        guard let milliseconds = Self.milliseconds(instant) else { return }
        latest = max(latest ?? milliseconds, milliseconds)
    }

    private mutating func remember(
        _ fingerprint: ContentFingerprint, of widgets: [WidgetInstance], on destination: PushDestination
    ) {
        for instance in widgets where registry.destination(of: instance) == destination {
            pushedFingerprints[instance] = fingerprint
        }
    }

    /// The number of destinations the planner remembers pushes to.
    public var rememberedDestinationCount: Int { destinations.count }

    /// The latest push planned for `destination`, if any.
    public func latestPush(to destination: PushDestination) -> Date? {
        destinations[destination]?.latestPush.map(Self.date)
    }

    // MARK: - Planning

    /// Decides what one change calls for, for each destination it touches.
    ///
    /// - Parameter change: the change; one dated before the latest change handled is planned at
    ///   that latest instant.
    /// - Returns: one decision per destination serving a widget the change touches, in order of
    ///   destination; a single ``PushDropReason/noRegisteredWidget`` drop when none does.
    public mutating func handle(_ change: PushChange) -> [PushDecision] {
        let instant = max(latest ?? .min, Self.milliseconds(change.at) ?? latest ?? 0)
        latest = instant
        var byDestination: [PushDestination: [WidgetInstance]] = [:]
        switch change.target {
        case .kind(let kind):
            byDestination = registry.instancesByDestination(ofKind: kind)
        case .widget(let instance):
            if let destination = registry.destination(of: instance) {
                byDestination[destination] = [instance]
            }
        }
        guard !byDestination.isEmpty else {
            return [
                .dropped(
                    DroppedChange(change: change, destination: nil, widgets: [], reason: .noRegisteredWidget))
            ]
        }
        return byDestination.keys.sorted().map { destination in
            decide(change, at: instant, for: destination, widgets: byDestination[destination]!)
        }
    }

    /// Plans a batch: the changes in time order (equal instants in the order given), each through
    /// ``handle(_:)``.
    ///
    /// - Returns: the pushes, ordered by instant then destination, and the drops in planning order.
    public mutating func plan(_ changes: [PushChange]) -> PushPlan {
        let ordered = changes.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
        var pushes: [PlannedPush] = []
        var dropped: [DroppedChange] = []
        for (_, change) in ordered {
            for decision in handle(change) {
                switch decision {
                case .push(let push): pushes.append(push)
                case .dropped(let drop): dropped.append(drop)
                }
            }
        }
        pushes.sort { ($0.at, $0.destination) < ($1.at, $1.destination) }
        return PushPlan(pushes: pushes, dropped: dropped)
    }

    private mutating func decide(
        _ change: PushChange, at instant: Int64, for destination: PushDestination, widgets: [WidgetInstance]
    ) -> PushDecision {
        let changed = widgets.filter { pushedFingerprints[$0] != change.fingerprint }
        func drop(_ reason: PushDropReason, _ widgets: [WidgetInstance]) -> PushDecision {
            .dropped(
                DroppedChange(change: change, destination: destination, widgets: widgets, reason: reason))
        }
        guard !changed.isEmpty else { return drop(.unchangedFingerprint, widgets) }

        var state = destinations[destination] ?? DestinationState()
        if let pending = state.latestPush, pending >= instant {
            for instance in changed { pushedFingerprints[instance] = change.fingerprint }
            return drop(.coalesced(into: Self.date(pending)), changed)
        }

        var slot = instant + jitter(for: destination, count: state.pushCount)
        if let previous = state.latestPush { slot = max(slot, previous + windowMilliseconds) }
        // Pushes a day or more before the change cannot share a 24-hour span with any push from now on.
        state.recentPushes.removeAll { $0 <= instant - Self.day }
        if case .perRolling24Hours(let limit) = budget {
            if limit == 0 { return drop(.budgetExhausted(nextAvailable: nil), changed) }
            if state.recentPushes.count >= limit {
                let freed = state.recentPushes[state.recentPushes.count - limit] + Self.day
                guard freed <= instant + windowMilliseconds else {
                    destinations[destination] = state
                    return drop(.budgetExhausted(nextAvailable: Self.date(freed)), changed)
                }
                slot = max(slot, freed)
            }
            state.recentPushes.append(slot)
            if state.recentPushes.count > limit {
                state.recentPushes.removeFirst(state.recentPushes.count - limit)
            }
        }
        state.latestPush = slot
        state.pushCount += 1
        destinations[destination] = state
        for instance in changed { pushedFingerprints[instance] = change.fingerprint }
        return .push(
            PlannedPush(
                destination: destination, at: Self.date(slot),
                reason: PushReason(change: change, changedWidgets: changed)))
    }

    /// A deterministic offset in `[0, window)` milliseconds for a destination's next push.
    private func jitter(for destination: PushDestination, count: UInt64) -> Int64 {
        var hash: UInt64 = destination.environment == .production ? 0x5052_4F44 : 0x4445_5645
        for byte in destination.token.hex.utf8 { hash = SplitMix64.mix(hash ^ UInt64(byte)) }
        let unit = SplitMix64.unitInterval(seed, hash, count)
        return min(windowMilliseconds - 1, Int64(unit * Double(windowMilliseconds)))
    }

    // MARK: - Instants

    /// Instants from year 0000 to 9999, in milliseconds since 1970: the ones the package can write.
    private static let representable: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

    /// `date` in whole milliseconds since 1970, clamped to years 0000–9999; `nil` for a date that
    /// is not a number.
    private static func milliseconds(_ date: Date) -> Int64? {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard !value.isNaN else { return nil }
        if value <= Double(representable.lowerBound) { return representable.lowerBound }
        if value >= Double(representable.upperBound) { return representable.upperBound }
        return Int64(value)
    }

    private static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
