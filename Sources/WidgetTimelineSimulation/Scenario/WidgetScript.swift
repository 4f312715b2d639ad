import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// One scenario widget, compiled: its kind's real type, payloads decoded, random changes drawn.
///
/// Everything a run needs to know about the widget's world and nothing about any strategy.
struct WidgetScript<Kind: WidgetKind>: Sendable {
    var id: String
    var kind: Kind
    var key: SnapshotKey
    /// Changes the host app commits, oldest first.
    var hostCommits: [(at: Date, payload: Kind.Payload)]
    /// The network source, if the widget has one.
    var source: SimulatedSource<Kind.Payload>?
    /// When the widget is seen; `nil` is always.
    var glances: [TimeSpan]?
    /// What app intents save for the widget in the extension, oldest first: its taps, and the
    /// interactions of controls that show it (`control` is the control's index).
    let intentWrites: [(at: Date, payload: Kind.Payload, control: Int?)]
    /// Every data change, host, server or intent, oldest first (at one instant: host, then server,
    /// then intent): what an omniscient widget would show. Worked out once, when the scenario is
    /// compiled, because every device of a fleet measures against it.
    let truth: [(at: Date, payload: Kind.Payload)]
    /// Where each change of ``truth`` came from: `host`, `server`, `intent` (a tap) or `control`.
    let truthOrigins: [String]
    /// The server's changes and the fingerprint the kind gives each: what a push server plans with.
    let serverChanges: [(at: Date, fingerprint: ContentFingerprint)]

    init(
        id: String, kind: Kind, key: SnapshotKey, hostCommits: [(at: Date, payload: Kind.Payload)],
        source: SimulatedSource<Kind.Payload>?, glances: [TimeSpan]?,
        intentWrites: [(at: Date, payload: Kind.Payload, control: Int?)] = []
    ) {
        self.id = id
        self.kind = kind
        self.key = key
        self.hostCommits = hostCommits
        self.source = source
        self.glances = glances
        self.intentWrites = intentWrites
        let host = hostCommits.map { (at: $0.at, payload: $0.payload, origin: "host") }
        let server = (source?.versions ?? []).map { (at: $0.at, payload: $0.payload, origin: "server") }
        let intents = intentWrites.map {
            (at: $0.at, payload: $0.payload, origin: $0.control == nil ? "intent" : "control")
        }
        let merged = (host + server + intents).enumerated()
            .sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        truth = merged.map { (at: $0.at, payload: $0.payload) }
        truthOrigins = merged.map(\.origin)
        serverChanges = (source?.versions ?? []).map { version in
            // A payload the kind cannot fingerprint would not reach the store either; its change
            // gets a fingerprint of its own so the server still pushes it.
            let fingerprint =
                (try? kind.fingerprint(of: version.payload, observedAt: version.at))
                ?? ContentFingerprint(bytes: Array(Instant.format(version.at).utf8))
            return (version.at, fingerprint)
        }
    }
}

/// A compiled widget with its kind erased, so a device can hold widgets of different kinds.
protocol CompiledWidget: Sendable {
    var id: String { get }
    var kindName: String { get }
    var hostCommitTimes: [Date] { get }
    var glances: [TimeSpan]? { get }
    var hasSource: Bool { get }
    /// When intents save for the widget, and for a control's interaction, which control.
    var intentWriteTimes: [(at: Date, control: Int?)] { get }
    var serverChanges: [(at: Date, fingerprint: ContentFingerprint)] { get }

    /// A run of this widget under `strategy` on one device.
    func makeRun(_ setup: WidgetRunSetup) -> any WidgetRunning
}

/// What a widget's run is made from besides its script: the strategy, the device, the model.
struct WidgetRunSetup {
    var strategy: StrategyName
    var deviceSeed: UInt64
    var model: SystemModel
    var start: Date
    var budgetResets: [Date]
    var recordsTrace: Bool
    /// Whether the run follows its screen (installed timelines, the entries shown): only for
    /// ``WidgetRunning/result(until:scenario:)``, so runs that report backend load skip it.
    var measuresScreens = true
    /// The kinds of the controls that show this widget's data.
    var controlKinds: [String]
    /// The push strategies' refresh interval (``PushSetup/refreshAfter``).
    var pushRefreshAfter: TimeInterval
    /// Read-back checks shared with the rest of a fleet (``DeviceSimulation/readBacks``).
    var readBacks: PayloadReadBacks? = nil
}

extension WidgetScript: CompiledWidget {
    var kindName: String { kind.kind }
    var hostCommitTimes: [Date] { hostCommits.map(\.at) }
    var hasSource: Bool { source != nil }
    var intentWriteTimes: [(at: Date, control: Int?)] { intentWrites.map { ($0.at, $0.control) } }

    func makeRun(_ setup: WidgetRunSetup) -> any WidgetRunning {
        WidgetRun(script: self, setup: setup)
    }
}
