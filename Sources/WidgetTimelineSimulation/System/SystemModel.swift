public import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// The settings of the simulated system scheduler: how WidgetKit decides when a widget's
/// provider runs and when an entry appears on screen.
///
/// Every setting has a default and a documented range, each with its evidence — Apple's
/// documentation, a developer's measurement, or "invented" where no source gives a number
/// (``SystemSetting/all``, and the table in `docs/simulator.md`). A scenario can set any of them,
/// and `simulate --sweep` runs a grid across them.
public struct SystemModel: Sendable, Hashable, Codable {
    /// Reloads one widget instance may spend in any ``budgetWindow``; `nil` means unlimited.
    public var dailyBudget: Int?
    /// The window the budget counts over.
    public var budgetWindow: TimeInterval
    /// How spent budget comes back.
    public var budgetRefill: BudgetRefill
    /// The least time between two budgeted reloads of one instance.
    public var minimumReloadInterval: TimeInterval
    /// How late, at most, a policy reload runs after its earliest date.
    public var policyLateness: TimeInterval
    /// How early, at most, a policy reload runs before its earliest date. Each policy reload
    /// draws uniformly from `-policyEarliness...policyLateness`.
    public var policyEarliness: TimeInterval
    /// How late an entry appears after its date: every entry, this long (the worst case of a
    /// lateness up to it).
    public var entryLateness: TimeInterval
    /// The longest delay between the app's `reloadTimelines` and the provider run; each request
    /// draws uniformly from `0...appReloadLatency`.
    public var appReloadLatency: TimeInterval
    /// When the app's reload requests take effect.
    public var appReloadDelivery: AppReloadDelivery
    /// How many times one reload calls `getTimeline`, one call after another; the timeline of the
    /// last call is installed.
    public var getTimelineCalls: Int
    /// How long one `getTimeline` call may run before the system kills it.
    public var providerWatchdog: TimeInterval
    /// When the system asks again after a provider was killed or returned an empty timeline.
    public var failedReloadRetry: TimeInterval
    /// Whether a wake for one widget also reloads the device's other widgets whose earliest reload
    /// date has passed.
    public var coalescesReloads: Bool
    /// Whether a policy reload that comes due while the widget is not visible waits until the
    /// widget is seen.
    public var defersReloadsWhileHidden: Bool
    /// Whether the first run, when the widget is added, is free of the budget.
    public var firstRunIsFree: Bool
    /// Whether free reloads (app in the foreground, system events) skip the minimum interval.
    public var freeReloadsSkipFloor: Bool
    /// WidgetKit pushes the system delivers to one device in any ``budgetWindow``; `nil` is
    /// unlimited. Apple says pushes are budgeted and publishes no number: every claim is checked
    /// across the documented range, and the tight end is shown, not hidden.
    public var pushBudget: Int?
    /// The longest a push takes from the server to the device; each push draws uniformly from
    /// `0...pushLatency` ("delivers them opportunistically").
    public var pushLatency: TimeInterval
    /// Whether the reload a delivered push causes is charged to the widget's reload budget.
    public var pushReloadsCharged: Bool
    /// The longest a reload the extension asks for inside an intent's `perform()` (other kinds than
    /// the tapped one) takes to reach the scheduler; each request draws uniformly up to it.
    public var intentReloadLatency: TimeInterval
    /// Whether the immediate reload after an intent also runs the other instances of the tapped
    /// widget's kind, not only the tapped one.
    public var intentReloadsOtherInstances: Bool

    public init(
        dailyBudget: Int? = 48,
        budgetWindow: TimeInterval = 24 * 3600,
        budgetRefill: BudgetRefill = .rolling,
        minimumReloadInterval: TimeInterval = 5 * 60,
        policyLateness: TimeInterval = 10 * 60,
        policyEarliness: TimeInterval = 2 * 60,
        entryLateness: TimeInterval = 60,
        appReloadLatency: TimeInterval = 60,
        appReloadDelivery: AppReloadDelivery = .afterLatency,
        getTimelineCalls: Int = 2,
        providerWatchdog: TimeInterval = 30,
        failedReloadRetry: TimeInterval = 3600,
        coalescesReloads: Bool = true,
        defersReloadsWhileHidden: Bool = true,
        firstRunIsFree: Bool = true,
        freeReloadsSkipFloor: Bool = true,
        pushBudget: Int? = 12,
        pushLatency: TimeInterval = 60,
        pushReloadsCharged: Bool = false,
        intentReloadLatency: TimeInterval = 2 * 60,
        intentReloadsOtherInstances: Bool = false
    ) {
        self.dailyBudget = dailyBudget.map { max(0, $0) }
        self.budgetWindow = max(1, budgetWindow)
        self.budgetRefill = budgetRefill
        self.minimumReloadInterval = max(0, minimumReloadInterval)
        self.policyLateness = max(0, policyLateness)
        self.policyEarliness = max(0, policyEarliness)
        self.entryLateness = max(0, entryLateness)
        self.appReloadLatency = max(0, appReloadLatency)
        self.appReloadDelivery = appReloadDelivery
        self.getTimelineCalls = min(max(1, getTimelineCalls), Self.mostGetTimelineCalls)
        self.providerWatchdog = max(1, providerWatchdog)
        self.failedReloadRetry = max(1, failedReloadRetry)
        self.coalescesReloads = coalescesReloads
        self.defersReloadsWhileHidden = defersReloadsWhileHidden
        self.firstRunIsFree = firstRunIsFree
        self.freeReloadsSkipFloor = freeReloadsSkipFloor
        self.pushBudget = pushBudget.map { max(0, $0) }
        self.pushLatency = max(0, pushLatency)
        self.pushReloadsCharged = pushReloadsCharged
        self.intentReloadLatency = max(0, intentReloadLatency)
        self.intentReloadsOtherInstances = intentReloadsOtherInstances
    }

    /// The most `getTimeline` calls per reload a model may ask for.
    public static let mostGetTimelineCalls = 10

    /// A device in a user's pocket: every setting at its documented default.
    public static let `default` = SystemModel()

    /// A device running the extension under the Xcode debugger: no budget, no lateness, no floor,
    /// no latency. Apple: "While debugging with Xcode these limits are not imposed"
    /// (https://developer.apple.com/forums/thread/653265, an Apple Documentation Engineer). This is
    /// where developers are fooled: a widget that looks right here can freeze in the field.
    public static let debuggerAttached = SystemModel(
        dailyBudget: nil,
        minimumReloadInterval: 0,
        policyLateness: 0,
        policyEarliness: 0,
        entryLateness: 0,
        appReloadLatency: 0,
        pushBudget: nil,
        pushLatency: 0,
        intentReloadLatency: 0
    )

    /// The presets by name, as scenarios spell them.
    public static let presets: [(name: String, model: SystemModel)] = [
        ("default", .default),
        ("debugger-attached", .debuggerAttached),
    ]
}

/// When a reload the app asked for reaches the scheduler.
public enum AppReloadDelivery: String, Sendable, Hashable, Codable, CaseIterable, JSONChoice {
    /// After a random latency (``SystemModel/appReloadLatency``).
    case afterLatency
    /// Only once the app leaves the foreground, then after the latency.
    case whenAppLeavesForeground
}

/// How a widget's spent budget comes back. Apple says only that the budget "applies to a 24-hour
/// period" that WidgetKit "tunes … to the user's daily usage pattern" and that it "doesn't
/// necessarily reset at exactly midnight"; both rules here are invented, so results are checked
/// under each.
public enum BudgetRefill: String, Sendable, Hashable, Codable, CaseIterable, JSONChoice {
    /// Each charged reload stops counting one ``SystemModel/budgetWindow`` after it was spent.
    case rolling
    /// All charges stop counting at each local midnight of the user's time zone.
    case daily
}

extension SystemModel {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case preset
        case dailyBudget
        case budgetWindow
        case budgetRefill
        case minimumReloadInterval
        case policyLateness
        case policyEarliness
        case entryLateness
        case appReloadLatency
        case appReloadDelivery
        case getTimelineCalls
        case providerWatchdog
        case failedReloadRetry
        case coalescesReloads
        case defersReloadsWhileHidden
        case firstRunIsFree
        case freeReloadsSkipFloor
        case pushBudget
        case pushLatency
        case pushReloadsCharged
        case intentReloadLatency
        case intentReloadsOtherInstances
    }

    /// Reads a preset (`"preset": "default"` or `"debugger-attached"`) and then any overrides;
    /// durations are written as text such as `"27s"` or `"1h"` (see ``DurationText``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let presetName = try container.decodeIfPresent(String.self, forKey: .preset) ?? "default"
        guard let preset = Self.presets.first(where: { $0.name == presetName })?.model else {
            let names = Self.presets.map(\.name).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                forKey: .preset, in: container,
                debugDescription: "unknown preset \"\(presetName)\"; known: \(names)")
        }
        self = preset
        /// Refuses a value outside the setting's documented valid range (``SystemSetting/valid``).
        func check(_ key: CodingKeys, _ value: Double) throws {
            if let refusal = SystemSetting.named(key.stringValue)?.refusal(of: value) {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: refusal)
            }
        }
        func count(_ key: CodingKeys, _ current: Int?) throws -> Int? {
            guard container.contains(key) else { return current }
            if try container.decodeNil(forKey: key) {
                guard SystemSetting.named(key.stringValue)?.valid?.takesNull == true else {
                    throw DecodingError.valueNotFound(
                        Int.self,
                        .init(
                            codingPath: container.codingPath + [key],
                            debugDescription: "expected a whole number"))
                }
                return nil
            }
            // Read as a Double, which takes any JSON number, so 2.5 or -1e30 is refused with the
            // range rather than as a number Foundation's Int does not hold.
            let value = try container.decode(Double.self, forKey: key)
            try check(key, value)
            return Int(value)
        }
        dailyBudget = try count(.dailyBudget, dailyBudget)
        pushBudget = try count(.pushBudget, pushBudget)
        func duration(_ key: CodingKeys, _ current: TimeInterval) throws -> TimeInterval {
            guard let seconds = try container.decodeIfPresent(DurationText.self, forKey: key)?.seconds else {
                return current
            }
            try check(key, seconds)
            return seconds
        }
        budgetWindow = try duration(.budgetWindow, budgetWindow)
        budgetRefill = try container.decodeIfPresent(BudgetRefill.self, forKey: .budgetRefill) ?? budgetRefill
        minimumReloadInterval = try duration(.minimumReloadInterval, minimumReloadInterval)
        policyLateness = try duration(.policyLateness, policyLateness)
        policyEarliness = try duration(.policyEarliness, policyEarliness)
        entryLateness = try duration(.entryLateness, entryLateness)
        appReloadLatency = try duration(.appReloadLatency, appReloadLatency)
        appReloadDelivery =
            try container.decodeIfPresent(AppReloadDelivery.self, forKey: .appReloadDelivery)
            ?? appReloadDelivery
        getTimelineCalls = try count(.getTimelineCalls, getTimelineCalls) ?? getTimelineCalls
        providerWatchdog = try duration(.providerWatchdog, providerWatchdog)
        failedReloadRetry = try duration(.failedReloadRetry, failedReloadRetry)
        coalescesReloads =
            try container.decodeIfPresent(Bool.self, forKey: .coalescesReloads) ?? coalescesReloads
        defersReloadsWhileHidden =
            try container.decodeIfPresent(Bool.self, forKey: .defersReloadsWhileHidden)
            ?? defersReloadsWhileHidden
        firstRunIsFree = try container.decodeIfPresent(Bool.self, forKey: .firstRunIsFree) ?? firstRunIsFree
        freeReloadsSkipFloor =
            try container.decodeIfPresent(Bool.self, forKey: .freeReloadsSkipFloor) ?? freeReloadsSkipFloor
        pushLatency = try duration(.pushLatency, pushLatency)
        pushReloadsCharged =
            try container.decodeIfPresent(Bool.self, forKey: .pushReloadsCharged) ?? pushReloadsCharged
        intentReloadLatency = try duration(.intentReloadLatency, intentReloadLatency)
        intentReloadsOtherInstances =
            try container.decodeIfPresent(Bool.self, forKey: .intentReloadsOtherInstances)
            ?? intentReloadsOtherInstances
    }

    /// Writes every setting in full, durations as text, so a report states the model it ran.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(dailyBudget, forKey: .dailyBudget)
        try container.encode(DurationText(budgetWindow), forKey: .budgetWindow)
        try container.encode(budgetRefill, forKey: .budgetRefill)
        try container.encode(DurationText(minimumReloadInterval), forKey: .minimumReloadInterval)
        try container.encode(DurationText(policyLateness), forKey: .policyLateness)
        try container.encode(DurationText(policyEarliness), forKey: .policyEarliness)
        try container.encode(DurationText(entryLateness), forKey: .entryLateness)
        try container.encode(DurationText(appReloadLatency), forKey: .appReloadLatency)
        try container.encode(appReloadDelivery, forKey: .appReloadDelivery)
        try container.encode(getTimelineCalls, forKey: .getTimelineCalls)
        try container.encode(DurationText(providerWatchdog), forKey: .providerWatchdog)
        try container.encode(DurationText(failedReloadRetry), forKey: .failedReloadRetry)
        try container.encode(coalescesReloads, forKey: .coalescesReloads)
        try container.encode(defersReloadsWhileHidden, forKey: .defersReloadsWhileHidden)
        try container.encode(firstRunIsFree, forKey: .firstRunIsFree)
        try container.encode(freeReloadsSkipFloor, forKey: .freeReloadsSkipFloor)
        try container.encode(pushBudget, forKey: .pushBudget)
        try container.encode(DurationText(pushLatency), forKey: .pushLatency)
        try container.encode(pushReloadsCharged, forKey: .pushReloadsCharged)
        try container.encode(DurationText(intentReloadLatency), forKey: .intentReloadLatency)
        try container.encode(intentReloadsOtherInstances, forKey: .intentReloadsOtherInstances)
    }
}
