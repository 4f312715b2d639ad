#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// One control on one simulated device: when it reloaded, why, and what it read each time.
///
/// A control's value provider reads the widget's store when the control reloads — after its
/// intent's `perform()`, at the app's request, when it is added — and shows that until the next
/// reload. No budget is modelled: Apple publishes none for controls.
final class ControlRun {
    let control: CompiledControl
    /// Each reload: when, why (`added`, `app`, `intent`, `interaction`) and what it read.
    private(set) var reloads: [(at: Date, cause: String, reading: ControlReading)] = []
    /// The app's reload requests naming the control's kind.
    var requests: [Date] = []
    /// The user's interactions.
    var interactions: [Date] = []

    init(control: CompiledControl) { self.control = control }

    func reload(at now: Date, cause: String, reading: ControlReading) {
        reloads.append((now, cause, reading))
    }

    /// The control's metrics and trace until `end`, measured against the data of `widget`.
    func result(until end: Date, widget: any WidgetRunning) -> ControlResult {
        let changes = widget.dataChangeTimes
        var behind: TimeInterval = 0
        for (index, reload) in reloads.enumerated() {
            let stretchEnd = index + 1 < reloads.count ? reloads[index + 1].at : end
            guard stretchEnd > reload.at else { continue }
            behind += Self.behind(
                showing: reload.reading.version, from: reload.at, to: stretchEnd, changes: changes)
        }
        // Before its first reload the control shows nothing.
        behind += Self.behind(
            showing: nil, from: .distantPast, to: reloads.first?.at ?? end, changes: changes)
        var metrics = ControlMetrics()
        metrics.behindMinutes = MetricRounding.minutes(behind)
        metrics.reloads = reloads.count
        metrics.reloadsRequested = requests.count
        metrics.interactions = interactions.count
        return ControlResult(
            control: control.id, kind: control.kind, metrics: metrics,
            trace: ControlTrace(
                reloads: reloads.map {
                    ControlTrace.Reload(
                        at: $0.at, cause: $0.cause, revision: $0.reading.revision,
                        observedAt: $0.reading.observedAt, data: $0.reading.version)
                },
                reloadRequests: requests, interactions: interactions))
    }

    /// How long, within `[from, to)`, a control showing data change `version` (`nil`: nothing) was
    /// behind the newest change.
    static func behind(showing version: Int?, from: Date, to: Date, changes: [Date]) -> TimeInterval {
        // The first change newer than what is shown makes it behind, from then to `to`.
        let newer = version.map { $0 + 1 } ?? 0
        guard newer < changes.count else { return 0 }
        let since = max(from, changes[newer])
        return since < to ? to.timeIntervalSince(since) : 0
    }
}

/// What one control did under one strategy.
public struct ControlResult: Sendable, Hashable, Codable {
    /// The scenario's control id.
    public var control: String
    public var kind: String
    public var metrics: ControlMetrics
    /// What happened and when; `--trace` writes it. Not part of the JSON output.
    public var trace: ControlTrace

    private enum CodingKeys: String, CodingKey { case control, kind, metrics }

    public init(control: String, kind: String, metrics: ControlMetrics, trace: ControlTrace) {
        self.control = control
        self.kind = kind
        self.metrics = metrics
        self.trace = trace
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        control = try container.decode(String.self, forKey: .control)
        kind = try container.decode(String.self, forKey: .kind)
        metrics = try container.decode(ControlMetrics.self, forKey: .metrics)
        trace = ControlTrace()
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(control, forKey: .control)
        try container.encode(kind, forKey: .kind)
        try container.encode(metrics, forKey: .metrics)
    }
}

/// A control's numbers.
public struct ControlMetrics: Sendable, Hashable, Codable {
    /// Minutes the control showed older data than its widget's newest (or nothing while data
    /// existed); lower is better.
    public var behindMinutes = 0.0
    /// Times the control's value provider ran.
    public var reloads = 0
    /// The app's `reloadControls(ofKind:)` calls naming the control's kind.
    public var reloadsRequested = 0
    /// The user's taps or toggles.
    public var interactions = 0

    public init() {}
}

/// What happened to one control, for the trace.
public struct ControlTrace: Sendable, Hashable {
    public struct Reload: Sendable, Hashable {
        public var at: Date
        /// `added`, `app`, `intent` or `interaction`.
        public var cause: String
        /// The revision and observation time of the value read, if there was one.
        public var revision: Int?
        public var observedAt: Date?
        /// The index of the widget's data change the value read carries.
        public var data: Int?
    }

    public var reloads: [Reload] = []
    public var reloadRequests: [Date] = []
    public var interactions: [Date] = []
}
