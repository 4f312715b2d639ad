public import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// One widget instance in a scenario: its kind, where its data comes from, and when it is seen.
///
/// Data comes from the host app (``commits``, ``randomCommits``: the app saves a snapshot and asks
/// for a reload) or from a network source the extension asks (``source``), or both. Payloads are
/// JSON in the widget kind's payload format, decoded when the scenario is compiled so an error
/// names its JSON path.
public struct ScenarioWidget: Sendable, Codable {
    /// A name for reports, unique in the scenario (`schedule`, `parking-yeouido`).
    public var id: String
    /// The widget kind: one the scenario declares (``Scenario/kinds``) or one passed to
    /// ``Scenario/compiled(seed:kinds:)`` (from the command line, the example widgets).
    public var kind: String
    /// The snapshot key the widget reads, e.g. `parking.yeouido.compact`; the kind's default key
    /// (its kind string) when absent.
    public var key: String?
    /// Data changes the host app commits, at given instants.
    public var commits: [ScenarioCommit]
    /// Data changes the host app commits at random instants.
    public var randomCommits: RandomCommits?
    /// The network source the extension may ask, if the widget has one.
    public var source: ScenarioSource?
    /// When the widget is seen; absent means always visible (a Home Screen's first page).
    public var visibility: Visibility?
    /// Taps on the widget's button or toggle: each runs its app intent, whose `perform()` saves
    /// ``ScenarioCommit/payload`` (through `WidgetSync.commitFromIntent`) before the system reloads
    /// the tapped widget.
    public var taps: [ScenarioCommit]

    public init(
        id: String,
        kind: String,
        key: String? = nil,
        commits: [ScenarioCommit] = [],
        randomCommits: RandomCommits? = nil,
        source: ScenarioSource? = nil,
        visibility: Visibility? = nil,
        taps: [ScenarioCommit] = []
    ) {
        self.id = id
        self.kind = kind
        self.key = key
        self.commits = commits
        self.randomCommits = randomCommits
        self.source = source
        self.visibility = visibility
        self.taps = taps
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case id, kind, key, commits, randomCommits, source, visibility, taps
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        kind = try container.decode(String.self, forKey: .kind)
        id = try container.decodeIfPresent(String.self, forKey: .id) ?? kind
        key = try container.decodeIfPresent(String.self, forKey: .key)
        commits = try container.decodeIfPresent([ScenarioCommit].self, forKey: .commits) ?? []
        randomCommits = try container.decodeIfPresent(RandomCommits.self, forKey: .randomCommits)
        source = try container.decodeIfPresent(ScenarioSource.self, forKey: .source)
        visibility = try container.decodeIfPresent(Visibility.self, forKey: .visibility)
        taps = try container.decodeIfPresent([ScenarioCommit].self, forKey: .taps) ?? []
    }
}

/// One data change: from ``at`` on, the truth is ``payload``.
public struct ScenarioCommit: Sendable, Codable, Hashable {
    public var at: Date
    /// The payload, in the widget kind's JSON format.
    public var payload: JSONValue

    public init(at: Date, payload: JSONValue) {
        self.at = at
        self.payload = payload
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case at, payload }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        at = try container.decode(Date.self, forKey: .at)
        payload = try container.decode(JSONValue.self, forKey: .payload)
    }
}

/// Data changes at random instants: gaps drawn from an exponential distribution with mean
/// ``meanInterval`` (a Poisson process), payloads taken in turn from ``payloads``.
public struct RandomCommits: Sendable, Codable, Hashable {
    /// The first instant a change may happen (default: the scenario's start).
    public var from: Date?
    /// No change at or after this instant (default: the scenario's end).
    public var to: Date?
    public var meanInterval: DurationText
    /// Payloads used in turn, starting with the first; at least two, so each change changes
    /// something.
    public var payloads: [JSONValue]

    public init(from: Date? = nil, to: Date? = nil, meanInterval: TimeInterval, payloads: [JSONValue]) {
        self.from = from
        self.to = to
        self.meanInterval = DurationText(meanInterval)
        self.payloads = payloads
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case from, to, meanInterval, payloads }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        from = try container.decodeIfPresent(Date.self, forKey: .from)
        to = try container.decodeIfPresent(Date.self, forKey: .to)
        meanInterval = try container.decode(DurationText.self, forKey: .meanInterval)
        guard meanInterval.seconds >= 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .meanInterval, in: container, debugDescription: "must be at least 1s")
        }
        payloads = try container.decode([JSONValue].self, forKey: .payloads)
        guard payloads.count >= 2 else {
            throw DecodingError.dataCorruptedError(
                forKey: .payloads, in: container, debugDescription: "needs at least two payloads to alternate"
            )
        }
    }
}

/// The network source behind a widget (the parking example's API): values that change on the
/// server, how long a request takes, and when the network is down.
public struct ScenarioSource: Sendable, Codable, Hashable {
    /// How long a successful request takes.
    public var latency: DurationText
    /// Server-side changes at given instants.
    public var updates: [ScenarioCommit]
    /// Server-side changes at random instants.
    public var randomUpdates: RandomCommits?
    /// When requests fail or hang.
    public var outages: [Outage]

    public init(
        latency: TimeInterval = 1,
        updates: [ScenarioCommit] = [],
        randomUpdates: RandomCommits? = nil,
        outages: [Outage] = []
    ) {
        self.latency = DurationText(latency)
        self.updates = updates
        self.randomUpdates = randomUpdates
        self.outages = outages
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case latency, updates, randomUpdates, outages }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        latency = try container.decodeIfPresent(DurationText.self, forKey: .latency) ?? DurationText(1)
        try ValidRange.sourceLatency.check(latency.seconds, forKey: .latency, in: container)
        updates = try container.decodeIfPresent([ScenarioCommit].self, forKey: .updates) ?? []
        randomUpdates = try container.decodeIfPresent(RandomCommits.self, forKey: .randomUpdates)
        outages = try container.decodeIfPresent([Outage].self, forKey: .outages) ?? []
    }
}

/// A network outage: requests started in it fail quickly, or hang until their timeout.
public struct Outage: Sendable, Codable, Hashable {
    public enum Mode: String, Sendable, Codable, Hashable, CaseIterable, JSONChoice {
        /// The request fails after the source's latency (no connection, a 5xx).
        case fails
        /// The request never answers; only a timeout ends it (a captive portal, a dead server).
        case hangs
    }

    public var from: Date
    public var to: Date
    public var mode: Mode

    public init(from: Date, to: Date, mode: Mode = .fails) {
        self.from = from
        self.to = to
        self.mode = mode
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case from, to, mode }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        from = try container.decode(Date.self, forKey: .from)
        to = try container.decode(Date.self, forKey: .to)
        guard to > from else {
            throw DecodingError.dataCorruptedError(
                forKey: .to, in: container, debugDescription: "must be after \"from\"")
        }
        mode = try container.decodeIfPresent(Mode.self, forKey: .mode) ?? .fails
    }
}

/// When a widget is seen. Without it the widget is always visible; with it, the widget is hidden
/// except during the glances (a widget on a rarely visited page).
public struct Visibility: Sendable, Codable, Hashable {
    public var glances: [Glance]

    public init(glances: [Glance]) { self.glances = glances }

    private enum CodingKeys: String, CodingKey, CaseIterable { case glances }

    public init(from decoder: any Decoder) throws {
        glances = try decoder.strictContainer(keyedBy: CodingKeys.self).decode(
            [Glance].self, forKey: .glances)
    }
}

/// The user looks at the widget from ``at`` for ``duration``.
public struct Glance: Sendable, Codable, Hashable {
    public var at: Date
    public var duration: DurationText

    public init(at: Date, duration: TimeInterval) {
        self.at = at
        self.duration = DurationText(duration)
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case at, duration }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        at = try container.decode(Date.self, forKey: .at)
        duration = try container.decode(DurationText.self, forKey: .duration)
        try ValidRange.glanceDuration.check(duration.seconds, forKey: .duration, in: container)
    }
}
