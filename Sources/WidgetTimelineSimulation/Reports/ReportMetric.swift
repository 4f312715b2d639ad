#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// One row of the comparison tables: its label, what it measures in one line, and how its value is
/// written. The text table and the HTML report draw the same rows from here, so a metric has one
/// label and one definition everywhere (the long form is in docs/simulator.md, "Metrics"). Rows
/// exist for a widget's metrics (``ReportMetric``), a device's pushes and a control's.
struct ReportRow<Metrics>: Sendable {
    /// The row's label, with its unit: `stale shown as fresh, min`.
    let label: String
    /// What the number counts, in one line, with "lower is better" where it is.
    let definition: String
    /// Whether 0 is the goal and anything else a failure (the report colours it).
    let zeroIsTheGoal: Bool
    let value: @Sendable (Metrics) -> String
    /// For rows that rarely apply: whether a strategy's value is worth a row. The row is left out
    /// when this is false for every strategy; `nil` rows are always shown.
    let appliesTo: (@Sendable (Metrics) -> Bool)?

    init(
        label: String, definition: String, zeroIsTheGoal: Bool = false,
        value: @escaping @Sendable (Metrics) -> String,
        appliesTo: (@Sendable (Metrics) -> Bool)? = nil
    ) {
        self.label = label
        self.definition = definition
        self.zeroIsTheGoal = zeroIsTheGoal
        self.value = value
        self.appliesTo = appliesTo
    }

    /// The rows of `rows` to show for `metrics`: those always shown, and the others where some
    /// strategy has a nonzero value.
    static func shown(_ rows: [ReportRow], for metrics: [Metrics]) -> [ReportRow] {
        rows.filter { row in row.appliesTo.map { metrics.contains(where: $0) } ?? true }
    }
}

/// A row of a widget's metrics.
typealias ReportMetric = ReportRow<WidgetMetrics>

extension ReportRow where Metrics == WidgetMetrics {
    /// The rows shown for one widget.
    static var perWidget: [ReportMetric] {
        [
            staleShownAsFresh, earlyEvent, wrongValue, noValue, changeToScreenMedian, changeToScreenP95,
            changeToScreenMax, changesNeverShown, providerRuns, budget, reloadsRequested, backendRequests,
            watchdogKills, pushReloads, taps, intentReloads,
        ]
    }

    /// The rows shown for all widgets together: sums only (a median of medians means nothing).
    static var totals: [ReportMetric] {
        [
            staleShownAsFresh, earlyEvent, wrongValue, providerRuns, budget, reloadsRequested,
            backendRequests,
            watchdogKills, pushReloads, taps, intentReloads,
        ]
    }

    static var staleShownAsFresh: ReportMetric {
        ReportMetric(
            label: "stale shown as fresh, min",
            definition:
                "minutes the screen claimed current data that was past its stale threshold; lower is better, 0 is the goal",
            zeroIsTheGoal: true,
            value: { TextReport.minutes($0.staleShownAsFreshMinutes) }, appliesTo: nil)
    }

    static var earlyEvent: ReportMetric {
        ReportMetric(
            label: "event shown early, min",
            definition:
                "minutes an event (due, overdue, a new day) was on screen before it happened; lower is better, 0 is the goal",
            zeroIsTheGoal: true,
            value: { TextReport.minutes($0.earlyEventMinutes) }, appliesTo: nil)
    }

    static var wrongValue: ReportMetric {
        ReportMetric(
            label: "wrong value shown, min",
            definition:
                "minutes the screen showed a value other than the truth, honest \"last known\" ones included; lower is better",
            zeroIsTheGoal: false,
            value: { TextReport.minutes($0.wrongValueMinutes) }, appliesTo: nil)
    }

    static var noValue: ReportMetric {
        ReportMetric(
            label: "no value shown, min",
            definition: "minutes showing \"no data yet\" or \"unavailable\"; lower is better",
            zeroIsTheGoal: false,
            value: { TextReport.minutes($0.noValueMinutes) }, appliesTo: nil)
    }

    static var changeToScreenMedian: ReportMetric {
        ReportMetric(
            label: "change → screen, median",
            definition: "the typical time from a data change until the screen showed it; lower is better",
            zeroIsTheGoal: false,
            value: { TextReport.duration($0.commitToDisplay.medianSeconds) }, appliesTo: nil)
    }

    static var changeToScreenP95: ReportMetric {
        ReportMetric(
            label: "change → screen, p95",
            definition: "95 in 100 data changes reached the screen within this; lower is better",
            zeroIsTheGoal: false,
            value: { TextReport.duration($0.commitToDisplay.p95Seconds) }, appliesTo: nil)
    }

    static var changeToScreenMax: ReportMetric {
        ReportMetric(
            label: "change → screen, max",
            definition: "the slowest data change to reach the screen; lower is better",
            zeroIsTheGoal: false,
            value: { TextReport.duration($0.commitToDisplay.maxSeconds) }, appliesTo: nil)
    }

    static var changesNeverShown: ReportMetric {
        ReportMetric(
            label: "changes never shown",
            definition: "data changes the screen never showed, nor anything newer; lower is better",
            zeroIsTheGoal: false,
            value: { "\($0.commitToDisplay.undelivered)" },
            appliesTo: { $0.commitToDisplay.undelivered > 0 })
    }

    static var providerRuns: ReportMetric {
        ReportMetric(
            label: "provider runs",
            definition: "times the system ran the widget's timeline provider (getTimeline)",
            zeroIsTheGoal: false,
            value: { "\($0.providerRuns)" }, appliesTo: nil)
    }

    static var budget: ReportMetric {
        ReportMetric(
            label: "budget used / refused",
            definition:
                "runs charged to the daily budget / reloads refused once it was spent; refusals: lower is better",
            zeroIsTheGoal: false,
            value: { "\($0.budgetUsed) / \($0.budgetRefused)" }, appliesTo: nil)
    }

    static var reloadsRequested: ReportMetric {
        ReportMetric(
            label: "reloads requested",
            definition: "the app's reloadTimelines calls that named this widget's kind",
            zeroIsTheGoal: false,
            value: { "\($0.reloadsRequested)" }, appliesTo: nil)
    }

    static var backendRequests: ReportMetric {
        ReportMetric(
            label: "backend requests",
            definition: "requests the widget extension sent to the server",
            zeroIsTheGoal: false,
            value: { "\($0.backendRequests)" },
            appliesTo: { $0.backendRequests > 0 })
    }

    static var watchdogKills: ReportMetric {
        ReportMetric(
            label: "killed by the watchdog",
            definition: "provider runs the system stopped for taking too long; lower is better",
            zeroIsTheGoal: false,
            value: { "\($0.watchdogKills)" },
            appliesTo: { $0.watchdogKills > 0 })
    }

    static var pushReloads: ReportMetric {
        ReportMetric(
            label: "push reloads", definition: "reloads a delivered WidgetKit push caused",
            value: { "\($0.pushReloads)" }, appliesTo: { $0.pushReloads > 0 })
    }

    static var taps: ReportMetric {
        ReportMetric(
            label: "taps", definition: "taps on the widget's button or toggle, each an intent that saved",
            value: { "\($0.taps)" }, appliesTo: { $0.taps > 0 })
    }

    static var intentReloads: ReportMetric {
        ReportMetric(
            label: "reloads after a tap",
            definition: "the immediate, free reloads the system gave after an intent",
            value: { "\($0.intentReloads)" }, appliesTo: { $0.intentReloads > 0 })
    }
}

extension ReportRow where Metrics == PushMetrics {
    /// The rows of a device's pushes.
    static var pushes: [ReportRow] {
        [
            ReportRow(
                label: "pushes sent",
                definition: "WidgetKit pushes the server sent the device (APNs requests)",
                value: { "\($0.sent)" }),
            ReportRow(
                label: "pushes delivered",
                definition: "pushes that reached the device and reloaded its widgets",
                value: { "\($0.delivered)" }),
            ReportRow(
                label: "pushes dropped",
                definition: "pushes that reached the device when its push budget was out; lower is better",
                value: { "\($0.dropped)" }),
            ReportRow(
                label: "pushes coalesced", definition: "pushes replaced on their way by a later one",
                value: { "\($0.coalesced)" }),
        ]
    }
}

extension ReportRow where Metrics == ControlMetrics {
    /// The rows of one control.
    static var control: [ReportRow] {
        [
            ReportRow(
                label: "control behind, min",
                definition: "minutes the control showed older data than its widget's newest; lower is better",
                value: { TextReport.minutes($0.behindMinutes) }),
            ReportRow(
                label: "control reloads", definition: "times the control's value provider ran",
                value: { "\($0.reloads)" }),
            ReportRow(
                label: "control reloads requested",
                definition: "the app's reloadControls calls naming its kind",
                value: { "\($0.reloadsRequested)" }),
            ReportRow(
                label: "interactions",
                definition: "taps or toggles of the control, each an intent that saved",
                value: { "\($0.interactions)" }, appliesTo: { $0.interactions > 0 }),
        ]
    }
}
