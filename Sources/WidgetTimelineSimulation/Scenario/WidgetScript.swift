import Foundation
import WidgetTimeline

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
    /// Every data change, host or server, oldest first (a host commit before a server update at the
    /// same instant): what an omniscient widget would show. Worked out once, when the scenario is
    /// compiled, because every device of a fleet measures against it.
    let truth: [(at: Date, payload: Kind.Payload)]
    /// Where each change of ``truth`` came from: `host` or `server`.
    let truthOrigins: [String]

    init(
        id: String, kind: Kind, key: SnapshotKey, hostCommits: [(at: Date, payload: Kind.Payload)],
        source: SimulatedSource<Kind.Payload>?, glances: [TimeSpan]?
    ) {
        self.id = id
        self.kind = kind
        self.key = key
        self.hostCommits = hostCommits
        self.source = source
        self.glances = glances
        let host = hostCommits.map { (at: $0.at, payload: $0.payload, origin: "host") }
        let server = (source?.versions ?? []).map { (at: $0.at, payload: $0.payload, origin: "server") }
        let merged = (host + server).enumerated()
            .sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        truth = merged.map { (at: $0.at, payload: $0.payload) }
        truthOrigins = merged.map(\.origin)
    }
}

/// A compiled widget with its kind erased, so a device can hold widgets of different kinds.
protocol CompiledWidget: Sendable {
    var id: String { get }
    var kindName: String { get }
    var hostCommitTimes: [Date] { get }
    var glances: [TimeSpan]? { get }
    var hasSource: Bool { get }

    /// A run of this widget under `strategy` on one device.
    func makeRun(
        strategy: StrategyName, deviceSeed: UInt64, model: SystemModel, start: Date, budgetResets: [Date],
        recordsTrace: Bool
    ) -> any WidgetRunning
}

extension WidgetScript: CompiledWidget {
    var kindName: String { kind.kind }
    var hostCommitTimes: [Date] { hostCommits.map(\.at) }
    var hasSource: Bool { source != nil }

    func makeRun(
        strategy: StrategyName, deviceSeed: UInt64, model: SystemModel, start: Date, budgetResets: [Date],
        recordsTrace: Bool
    ) -> any WidgetRunning {
        WidgetRun(
            script: self, strategy: strategy, deviceSeed: deviceSeed, model: model, start: start,
            budgetResets: budgetResets, recordsTrace: recordsTrace)
    }
}
