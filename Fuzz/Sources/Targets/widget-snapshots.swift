// Fuzz target: the example widgets' envelope and payload decoders, and everything `build` does
// with what they accept.
//
// Each input is tried, for every example widget, as a snapshot envelope (what `build --snapshot`
// reads) and as a bare payload (what `store write --widget` reads) — as given, and again with one
// of its numbers replaced by an extreme one (Int.max, 1e300, …), which byte mutations rarely reach. Whatever decodes is planned at
// an instant and in a zone chosen from the input, summarised as the CLI prints it, written as
// timeline JSON, and linted. One widget also runs the real `build` command in-process.
//
// Checked on every input:
// - decoding never traps; an accepted envelope or payload re-encodes to JSON that decodes to the
//   same value, and encodes to the same bytes again;
// - the planned timeline, loaded or after a failure, keeps every rule `PlanCheck` knows: the
//   invariants (SPEC P3: entries, first at now, increasing, spaced, bounded), the policy (P4:
//   never `.never`, a reload neither too soon nor later than any wait allows, whatever dates the
//   file claims), honest claims (every shown value carries the snapshot's own stamp, no entry
//   claims fresh data after the data has turned stale);
// - summaries and the CLI's text never trap on any value the decoder accepted, and the text
//   carries no control character from the payload;
// - the timeline JSON `build --format json` writes decodes to a timeline that writes the same
//   JSON, and lints without errors (`build | lint` exits 0);
// - `build` exits 0 with output, or 65 with one `error: snapshot on standard input …` line.
import Foundation
import FuzzSupport
import WidgetTimelineExamples
import WidgetTimelineTesting

@testable import WidgetTimeline
@testable import WidgetTimelineCLI

/// Offsets from the snapshot's generation at which to plan: before it (a clock behind), at once,
/// around each example's freshness thresholds, days later and a year later.
private let planningOffsets: [TimeInterval] = [
    -3600, 0, 59, 600, 1800, 3600, 6 * 3600, 12 * 3600 + 1, 36 * 3600, 3 * 86_400, 366 * 86_400,
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWidgetSnapshots(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    let data = Data(bytes)
    var choices = FuzzChoices(bytes)
    // The input as given, then with one number pushed to an edge.
    var variants = [data]
    if let variant = choices.numberAtAnEdge(in: bytes) { variants.append(Data(variant)) }
    for variant in variants {
        for widget in ExampleWidgets.all {
            exercise(widget, data: variant, choices: &choices)
        }
        runBuild(data: variant, choices: &choices)
    }
    return 0
}

private func exercise<Kind: WidgetKind>(_ widget: Kind, data: Data, choices: inout FuzzChoices) {
    if let snapshot = try? JSONCoding.decode(Snapshot<Kind.Payload>.self, from: data) {
        checkRoundTrip(snapshot, what: "\(widget.kind) envelope")
        plan(snapshot, of: widget, choices: &choices)
    }
    if let payload = try? JSONCoding.decode(Kind.Payload.self, from: data) {
        checkRoundTrip(payload, what: "\(widget.kind) payload")
        // As `store write --widget` commits it: one draft, its record, read back as every reader
        // reads it.
        guard
            let draft = try? SnapshotDraft(
                for: widget, generatedAt: Date(timeIntervalSince1970: 1_796_000_000), payload: payload)
        else { return }
        let snapshot = draft.snapshot(revision: 1)
        if let record = try? SnapshotRecord.encode(draft, revision: 1) {
            let verdict = SnapshotRecord.decode(
                record, key: widget.defaultKey, revision: 1, as: Kind.Payload.self,
                supportedSchema: widget.schemaVersion)
            guard case .success(let read) = verdict else {
                fuzzCheck(false, "\(widget.kind): a committed payload does not read back: \(verdict)")
                return
            }
            fuzzCheck(read == snapshot, "\(widget.kind): a committed payload reads back as another")
            fuzzCheck(
                try! SnapshotRecord.encode(read) == record, "\(widget.kind): the record changes on re-reading"
            )
        }
        plan(snapshot, of: widget, choices: &choices)
    }
}

private func checkRoundTrip<Value: Codable & Equatable>(_ value: Value, what: String) {
    guard let encoded = try? JSONCoding.encoder().encode(value) else { return }
    let decoded: Value
    do {
        decoded = try JSONCoding.decode(Value.self, from: encoded)
    } catch {
        fuzzCheck(false, "\(what): its own JSON does not decode: \(error)")
        return
    }
    let again = try? JSONCoding.encoder().encode(decoded)
    fuzzCheck(again == encoded, "\(what): encoding is not stable")
}

private func plan<Kind: WidgetKind>(
    _ snapshot: Snapshot<Kind.Payload>, of widget: Kind, choices: inout FuzzChoices
) {
    let calendar = choices.pick(FuzzZones.calendars)
    // Near the snapshot's own dates, or at a fixed instant whatever the file claims.
    let now =
        choices.next(4) == 0
        ? Date(timeIntervalSince1970: 1_796_000_000)
        : snapshot.generatedAt.addingTimeInterval(choices.pick(planningOffsets))
    let planner = TimelinePlanner(kind: widget)
    // Loaded, or failed with the snapshot as the last known one.
    let input: LoadResult<Kind.Payload> =
        choices.next(4) == 0
        ? .failed(.sourceFailed, consecutiveFailures: 1 + choices.next(20), lastKnown: snapshot)
        : .loaded(snapshot)
    let plan = planner.plan(input, at: now, in: calendar)
    let problems = PlanCheck.problems(in: plan, of: planner, for: input, at: now)
    fuzzCheck(problems.isEmpty, "\(widget.kind): \(problems)")
    for entry in plan.timeline.entries {
        _ = widget.summary(of: entry.state, in: calendar)
    }
    let text = TimelineText.render(
        plan, of: widget, snapshot: snapshot, now: now, calendar: calendar,
        zoneName: calendar.timeZone.identifier)
    fuzzCheck(!text.hasControlCharactersBesidesLineFeeds, "\(widget.kind): build prints a control character")

    // `build --format json | lint` exits 0.
    guard let json = try? JSONCoding.encoder(timeZone: calendar.timeZone, pretty: true).encode(plan.timeline)
    else { return }
    do {
        // Instants are written to the millisecond, so the JSON, not the plan, is the fixed point.
        let decoded = try JSONCoding.decode(PlannedTimeline<WidgetState<Kind.Content>>.self, from: json)
        let again = try JSONCoding.encoder(timeZone: calendar.timeZone, pretty: true).encode(decoded)
        fuzzCheck(again == json, "\(widget.kind): the timeline JSON decodes as another timeline")
        let untyped = try JSONCoding.decode(PlannedTimeline<JSONValue>.self, from: json)
        let errors = TimelineLinter().lint(
            untyped, now: now, situation: { $0["display"]?.stringValue }, claim: LintCommand.claim
        ).filter { $0.severity == .error }
        fuzzCheck(errors.isEmpty, "\(widget.kind): lint finds errors in a planned timeline: \(errors)")
    } catch {
        fuzzCheck(false, "\(widget.kind): the timeline JSON does not decode: \(error)")
    }
}

/// Runs `build` in-process on the input, for the widget the envelope names (or one chosen).
private func runBuild(data: Data, choices: inout FuzzChoices) {
    let claimed = (try? JSONParser.parse(data))?["kind"]?.stringValue
    let kind = claimed.flatMap { ExampleWidgets.named($0)?.kind } ?? choices.pick(ExampleWidgets.all).kind
    let zone = choices.pick(FuzzZones.identifiers)
    let format = choices.flip() ? "json" : "text"
    let now = "2026-11-29T09:00:00+09:00"
    let run = InProcessRun(
        [
            "build", "--widget", kind, "--snapshot", "-", "--now", now, "--time-zone", zone, "--format",
            format,
        ],
        standardInput: data)
    switch run.status {
    case .success: run.checkAnswered("build")
    case .badData: run.checkRefused("build", startingWith: "error: snapshot on standard input ")
    default:
        fuzzCheck(false, "build: exit \(run.status.rawValue) for a snapshot on standard input: \(run.errors)")
    }
}
