import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// What happens around the widgets during a simulated stretch of time: the clock and
/// time zone, the app's foreground sessions, each widget's data changes, network outages, glances
/// and system events. Written as JSON; the format is documented in `docs/simulator.md`.
///
/// A scenario says nothing about *how* the widgets are built: the same scenario runs under every
/// strategy, so their screens can be compared minute by minute.
public struct Scenario: Sendable, Codable {
    /// A short title for reports.
    public var name: String
    /// A sentence or two on what the scenario shows.
    public var summary: String
    /// The first simulated instant.
    public var start: Date
    /// How long the simulation runs.
    public var duration: DurationText
    /// The user's time zone at ``start``.
    public var timeZone: String
    /// Later changes of the user's time zone (travel); each is a free system reload (a
    /// "significant time change", docs/simulator.md).
    public var timeZoneChanges: [TimeZoneChange]
    /// The seed of every random choice (random commits, lateness, latency); `--seed` overrides it.
    public var seed: UInt64
    /// The system model: a preset and overrides.
    public var system: SystemModel
    /// The containing app: when it is in the foreground and how it emits state.
    public var app: AppBehaviour
    /// Widget kinds declared in the file rather than written in Swift (``GenericKind``): a value,
    /// a count or a schedule, which ``widgets`` may name beside the kinds passed to
    /// ``compiled(seed:kinds:)``.
    public var kinds: [GenericKind]
    /// The widgets on the device, one instance each.
    public var widgets: [ScenarioWidget]
    /// Budget-exempt system reloads of every widget (locale change, accessibility change, …).
    public var events: [SystemEventSpec]
    /// How the app's server pushes: the push planner's window, budget and seed, and the push
    /// strategies' own refresh. Only the push strategies use it; absent, the defaults of
    /// ``PushSetup``.
    public var push: PushSetup?
    /// The app's controls (Control Center, Lock Screen), each showing one widget's data.
    public var controls: [ScenarioControl]

    public init(
        name: String,
        summary: String = "",
        start: Date,
        duration: TimeInterval,
        timeZone: String,
        timeZoneChanges: [TimeZoneChange] = [],
        seed: UInt64 = 1,
        system: SystemModel = .default,
        app: AppBehaviour = AppBehaviour(),
        kinds: [GenericKind] = [],
        widgets: [ScenarioWidget],
        events: [SystemEventSpec] = [],
        push: PushSetup? = nil,
        controls: [ScenarioControl] = []
    ) {
        self.name = name
        self.summary = summary
        self.start = start
        self.duration = DurationText(duration)
        self.timeZone = timeZone
        self.timeZoneChanges = timeZoneChanges
        self.seed = seed
        self.system = system
        self.app = app
        self.kinds = kinds
        self.widgets = widgets
        self.events = events
        self.push = push
        self.controls = controls
    }

    /// The instant the simulation stops.
    public var end: Date { start.addingTimeInterval(duration.seconds) }

    /// The latest end a scenario may have: what it plans reaches up to the longest duration a file
    /// may write (3660 days, an `expiresAfter`) past its end, and every instant in its trace and
    /// JSON must have a text in years 0000–9999.
    static let latestEnd = Date(timeIntervalSince1970: 253_402_300_800 - 3661 * 86_400)

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name, summary, start, duration, timeZone, timeZoneChanges, seed, system, app, kinds, widgets
        case events, push, controls
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? "scenario"
        summary = try container.decodeIfPresent(String.self, forKey: .summary) ?? ""
        start = try container.decode(Date.self, forKey: .start)
        duration = try container.decode(DurationText.self, forKey: .duration)
        guard duration.seconds > 0, duration.seconds <= 3660 * 86_400 else {
            throw DecodingError.dataCorruptedError(
                forKey: .duration, in: container,
                debugDescription: "must be more than 0 and at most 3660 days")
        }
        guard start.addingTimeInterval(duration.seconds) <= Self.latestEnd else {
            throw DecodingError.dataCorruptedError(
                forKey: .duration, in: container,
                debugDescription:
                    "makes the scenario end after \(Instant.format(Self.latestEnd)): what a scenario plans "
                    + "reaches up to 3660 days past its end, and instants are written in years 0000–9999 only"
            )
        }
        timeZone = try container.decode(String.self, forKey: .timeZone)
        guard TimeZone(identifier: timeZone) != nil else {
            throw DecodingError.dataCorruptedError(
                forKey: .timeZone, in: container,
                debugDescription: "\"\(timeZone)\" is not a time-zone identifier, such as Asia/Seoul")
        }
        timeZoneChanges = try container.decodeIfPresent([TimeZoneChange].self, forKey: .timeZoneChanges) ?? []
        seed = try container.decodeIfPresent(UInt64.self, forKey: .seed) ?? 1
        system = try container.decodeIfPresent(SystemModel.self, forKey: .system) ?? .default
        app = try container.decodeIfPresent(AppBehaviour.self, forKey: .app) ?? AppBehaviour()
        kinds = try container.decodeIfPresent([GenericKind].self, forKey: .kinds) ?? []
        widgets = try container.decode([ScenarioWidget].self, forKey: .widgets)
        events = try container.decodeIfPresent([SystemEventSpec].self, forKey: .events) ?? []
        push = try container.decodeIfPresent(PushSetup.self, forKey: .push)
        controls = try container.decodeIfPresent([ScenarioControl].self, forKey: .controls) ?? []
    }
}

/// A change of the user's time zone.
public struct TimeZoneChange: Sendable, Codable, Hashable {
    public var at: Date
    public var timeZone: String

    public init(at: Date, timeZone: String) {
        self.at = at
        self.timeZone = timeZone
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case at, timeZone }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        at = try container.decode(Date.self, forKey: .at)
        timeZone = try container.decode(String.self, forKey: .timeZone)
        guard TimeZone(identifier: timeZone) != nil else {
            throw DecodingError.dataCorruptedError(
                forKey: .timeZone, in: container,
                debugDescription: "\"\(timeZone)\" is not a time-zone identifier, such as Asia/Seoul")
        }
    }
}

/// The containing app's behaviour.
public struct AppBehaviour: Sendable, Codable, Hashable {
    /// When the app is in the foreground. Reloads during these sessions are free.
    public var foreground: [TimeSpan]
    /// How many times the app's state layer emits each data change (a Flutter or Redux store emits
    /// several times per user action). At least 1.
    public var emissionsPerChange: Int
    /// How long saving a snapshot takes; matters to strategies that reload before saving.
    public var saveDuration: DurationText

    public init(foreground: [TimeSpan] = [], emissionsPerChange: Int = 1, saveDuration: TimeInterval = 1) {
        self.foreground = foreground
        self.emissionsPerChange = max(1, emissionsPerChange)
        self.saveDuration = DurationText(saveDuration)
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case foreground, emissionsPerChange, saveDuration
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        foreground = try container.decodeIfPresent([TimeSpan].self, forKey: .foreground) ?? []
        // Read as a Double, which takes any JSON number, so 2.5 is refused with the range.
        let emissions = try container.decodeIfPresent(Double.self, forKey: .emissionsPerChange) ?? 1
        try ValidRange.emissionsPerChange.check(emissions, forKey: .emissionsPerChange, in: container)
        emissionsPerChange = Int(emissions)
        saveDuration =
            try container.decodeIfPresent(DurationText.self, forKey: .saveDuration) ?? DurationText(1)
        try ValidRange.saveDuration.check(saveDuration.seconds, forKey: .saveDuration, in: container)
    }
}

/// A budget-exempt system event that reloads every widget (locale, Dynamic Type,
/// accessibility, account, significant time change).
public struct SystemEventSpec: Sendable, Codable, Hashable {
    public var at: Date
    /// A free-text label shown in reports, such as `locale-change`.
    public var type: String

    public init(at: Date, type: String) {
        self.at = at
        self.type = type
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case at, type }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        at = try container.decode(Date.self, forKey: .at)
        type = try container.decode(String.self, forKey: .type)
    }
}
