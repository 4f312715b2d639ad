#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

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
        let own = events.filter { $0.event.key == key }
        let failedSaves = Set(own.filter { Self.isFailedSave($0, in: events) }.map(\.position))
        findings = Self.walk(key: key, events: own, all: events, failedSaves: failedSaves)
    }

    /// Whether `logged` is an `error` of a save the app asked for: the host's, or the extension's
    /// outside a load (an intent's). A load's errors — a fetch that failed, a fetched answer not
    /// saved — fail no save: what was stored stands.
    private static func isFailedSave(_ logged: LoggedEvent, in all: [LoggedEvent]) -> Bool {
        guard logged.event.stage == .error else { return false }
        return logged.event.side == .host || !isInLoad(logged, in: all)
    }

    /// Whether the extension logged `logged` in a load: every load logs its read first, and a run
    /// writes its events in one append, so the events before it back to that read (or the run's
    /// `provider_run`) are the load's own, of its key and side.
    private static func isInLoad(_ logged: LoggedEvent, in all: [LoggedEvent]) -> Bool {
        for earlier in all[..<logged.position].reversed() {
            let event = earlier.event
            guard event.side == .widgetExtension, event.key == logged.event.key else { return false }
            switch event.stage {
            case .providerRun, .snapshotRead: return true
            case .error: continue
            case .snapshotCommit where event.reason?.hasPrefix("fetched") == true: continue
            default: return false
            }
        }
        return false
    }

    private static func clock(_ date: Date) -> String { Instant.format(date) }

    /// An event and where it is in the log.
    struct LoggedEvent {
        var position: Int
        var event: DiagnosticEvent
    }

    /// The newest evidence in the log that a revision of the key is saved, and what it tells.
    enum Saved {
        /// The host committed it, and asks for a reload.
        case hostCommit
        /// An interactive widget's intent saved it; the system reloads the tapped widget itself.
        case intentCommit
        /// The extension fetched and saved it during a provider run.
        case fetched
        /// The extension saved it outside a provider run and outside the intent path: it asks for
        /// no reload, so the widget's next scheduled refresh reads it.
        case extensionCommit
        /// The host found the content unchanged and kept it: the commit is older than the log.
        case kept
        /// Only a read shows it: the commit is older than the log.
        case read
    }

    private static func walk(
        key: String, events: [LoggedEvent], all: [LoggedEvent], failedSaves: Set<Int>
    ) -> [Finding] {
        var findings: [Finding] = []
        func fail(_ stage: Stage, _ detail: String) -> [Finding] {
            findings + [Finding(stage: stage, verdict: .failed, detail: detail)]
        }
        func tried(_ failed: DiagnosticEvent) -> String {
            "\(failed.side == .host ? "host" : "extension") tried to save at \(clock(failed.at)) but failed "
                + "(\(failed.reason ?? "error"))"
        }

        // 1. The newest save: a commit from either side, or a kept revision whose commit the log
        // no longer holds, or at least a revision read.
        guard let (saved, anchor, evidence) = newestSave(in: events, all: all) else {
            let failedCommit = events.last { failedSaves.contains($0.position) }?.event
            let detail =
                failedCommit.map(tried)
                ?? "no host commit for '\(key)' in the log → the host never saved it, or logs to another directory"
            return fail(.saved, detail)
        }
        let revision = anchor.event.revision ?? 0
        // A save that failed after the newest evidence of one. (A skip after a failure found the
        // content the app wants already stored: nothing failed.)
        if let failed = events.last(where: { $0.position > evidence && failedSaves.contains($0.position) })?
            .event
        {
            return fail(.saved, tried(failed) + " → revision \(revision), saved before, is the newest")
        }
        let at = clock(anchor.event.at)
        let savedDetail: String
        switch saved {
        case .hostCommit: savedDetail = "host committed revision \(revision)"
        case .intentCommit: savedDetail = "revision \(revision) saved from an intent at \(at)"
        case .extensionCommit: savedDetail = "extension saved revision \(revision) at \(at)"
        case .fetched: savedDetail = "extension saved fetched revision \(revision) at \(at)"
        case .kept:
            savedDetail =
                "host kept revision \(revision) at \(at): unchanged content, saved before the log begins"
        case .read:
            savedDetail = "revision \(revision) is saved: read at \(at), committed before the log begins"
        }
        findings.append(Finding(stage: .saved, verdict: .passed, detail: savedDetail))

        // 2. A reload of the commit's kind after it — where the log can show one.
        let runs = events.filter { $0.event.stage == .providerRun && $0.event.side == .widgetExtension }
        switch saved {
        case .hostCommit:
            break
        case .intentCommit, .extensionCommit:
            let (detail, since) =
                saved == .intentCommit
                ? (
                    "the system reloads the tapped widget after the intent (not logged)",
                    "the intent's save at \(at)"
                )
                : (
                    "the extension asks for no reload; the widget's next scheduled refresh reads it",
                    "the extension's save at \(at)"
                )
            findings.append(Finding(stage: .reloadRequested, verdict: .notObserved, detail: detail))
            return walkRuns(
                runs.filter { $0.position > anchor.position }, revision: revision, since: since,
                events: events, findings: findings)
        case .fetched:
            findings.append(
                Finding(
                    stage: .reloadRequested, verdict: .notObserved,
                    detail: "no host reload (the extension fetched the data)"))
            guard let run = runs.last(where: { $0.position < anchor.position }) else {
                return findings + [
                    Finding(stage: .providerRan, verdict: .notObserved, detail: "no provider run logged")
                ]
            }
            findings.append(
                Finding(
                    stage: .providerRan, verdict: .passed, detail: "provider ran at \(clock(run.event.at))"))
            return walkRead(in: run, reaching: revision, events: events, findings: findings)
        case .kept, .read:
            findings.append(
                Finding(
                    stage: .reloadRequested, verdict: .notObserved,
                    detail: "the commit of revision \(revision) and its reload request are older than the log"
                ))
            guard !runs.isEmpty else {
                return findings + [
                    Finding(
                        stage: .providerRan, verdict: .notObserved,
                        detail: "no provider run for '\(key)' in the log; one may have run before it begins")
                ]
            }
            return walkRuns(runs, revision: revision, since: "", events: events, findings: findings)
        }

        let kind = anchor.event.kind ?? ""
        let reloads = all.filter { $0.position > anchor.position && $0.event.stage == .reloadRequest }
        // A reload of the commit's kind (any key: the system reloads every widget of the kind), of
        // every kind, or of a kind the commit named for this key.
        let relevant = reloads.filter {
            $0.event.kind == kind || $0.event.kind == "*" || ($0.event.key == key && $0.event.kind != nil)
        }
        let requested = relevant.filter { $0.event.reason != "not-installed" }
        if requested.isEmpty, let skipped = relevant.first?.event {
            return fail(
                .reloadRequested,
                "reload of kind '\(skipped.kind ?? kind)' skipped at \(clock(skipped.at)): the system reported no "
                    + "installed widget of that kind → check the kind string, or that the widget is added")
        }
        guard let reload = requested.first else {
            return fail(
                .reloadRequested,
                "no reload requested for kind '\(kind)' after revision \(revision) "
                    + "→ the widget shows it only at its next scheduled refresh")
        }
        let reloadedKinds = Set(requested.compactMap(\.event.kind))
        let shown =
            reloadedKinds.contains(kind) || reloadedKinds.contains("*") ? kind : reload.event.kind ?? kind
        // The right kind is the one whose provider reads this key: when this key's provider runs
        // after the request only under kinds that were not reloaded, the request named the wrong
        // kind — stage 2, the first that failed — even though a reload was asked for. Runs for other
        // keys say nothing about this one.
        let after = runs.filter { $0.position > reload.position }
        let matching = after.filter {
            reloadedKinds.contains("*") || $0.event.kind.map(reloadedKinds.contains) ?? true
        }
        if matching.isEmpty, let other = after.first?.event {
            return fail(
                .reloadRequested,
                "reload requested for kind '\(shown)', but the provider for '\(key)' runs kind "
                    + "'\(other.kind ?? "?")' → the kind strings must match")
        }
        findings.append(
            Finding(stage: .reloadRequested, verdict: .passed, detail: "reload requested for kind '\(shown)'")
        )

        // 3. A provider run for this key, of a kind reloaded, after the reload request.
        return walkRuns(
            matching, revision: revision, since: "the reload request at \(clock(reload.event.at))",
            events: events,
            findings: findings)
    }

    /// The newest event that shows a revision of the key saved, what kind of evidence it is, and
    /// the position of that evidence (a skip's, where the anchor is the commit it kept).
    private static func newestSave(in events: [LoggedEvent], all: [LoggedEvent]) -> (
        Saved, LoggedEvent, Int
    )? {
        let saves = events.filter { $0.event.stage == .snapshotCommit || $0.event.stage == .dedupeSkip }
        if let last = saves.last {
            var newest = last
            // A kept revision whose commit is in the log: the commit says more.
            if newest.event.stage == .dedupeSkip,
                let commit = saves.last(where: {
                    $0.event.stage == .snapshotCommit && $0.event.revision == newest.event.revision
                })
            {
                newest = commit
            }
            let event = newest.event
            if event.stage == .dedupeSkip { return (.kept, newest, last.position) }
            if event.reason?.split(separator: ",").contains("intent") == true {
                return (.intentCommit, newest, last.position)
            }
            if event.side == .host { return (.hostCommit, newest, last.position) }
            // The extension saves in a run what it fetched; anything else it saves is the app's.
            let fetched = event.reason?.hasPrefix("fetched") == true || isInLoad(newest, in: all)
            return (fetched ? .fetched : .extensionCommit, newest, last.position)
        }
        return events.last { $0.event.stage == .snapshotRead && $0.event.revision != nil }.map {
            (.read, $0, $0.position)
        }
    }

    /// Stages 3–6 over the provider runs that could show `revision`: the first shows the provider
    /// runs; the first that reached the revision is read on. A run logged after a commit may have
    /// started before it (a run's events are written when it ends) and read the revision before:
    /// a later run that reached it still passes.
    private static func walkRuns(
        _ runs: [LoggedEvent], revision: Int, since: String, events: [LoggedEvent], findings: [Finding]
    ) -> [Finding] {
        var findings = findings
        guard let first = runs.first else {
            return findings + [
                Finding(
                    stage: .providerRan, verdict: .failed,
                    detail: "no provider run since \(since) "
                        + "→ the system has not refreshed yet (budget, app in foreground), or the extension logs elsewhere"
                )
            ]
        }
        let run = runs.first { reached(in: $0, events: events) ?? -1 >= revision } ?? runs.last ?? first
        findings.append(
            Finding(stage: .providerRan, verdict: .passed, detail: "provider ran at \(clock(run.event.at))"))
        return walkRead(in: run, reaching: revision, events: events, findings: findings)
    }

    /// The events of the run `run` logged: the key's events after it, up to its next run.
    private static func segment(of run: LoggedEvent, events: [LoggedEvent]) -> [DiagnosticEvent] {
        let later = events.drop { $0.position <= run.position }
        return Array(later.prefix { $0.event.stage != .providerRun }.map(\.event))
    }

    /// The newest revision a run read or saved.
    private static func reached(in run: LoggedEvent, events: [LoggedEvent]) -> Int? {
        segment(of: run, events: events).filter {
            $0.stage == .snapshotRead || ($0.stage == .snapshotCommit && $0.side == .widgetExtension)
        }.compactMap(\.revision).max()
    }

    /// Stages 4–6 for one run: did it read (or fetch and save) `revision` or newer, and build a
    /// timeline from it?
    private static func walkRead(
        in run: LoggedEvent,
        reaching revision: Int,
        events: [LoggedEvent],
        findings: [Finding]
    ) -> [Finding] {
        var findings = findings
        let later = segment(of: run, events: events)
        let ranAt = clock(run.event.at)
        // 4. The revision the provider read, or fetched and saved.
        guard let read = later.first(where: { $0.stage == .snapshotRead }) else {
            return findings + [
                Finding(
                    stage: .revisionRead, verdict: .failed,
                    detail:
                        "provider ran at \(ranAt) but logged no read → the provider does not read the store"
                )
            ]
        }
        let fetched = later.last { $0.stage == .snapshotCommit && $0.side == .widgetExtension }
        let kept = later.last {
            $0.stage == .snapshotRead
                && ($0.reason == "conflict-kept-stored" || $0.reason == "older-answer-kept-stored")
        }
        let readText =
            read.revision.map { "read revision \($0)" } ?? "found no snapshot (\(read.reason ?? "missing"))"
        if let saved = fetched?.revision ?? kept?.revision, saved >= revision {
            let how =
                fetched != nil
                ? "fetched and saved"
                : kept?.reason == "conflict-kept-stored"
                    ? "kept, after a conflict, the stored" : "kept, over an older answer, the stored"
            findings.append(
                Finding(
                    stage: .revisionRead, verdict: .passed,
                    detail: "provider \(readText), then \(how) revision \(saved)"))
        } else if let readRevision = read.revision, readRevision >= revision {
            findings.append(
                Finding(
                    stage: .revisionRead, verdict: .passed, detail: "provider read revision \(readRevision)"))
        } else {
            return findings + [
                Finding(
                    stage: .revisionRead, verdict: .failed,
                    detail: readFailure(read, ranAt: ranAt, revision: revision))
            ]
        }

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

    /// Why a read did not reach `revision`, by what the read found.
    private static func readFailure(_ read: DiagnosticEvent, ranAt: String, revision: Int) -> String {
        let reason = read.reason ?? "missing"
        if let readRevision = read.revision {
            if reason == "fallback" {
                return
                    "provider ran at \(ranAt) but read revision \(readRevision): a newer revision could not be "
                    + "read and it fell back → the newer record is corrupted or of a schema it cannot read"
            }
            return "provider ran at \(ranAt) but read revision \(readRevision) "
                + "→ the extension reads another directory or an old copy"
        }
        switch reason {
        case "missing":
            return "provider ran at \(ranAt) but found no snapshot (missing) "
                + "→ the extension reads another directory (check the App Group identifier)"
        case UnavailableReason.snapshotIncompatible.rawValue:
            return "provider ran at \(ranAt) but cannot read the snapshot's schema version "
                + "\(read.schemaVersion.map(String.init) ?? "?") (\(reason)) → the host writes a schema this extension does not know"
        case UnavailableReason.snapshotCorrupted.rawValue:
            return "provider ran at \(ranAt) but every stored revision is corrupted (\(reason)) "
                + "→ the next save repairs it"
        default:
            return "provider ran at \(ranAt) but could not read the store (\(reason))"
        }
    }
}
