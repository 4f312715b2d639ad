public import Foundation

/// The settings of the simulated system scheduler: how WidgetKit decides when a widget's
/// provider runs and when an entry appears on screen.
///
/// Every default's source is in `docs/simulator.md`. Apple publishes few numbers; where only field measurements exist the number
/// is a setting here, never a constant, so a scenario can try other values.
public struct SystemModel: Sendable, Hashable, Codable {
    /// Reloads one widget instance may spend in any ``budgetWindow``; `nil` means unlimited.
    ///
    /// Default 48. Row a.1 "Typical daily budget for a frequently viewed widget: 40–70
    /// refreshes/day, roughly every 15 to 60 minutes" (Official): 48 is one reload every 30 minutes,
    /// inside that range. Row a.1 "per active widget instance": each instance has its own.
    public var dailyBudget: Int?
    /// The rolling window the budget counts over. Row a.1 "24 h rolling … does not necessarily
    /// reset at midnight" (Official).
    public var budgetWindow: TimeInterval
    /// The least time between two budgeted reloads of one instance. Row a.1 "Minimum entry spacing:
    /// WidgetKit imposes a minimum amount of time before it reloads a widget … at least about 5
    /// minutes" (Official).
    public var minimumReloadInterval: TimeInterval
    /// How late, at most, a policy reload runs after its earliest date; each reload draws uniformly
    /// from `0...policyLateness`. Row a.2 "the earliest date … a request, not a schedule" (Official)
    /// and a.1 "on the order of minutes/hours, not seconds" (WWDC21) give no number: 10 minutes is a
    /// setting chosen so lateness is visible in a one-day report.
    public var policyLateness: TimeInterval
    /// How late an entry appears after its date. Row a.1 "the update might occur later" (Official)
    /// says late, never early, and gives no number; with no measurement the default is 0, so the
    /// metrics measure the strategies rather than an invented delay. Any positive value makes every
    /// widget, this library's included, show a transition up to that much late.
    public var entryLateness: TimeInterval
    /// The longest delay between the app's `reloadTimelines` and the provider run; each request
    /// draws uniformly from `0...appReloadLatency`. Row a.1 "Reload latency after
    /// `reloadTimelines` varies from immediate to about 27 s" (Field): default 27 s.
    public var appReloadLatency: TimeInterval
    /// When the app's reload requests take effect.
    public var appReloadDelivery: AppReloadDelivery
    /// How long a provider may run before the system kills it. Row a.5 "`getTimeline` watchdog …
    /// at about 30 s" (Field): default 30 s.
    public var providerWatchdog: TimeInterval
    /// When the system asks again after a provider was killed or returned an empty timeline. Row
    /// a.5 "chronod then schedules the next retry about 1 hour later" (Field): default 1 h.
    public var failedReloadRetry: TimeInterval
    /// Whether a wake for one widget also reloads the device's other widgets whose earliest reload
    /// date has passed. Row a.1 "WidgetKit may coalesce reloads across multiple widgets" (Official).
    public var coalescesReloads: Bool
    /// Whether a policy reload that comes due while the widget is not visible waits until the
    /// widget is seen. Row a.1 "A widget on a rarely visited Home Screen page gets fewer reloads …
    /// may reload the widget when it becomes visible" (Official).
    public var defersReloadsWhileHidden: Bool

    public init(
        dailyBudget: Int? = 48,
        budgetWindow: TimeInterval = 24 * 3600,
        minimumReloadInterval: TimeInterval = 5 * 60,
        policyLateness: TimeInterval = 10 * 60,
        entryLateness: TimeInterval = 0,
        appReloadLatency: TimeInterval = 27,
        appReloadDelivery: AppReloadDelivery = .afterLatency,
        providerWatchdog: TimeInterval = 30,
        failedReloadRetry: TimeInterval = 3600,
        coalescesReloads: Bool = true,
        defersReloadsWhileHidden: Bool = true
    ) {
        self.dailyBudget = dailyBudget.map { max(0, $0) }
        self.budgetWindow = max(1, budgetWindow)
        self.minimumReloadInterval = max(0, minimumReloadInterval)
        self.policyLateness = max(0, policyLateness)
        self.entryLateness = max(0, entryLateness)
        self.appReloadLatency = max(0, appReloadLatency)
        self.appReloadDelivery = appReloadDelivery
        self.providerWatchdog = max(1, providerWatchdog)
        self.failedReloadRetry = max(1, failedReloadRetry)
        self.coalescesReloads = coalescesReloads
        self.defersReloadsWhileHidden = defersReloadsWhileHidden
    }

    /// A device in a user's pocket: the defaults above.
    public static let `default` = SystemModel()

    /// A device running the extension under the Xcode debugger: no budget, no lateness, no floor.
    ///
    /// Row a.1 "The budget is not enforced under the Xcode debugger … if you're running your app
    /// outside of Xcode … your widget would stop updating" (Forum, Apple Documentation Engineer).
    /// This is where developers are fooled: a widget that looks right here can freeze in the field.
    public static let debuggerAttached = SystemModel(
        dailyBudget: nil,
        minimumReloadInterval: 0,
        policyLateness: 0,
        appReloadLatency: 0
    )

    /// The presets by name, as scenarios spell them.
    public static let presets: [(name: String, model: SystemModel)] = [
        ("default", .default),
        ("debugger-attached", .debuggerAttached),
    ]
}

/// When a reload the app asked for reaches the scheduler.
public enum AppReloadDelivery: String, Sendable, Hashable, Codable {
    /// After a random latency (``SystemModel/appReloadLatency``).
    case afterLatency
    /// Only once the app leaves the foreground, then after the latency. Row a.1 "A reload requested
    /// from the app is applied only when the app goes to the background (Lock Screen widget case,
    /// iOS 16)" (Field, FB11522275).
    case whenAppLeavesForeground
}

extension SystemModel {
    private enum CodingKeys: String, CodingKey {
        case preset
        case dailyBudget
        case budgetWindow
        case minimumReloadInterval
        case policyLateness
        case entryLateness
        case appReloadLatency
        case appReloadDelivery
        case providerWatchdog
        case failedReloadRetry
        case coalescesReloads
        case defersReloadsWhileHidden
    }

    /// Reads a preset (`"preset": "default"` or `"debugger-attached"`) and then any overrides;
    /// durations are written as text such as `"27s"` or `"1h"` (see ``DurationText``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let presetName = try container.decodeIfPresent(String.self, forKey: .preset) ?? "default"
        guard let preset = Self.presets.first(where: { $0.name == presetName })?.model else {
            let names = Self.presets.map(\.name).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                forKey: .preset, in: container,
                debugDescription: "unknown preset \"\(presetName)\"; known: \(names)")
        }
        self = preset
        if container.contains(.dailyBudget) {
            if try container.decodeNil(forKey: .dailyBudget) {
                dailyBudget = nil
            } else {
                let budget = try container.decode(Int.self, forKey: .dailyBudget)
                guard budget >= 0 else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .dailyBudget, in: container,
                        debugDescription: "must be 0 or more (null: unlimited)")
                }
                dailyBudget = budget
            }
        }
        func duration(_ key: CodingKeys, _ current: TimeInterval) throws -> TimeInterval {
            try container.decodeIfPresent(DurationText.self, forKey: key)?.seconds ?? current
        }
        budgetWindow = max(1, try duration(.budgetWindow, budgetWindow))
        minimumReloadInterval = try duration(.minimumReloadInterval, minimumReloadInterval)
        policyLateness = try duration(.policyLateness, policyLateness)
        entryLateness = try duration(.entryLateness, entryLateness)
        appReloadLatency = try duration(.appReloadLatency, appReloadLatency)
        appReloadDelivery =
            try container.decodeIfPresent(AppReloadDelivery.self, forKey: .appReloadDelivery)
            ?? appReloadDelivery
        providerWatchdog = max(1, try duration(.providerWatchdog, providerWatchdog))
        failedReloadRetry = max(1, try duration(.failedReloadRetry, failedReloadRetry))
        coalescesReloads =
            try container.decodeIfPresent(Bool.self, forKey: .coalescesReloads) ?? coalescesReloads
        defersReloadsWhileHidden =
            try container.decodeIfPresent(Bool.self, forKey: .defersReloadsWhileHidden)
            ?? defersReloadsWhileHidden
    }

    /// Writes every setting in full, durations as text, so a report states the model it ran.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(dailyBudget, forKey: .dailyBudget)
        try container.encode(DurationText(budgetWindow), forKey: .budgetWindow)
        try container.encode(DurationText(minimumReloadInterval), forKey: .minimumReloadInterval)
        try container.encode(DurationText(policyLateness), forKey: .policyLateness)
        try container.encode(DurationText(entryLateness), forKey: .entryLateness)
        try container.encode(DurationText(appReloadLatency), forKey: .appReloadLatency)
        try container.encode(appReloadDelivery, forKey: .appReloadDelivery)
        try container.encode(DurationText(providerWatchdog), forKey: .providerWatchdog)
        try container.encode(DurationText(failedReloadRetry), forKey: .failedReloadRetry)
        try container.encode(coalescesReloads, forKey: .coalescesReloads)
        try container.encode(defersReloadsWhileHidden, forKey: .defersReloadsWhileHidden)
    }
}
