public import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// One widget's outcome under one strategy: its metrics and its trace.
public struct WidgetResult: Sendable, Hashable, Codable {
    /// The scenario's widget id.
    public var widget: String
    public var kind: String
    /// The snapshot key the widget reads.
    public var key: SnapshotKey
    public var metrics: WidgetMetrics
    /// What happened and when; reports draw it and `--trace` writes it. Not part of the JSON
    /// output.
    public var trace: WidgetTrace

    private enum CodingKeys: String, CodingKey { case widget, kind, metrics }

    public init(widget: String, kind: String, key: SnapshotKey, metrics: WidgetMetrics, trace: WidgetTrace) {
        self.widget = widget
        self.kind = kind
        self.key = key
        self.metrics = metrics
        self.trace = trace
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        widget = try container.decode(String.self, forKey: .widget)
        kind = try container.decode(String.self, forKey: .kind)
        key = SnapshotKey(purpose: kind)
        metrics = try container.decode(WidgetMetrics.self, forKey: .metrics)
        trace = WidgetTrace()
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(widget, forKey: .widget)
        try container.encode(kind, forKey: .kind)
        try container.encode(metrics, forKey: .metrics)
    }
}

/// Every widget of one device under one strategy.
public struct StrategyResult: Sendable, Hashable, Codable {
    public var strategy: StrategyName
    public var widgets: [WidgetResult]
    /// Events the engine processed, for the benchmark's events per second.
    public var events: Int
    /// What became of the pushes the strategy's server sent (all zero for a strategy without push).
    public var push: PushMetrics
    /// Each of the app's controls, in scenario order.
    public var controls: [ControlResult]
    /// Each push the server sent, when a trace is recorded.
    var pushRecords: [PushChannel.Record]

    public init(
        strategy: StrategyName, widgets: [WidgetResult], events: Int, push: PushMetrics = PushMetrics(),
        controls: [ControlResult] = []
    ) {
        self.strategy = strategy
        self.widgets = widgets
        self.events = events
        self.push = push
        self.controls = controls
        pushRecords = []
    }

    private enum CodingKeys: String, CodingKey { case strategy, widgets, events, push, controls }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            strategy: try container.decode(StrategyName.self, forKey: .strategy),
            widgets: try container.decode([WidgetResult].self, forKey: .widgets),
            events: try container.decode(Int.self, forKey: .events),
            push: try container.decodeIfPresent(PushMetrics.self, forKey: .push) ?? PushMetrics(),
            controls: try container.decodeIfPresent([ControlResult].self, forKey: .controls) ?? [])
    }

    /// The metrics summed over the widgets. Of the delays, the changes shown and never shown are
    /// summed and the maximum is the widgets' largest; the median and 95th percentile are absent
    /// (`nil`): a median of medians means nothing.
    public var totals: WidgetMetrics {
        var total = WidgetMetrics()
        total.commitToDisplay = DelayStatistics(
            delivered: widgets.reduce(0) { $0 + $1.metrics.commitToDisplay.delivered },
            undelivered: widgets.reduce(0) { $0 + $1.metrics.commitToDisplay.undelivered },
            maxSeconds: widgets.compactMap(\.metrics.commitToDisplay.maxSeconds).max())
        for widget in widgets.map(\.metrics) {
            total.staleShownAsFreshMinutes += widget.staleShownAsFreshMinutes
            total.wrongValueMinutes += widget.wrongValueMinutes
            total.earlyEventMinutes += widget.earlyEventMinutes
            total.noValueMinutes += widget.noValueMinutes
            total.providerRuns += widget.providerRuns
            total.budgetUsed += widget.budgetUsed
            total.budgetRefused += widget.budgetRefused
            total.reloadsRequested += widget.reloadsRequested
            total.backendRequests += widget.backendRequests
            total.watchdogKills += widget.watchdogKills
            total.discardedTimelines += widget.discardedTimelines
            total.pushReloads += widget.pushReloads
            total.taps += widget.taps
            total.intentReloads += widget.intentReloads
        }
        total.staleShownAsFreshMinutes = (total.staleShownAsFreshMinutes * 100).rounded() / 100
        total.wrongValueMinutes = (total.wrongValueMinutes * 100).rounded() / 100
        total.earlyEventMinutes = (total.earlyEventMinutes * 100).rounded() / 100
        total.noValueMinutes = (total.noValueMinutes * 100).rounded() / 100
        return total
    }
}
