import Foundation

/// One row of the comparison tables: its label, what it measures in one line, and how its value is
/// written. The text table and the HTML report draw the same rows from here, so a metric has one
/// label and one definition everywhere (the long form is in docs/simulator.md, "Metrics").
struct ReportMetric: Sendable {
    /// The row's label, with its unit: `stale shown as fresh, min`.
    let label: String
    /// What the number counts, in one line, with "lower is better" where it is.
    let definition: String
    /// Whether 0 is the goal and anything else a failure (the report colours it).
    let zeroIsTheGoal: Bool
    let value: @Sendable (WidgetMetrics) -> String
    /// For rows that rarely apply: whether a strategy's value is worth a row. The row is left out
    /// when this is false for every strategy; `nil` rows are always shown.
    let appliesTo: (@Sendable (WidgetMetrics) -> Bool)?

    /// The rows shown for one widget.
    static let perWidget: [ReportMetric] = [
        staleShownAsFresh, earlyEvent, wrongValue, noValue, changeToScreenMedian, changeToScreenP95,
        changeToScreenMax, changesNeverShown, providerRuns, budget, reloadsRequested, backendRequests,
        watchdogKills,
    ]

    /// The rows shown for all widgets together: sums only (a median of medians means nothing).
    static let totals: [ReportMetric] = [
        staleShownAsFresh, earlyEvent, wrongValue, providerRuns, budget, reloadsRequested, backendRequests,
        watchdogKills,
    ]

    /// The rows of `rows` to show for `metrics`: those always shown, and the others where some
    /// strategy has a nonzero value.
    static func shown(_ rows: [ReportMetric], for metrics: [WidgetMetrics]) -> [ReportMetric] {
        rows.filter { row in row.appliesTo.map { metrics.contains(where: $0) } ?? true }
    }

    static let staleShownAsFresh = ReportMetric(
        label: "stale shown as fresh, min",
        definition:
            "minutes the screen claimed current data that was past its stale threshold; lower is better, 0 is the goal",
        zeroIsTheGoal: true,
        value: { TextReport.minutes($0.staleShownAsFreshMinutes) }, appliesTo: nil)

    static let earlyEvent = ReportMetric(
        label: "event shown early, min",
        definition:
            "minutes an event (due, overdue, a new day) was on screen before it happened; lower is better, 0 is the goal",
        zeroIsTheGoal: true,
        value: { TextReport.minutes($0.earlyEventMinutes) }, appliesTo: nil)

    static let wrongValue = ReportMetric(
        label: "wrong value shown, min",
        definition:
            "minutes the screen showed a value other than the truth, honest \"last known\" ones included; lower is better",
        zeroIsTheGoal: false,
        value: { TextReport.minutes($0.wrongValueMinutes) }, appliesTo: nil)

    static let noValue = ReportMetric(
        label: "no value shown, min",
        definition: "minutes showing \"no data yet\" or \"unavailable\"; lower is better",
        zeroIsTheGoal: false,
        value: { TextReport.minutes($0.noValueMinutes) }, appliesTo: nil)

    static let changeToScreenMedian = ReportMetric(
        label: "change → screen, median",
        definition: "the typical time from a data change until the screen showed it; lower is better",
        zeroIsTheGoal: false,
        value: { TextReport.duration($0.commitToDisplay.medianSeconds) }, appliesTo: nil)

    static let changeToScreenP95 = ReportMetric(
        label: "change → screen, p95",
        definition: "95 in 100 data changes reached the screen within this; lower is better",
        zeroIsTheGoal: false,
        value: { TextReport.duration($0.commitToDisplay.p95Seconds) }, appliesTo: nil)

    static let changeToScreenMax = ReportMetric(
        label: "change → screen, max",
        definition: "the slowest data change to reach the screen; lower is better",
        zeroIsTheGoal: false,
        value: { TextReport.duration($0.commitToDisplay.maxSeconds) }, appliesTo: nil)

    static let changesNeverShown = ReportMetric(
        label: "changes never shown",
        definition: "data changes the screen never showed, nor anything newer; lower is better",
        zeroIsTheGoal: false,
        value: { "\($0.commitToDisplay.undelivered)" },
        appliesTo: { $0.commitToDisplay.undelivered > 0 })

    static let providerRuns = ReportMetric(
        label: "provider runs",
        definition: "times the system ran the widget's timeline provider (getTimeline)",
        zeroIsTheGoal: false,
        value: { "\($0.providerRuns)" }, appliesTo: nil)

    static let budget = ReportMetric(
        label: "budget used / refused",
        definition:
            "runs charged to the daily budget / reloads refused once it was spent; refusals: lower is better",
        zeroIsTheGoal: false,
        value: { "\($0.budgetUsed) / \($0.budgetRefused)" }, appliesTo: nil)

    static let reloadsRequested = ReportMetric(
        label: "reloads requested",
        definition: "the app's reloadTimelines calls that named this widget's kind",
        zeroIsTheGoal: false,
        value: { "\($0.reloadsRequested)" }, appliesTo: nil)

    static let backendRequests = ReportMetric(
        label: "backend requests",
        definition: "requests the widget extension sent to the server",
        zeroIsTheGoal: false,
        value: { "\($0.backendRequests)" },
        appliesTo: { $0.backendRequests > 0 })

    static let watchdogKills = ReportMetric(
        label: "killed by the watchdog",
        definition: "provider runs the system stopped for taking too long; lower is better",
        zeroIsTheGoal: false,
        value: { "\($0.watchdogKills)" },
        appliesTo: { $0.watchdogKills > 0 })
}
