import WidgetTimeline

/// What besides its own policy reloads a widget, as `lint --reloaded-by` names it: the lint of
/// push-era mistakes needs to know, because a timeline cannot say.
enum ReloadPath: String, CaseIterable, Sendable {
    /// The host app reloads the kind when its data changes (`WidgetSync.commit`).
    case app
    /// The widget has a push handler and the server pushes on change.
    case push
    /// An interactive widget's intent: reloads only the tapped widget, only when tapped.
    case intent
    /// Nothing: the policy alone.
    case none

    /// The paths named by `--reloaded-by` (each value may also be a comma-separated list).
    static func parse(_ values: [String], command: String) throws(CommandFailure) -> Set<ReloadPath>? {
        guard !values.isEmpty else { return nil }
        var paths: Set<ReloadPath> = []
        let names = allCases.map(\.rawValue)
        for word in values.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }).map(
            String.init)
        {
            guard let path = ReloadPath(rawValue: word) else {
                throw .usage(
                    "--reloaded-by '\(word)' must be one of: \(names.joined(separator: ", "))"
                        + Suggestion.clause(for: word, among: names),
                    command: command)
            }
            paths.insert(path)
        }
        if paths.contains(.none) && paths.count > 1 {
            throw .usage("--reloaded-by 'none' cannot be combined with another path", command: command)
        }
        return paths
    }

    /// The push-era findings for a timeline reloaded by `paths`.
    ///
    /// - `never-without-reload-path` (error): `.never` and neither the app nor a push reloads the
    ///   widget, so it shows this timeline forever — or, with `intent`, until a tap.
    /// - `never-fresh-forever` (warning): `.never`, reloaded by push, and the last entry claims fresh
    ///   data: a push the budget drops leaves it claiming fresh data for good.
    static func findings<State>(
        _ timeline: PlannedTimeline<State>, reloadedBy paths: Set<ReloadPath>, situation: (State) -> String?
    ) -> [LintFinding] {
        guard timeline.policy == .never else { return [] }
        var findings: [LintFinding] = []
        if paths.isDisjoint(with: [.app, .push]) {
            let until = paths.contains(.intent) ? "until the user taps it" : "forever"
            findings.append(
                LintFinding(
                    .error, "never-without-reload-path",
                    ".never and neither the app nor a push reloads this widget: it shows this timeline \(until); "
                        + "reload the kind from the app when its data changes, add a push handler, or use .after(date)"
                ))
        }
        if paths.contains(.push), let last = timeline.entries.last, situation(last.state) == "fresh" {
            findings.append(
                LintFinding(
                    .warning, "never-fresh-forever",
                    "the last entry claims fresh data under .never; pushes are budgeted and may be dropped, "
                        + "so plan an entry that says when the data turns stale",
                    entry: timeline.entries.count - 1))
        }
        return findings
    }
}
