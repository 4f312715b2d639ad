import Foundation

/// Walks the six stages from a host commit to the screen for each key, in order, and names the
/// first that failed:
///
/// 1. Did the host save a new revision?
/// 2. Did it then ask to reload the right widget kind?
/// 3. Did the extension's provider run after that?
/// 4. Which revision did the provider read?
/// 5. Did it build a valid timeline for now and later?
/// 6. Was the state rendered? — not visible in a log; check the view with previews.
public struct Diagnosis: Sendable, Hashable {
    /// The verdict for each key seen in the log, sorted by key.
    public var keys: [KeyDiagnosis]

    /// Diagnoses `events` in the order they were logged (``FileDiagnosticLog/read()``'s order).
    ///
    /// "After" means later in the log, never a later timestamp: the host and the extension append
    /// to one file, so its order is the order things happened, while a clock set back (or two
    /// clocks that disagree) would put a provider run before the commit it read.
    public init(events: [DiagnosticEvent]) {
        let keyNames = Set(events.compactMap(\.key))
        let logged = events.enumerated().map {
            KeyDiagnosis.LoggedEvent(position: $0.offset, event: $0.element)
        }
        keys = keyNames.sorted().map { KeyDiagnosis(key: $0, events: logged) }
    }

    /// Whether some key has a failing stage.
    public var hasFailure: Bool { keys.contains { $0.firstFailure != nil } }
}

/// The stages walked for one key.
public struct KeyDiagnosis: Sendable, Hashable {
    public enum Stage: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
        case saved = 1
        case reloadRequested
        case providerRan
        case revisionRead
        case timelineBuilt
        case rendered

        public static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }

        public var description: String {
            switch self {
            case .saved: "host saved a revision"
            case .reloadRequested: "reload requested for the widget's kind"
            case .providerRan: "provider ran after the reload request"
            case .revisionRead: "provider read the saved revision"
            case .timelineBuilt: "timeline built for now and later"
            case .rendered: "state rendered"
            }
        }
    }

    public enum Verdict: Sendable, Hashable {
        case passed
        case failed
        case notObserved
    }

    public struct Finding: Sendable, Hashable {
        public var stage: Stage
        public var verdict: Verdict
        /// What the log shows, and for a failure what it most likely means.
        public var detail: String
    }

    public var key: String
    /// One finding per stage, in order, up to and including the first failure.
    public var findings: [Finding]

    /// The first failing stage, if any.
    public var firstFailure: Finding? { findings.first { $0.verdict == .failed } }

    /// One sentence: the chain as far as it held, then the failure and its likely cause.
    public var summary: String {
        guard let failure = firstFailure else {
            return findings.filter { $0.verdict == .passed }.map(\.detail).joined(separator: "; ")
                + " → every observable stage passed"
        }
        let before = findings.prefix { $0.stage < failure.stage }.map(\.detail)
        return (before + [failure.detail]).joined(separator: "; ")
    }

    init(key: String, events: [LoggedEvent]) {
        self.key = key
        findings = Self.walk(key: key, events: events.filter { $0.event.key == key }, all: events)
    }

    private static func clock(_ date: Date) -> String { Instant.format(date) }

    /// An event and where it is in the log.
    struct LoggedEvent {
        var position: Int
        var event: DiagnosticEvent
    }

    private static func walk(key: String, events: [LoggedEvent], all: [LoggedEvent]) -> [Finding] {
        var findings: [Finding] = []
        func fail(_ stage: Stage, _ detail: String) -> [Finding] {
            findings + [Finding(stage: stage, verdict: .failed, detail: detail)]
        }

        // 1. The newest host commit: the last one logged.
        guard let logged = events.last(where: { $0.event.stage == .snapshotCommit && $0.event.side == .host })
        else {
            if let saved = events.last(where: { $0.event.stage == .snapshotCommit }) {
                findings.append(
                    Finding(
                        stage: .saved, verdict: .passed,
                        detail:
                            "extension saved fetched revision \(saved.event.revision ?? 0) at \(clock(saved.event.at))"
                    ))
                return walkExtension(from: saved, key: key, events: events, findings: findings)
            }
            let failedCommit = events.last { $0.event.stage == .error && $0.event.side == .host }?.event
            let detail =
                failedCommit.map {
                    "host tried to save at \(clock($0.at)) but failed (\($0.reason ?? "error"))"
                }
                ?? "no host commit for '\(key)' in the log → the host never saved it, or logs to another directory"
            return fail(.saved, detail)
        }
        let commit = logged.event
        let revision = commit.revision ?? 0
        findings.append(
            Finding(stage: .saved, verdict: .passed, detail: "host committed revision \(revision)"))

        // 2. A reload of the commit's kind, after it.
        let kind = commit.kind ?? ""
        let reloads = all.filter { $0.position > logged.position && $0.event.stage == .reloadRequest }.map(
            \.event)
        if let skipped = reloads.first(where: { $0.kind == kind && $0.reason == "not-installed" }),
            !reloads.contains(where: { ($0.kind == kind || $0.kind == "*") && $0.reason != "not-installed" })
        {
            return fail(
                .reloadRequested,
                "reload of kind '\(kind)' skipped at \(clock(skipped.at)): the system reported no installed widget "
                    + "of that kind → check the kind string, or that the widget is added")
        }
        guard
            let reload = all.first(where: {
                $0.position > logged.position && $0.event.stage == .reloadRequest
                    && ($0.event.kind == kind || $0.event.kind == "*") && $0.event.reason != "not-installed"
            })
        else {
            if let other = reloads.first(where: { $0.key == key }) {
                return fail(
                    .reloadRequested,
                    "reload requested for kind '\(other.kind ?? "?")', but revision \(revision) is for '\(kind)' "
                        + "→ reload the kind that shows this key")
            }
            return fail(
                .reloadRequested,
                "no reload requested for kind '\(kind)' after revision \(revision) "
                    + "→ the widget shows it only at its next scheduled refresh")
        }
        findings.append(
            Finding(stage: .reloadRequested, verdict: .passed, detail: "reload requested for kind '\(kind)'"))

        // 3. A provider run for this key after the reload request.
        let runs = all.filter {
            $0.position > reload.position && $0.event.stage == .providerRun
                && $0.event.side == .widgetExtension
        }
        guard let run = runs.first(where: { $0.event.key == key }) else {
            if let other = runs.first(where: { $0.event.kind != nil && $0.event.kind != kind })?.event {
                return fail(
                    .providerRan,
                    "the extension ran kind '\(other.kind ?? "?")' but no provider of kind '\(kind)' "
                        + "→ the kind string reloaded does not match the widget's configuration")
            }
            return fail(
                .providerRan,
                "no provider run since the reload request at \(clock(reload.event.at)) "
                    + "→ the system has not refreshed yet (budget, app in foreground), or the extension logs elsewhere"
            )
        }
        if run.event.kind != nil && run.event.kind != kind {
            return fail(
                .providerRan,
                "the provider for '\(key)' runs kind '\(run.event.kind ?? "?")', but the host reloads '\(kind)' "
                    + "→ the kind strings must match")
        }
        findings.append(
            Finding(stage: .providerRan, verdict: .passed, detail: "provider ran at \(clock(run.event.at))"))
        return walkRead(after: run, revision: revision, key: key, events: events, findings: findings)
    }

    /// Stages 3–6 for a revision the extension itself fetched and saved (no host involvement).
    private static func walkExtension(
        from saved: LoggedEvent, key: String, events: [LoggedEvent], findings: [Finding]
    )
        -> [Finding]
    {
        var findings = findings
        findings.append(
            Finding(
                stage: .reloadRequested, verdict: .notObserved,
                detail: "no host reload (the extension fetched the data)"))
        guard
            let run = events.last(where: { $0.event.stage == .providerRun && $0.position < saved.position })
        else {
            return findings + [
                Finding(stage: .providerRan, verdict: .notObserved, detail: "no provider run logged")
            ]
        }
        findings.append(
            Finding(stage: .providerRan, verdict: .passed, detail: "provider ran at \(clock(run.event.at))"))
        return walkRead(
            after: run, revision: saved.event.revision ?? 0, key: key, events: events, findings: findings)
    }

    private static func walkRead(
        after run: LoggedEvent,
        revision: Int,
        key: String,
        events: [LoggedEvent],
        findings: [Finding]
    ) -> [Finding] {
        var findings = findings
        let later = events.filter { $0.position > run.position }.map(\.event)
        let ranAt = clock(run.event.at)
        // 4. The revision the provider read.
        guard let read = later.first(where: { $0.stage == .snapshotRead }) else {
            return findings + [
                Finding(
                    stage: .revisionRead, verdict: .failed,
                    detail:
                        "provider ran at \(ranAt) but logged no read → the provider does not read the store"
                )
            ]
        }
        guard let readRevision = read.revision else {
            return findings + [
                Finding(
                    stage: .revisionRead, verdict: .failed,
                    detail:
                        "provider ran at \(ranAt) but found no snapshot (\(read.reason ?? "missing")) "
                        + "→ the extension reads another directory (check the App Group identifier)")
            ]
        }
        if readRevision < revision {
            return findings + [
                Finding(
                    stage: .revisionRead, verdict: .failed,
                    detail: "provider ran at \(ranAt) but read revision \(readRevision) "
                        + "→ the extension reads another directory or an old copy")
            ]
        }
        findings.append(
            Finding(stage: .revisionRead, verdict: .passed, detail: "provider read revision \(readRevision)"))

        // 5. The timeline built.
        guard let build = later.first(where: { $0.stage == .timelineBuild }) else {
            let error = later.first { $0.stage == .error }
            return findings + [
                Finding(
                    stage: .timelineBuilt, verdict: .failed,
                    detail: "no timeline built after the read"
                        + (error.map { " (\($0.reason ?? "error"))" } ?? ""))
            ]
        }
        guard let count = build.entryCount, count > 0 else {
            return findings + [
                Finding(
                    stage: .timelineBuilt, verdict: .failed,
                    detail: "the timeline had no entries → WidgetKit discards it and keeps the old screen")
            ]
        }
        findings.append(
            Finding(
                stage: .timelineBuilt, verdict: .passed,
                detail: "timeline of \(count) entr\(count == 1 ? "y" : "ies"), policy \(build.policy ?? "?")")
        )

        // 6. Rendering happens in the view, outside any log.
        findings.append(
            Finding(
                stage: .rendered, verdict: .notObserved,
                detail: "rendering is not logged; check the view's states with previews"))
        return findings
    }
}
