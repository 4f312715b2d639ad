import Foundation
import WidgetTimeline
import WidgetTimelineExamples

/// `widget-timeline build`: plans a timeline from a snapshot envelope, as the extension would.
struct BuildCommand: Command {
    static let spec = CommandSpec(
        name: "build",
        overview: "Plan a timeline from a snapshot envelope, as the widget extension would.",
        discussion: """
            Prints every entry with the state it shows and the reload policy. The snapshot is the
            store's JSON envelope (see docs/store-format.md); at most 1 MiB is read.
            """,
        options: [
            OptionSpec(
                "widget", .value(placeholder: "kind"), help: "The widget kind: \(ExampleWidgets.kindList).",
                required: true),
            OptionSpec(
                "snapshot", .value(placeholder: "file|-"),
                help: "The snapshot envelope; - reads standard input.", required: true),
            OptionSpec(
                "now", .value(placeholder: "iso8601"), help: "The instant to plan at, with an offset.",
                required: true),
            OptionSpec(
                "time-zone", .value(placeholder: "tzid"), help: "The user's time zone, e.g. Asia/Seoul.",
                required: true),
            OptionSpec("format", .value(placeholder: "text|json"), help: "Output format (default: text)."),
        ]
    )

    var widget: any WidgetKind
    var snapshotPath: String
    var now: Date
    var timeZone: TimeZone
    var format: OutputFormat

    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        let kind = arguments.required("widget")
        guard let widget = ExampleWidgets.named(kind) else {
            throw .usage(
                "--widget '\(kind)' is not a known widget kind; known: \(ExampleWidgets.kindList)",
                command: "build")
        }
        self.widget = widget
        snapshotPath = arguments.required("snapshot")
        now = try arguments.instant("now")!
        timeZone = try arguments.timeZone("time-zone")!
        format = try arguments.outputFormat()
    }

    func run(in context: CommandContext) throws(CommandFailure) -> ExitCode {
        let data = try InputFile.read(
            snapshotPath, limit: SnapshotLimits.maximumRecordSize, what: "snapshot", in: context)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let output = try render(widget, snapshot: data, calendar: calendar)
        context.standardOutput.write(output)
        return .success
    }

    private func render<Kind: WidgetKind>(_ kind: Kind, snapshot data: Data, calendar: Calendar)
        throws(CommandFailure)
        -> String
    {
        let source = snapshotPath == "-" ? "on standard input" : "'\(snapshotPath)'"
        let snapshot = try DecodingFailure.decode(
            Snapshot<Kind.Payload>.self, from: data, what: "snapshot", source: source)
        guard snapshot.kind == kind.kind else {
            throw CommandFailure(
                .badData,
                "snapshot \(source) was written by widget kind '\(snapshot.kind)', not '\(kind.kind)'"
            )
        }
        guard snapshot.schemaVersion <= kind.schemaVersion else {
            throw CommandFailure(
                .badData,
                "snapshot \(source) has schema version \(snapshot.schemaVersion); "
                    + "'\(kind.kind)' reads up to \(kind.schemaVersion)"
            )
        }
        let plan = TimelinePlanner(kind: kind).plan(.loaded(snapshot), at: now, in: calendar)
        switch format {
        case .json:
            do {
                let json = try JSONCoding.encoder(timeZone: timeZone, pretty: true).encode(plan.timeline)
                return String(decoding: json, as: UTF8.self) + "\n"
            } catch {
                throw CommandFailure(.badData, "the timeline cannot be written as JSON: \(error)")
            }
        case .text:
            return TimelineText.render(plan, of: kind, snapshot: snapshot, now: now, calendar: calendar)
        }
    }
}

/// The text form of a plan: a header, one line per entry, the policy and any corrections.
enum TimelineText {
    static func render<Kind: WidgetKind>(
        _ plan: TimelinePlan<Kind.Content>,
        of kind: Kind,
        snapshot: Snapshot<Kind.Payload>,
        now: Date,
        calendar: Calendar
    ) -> String {
        let zone = calendar.timeZone
        var lines = [
            "\(kind.kind) · snapshot r\(snapshot.revision) · generated \(Instant.format(snapshot.generatedAt, in: zone))"
                + (snapshot.observedAt.map { " · observed \(Instant.format($0, in: zone))" } ?? ""),
            "planned at \(Instant.format(now, in: zone)) in \(zone.identifier)",
            "",
            "  " + "DATE".padding(27) + "SHOWS",
        ]
        for entry in plan.timeline.entries {
            var line =
                "  " + Instant.format(entry.date, in: zone).padding(27)
                + kind.summary(of: entry.state, in: calendar)
            if let relevance = entry.relevance { line += "  [relevance \(relevance.score)]" }
            lines.append(line)
        }
        lines.append("")
        lines.append("reload  " + policyText(plan.timeline.policy, in: zone))
        if !plan.corrections.isEmpty {
            lines.append("")
            lines.append("corrections (\(plan.corrections.count)):")
            lines += plan.corrections.map { "  - \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func policyText(_ policy: ReloadPolicy, in zone: TimeZone) -> String {
        switch policy {
        case .atEnd: "at end (after the last entry)"
        case .never: "never (only the app reloads)"
        case .after(let date): "after \(Instant.format(date, in: zone))"
        }
    }
}
