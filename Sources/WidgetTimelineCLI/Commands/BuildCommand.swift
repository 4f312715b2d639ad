import WidgetTimeline
import WidgetTimelineExamples
import WidgetTimelineSimulation

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// `widget-timeline build`: plans a timeline from a snapshot envelope, as the extension would.
struct BuildCommand: Command {
    static let spec = CommandSpec(
        name: "build",
        overview: "Plan a timeline from a snapshot envelope, as the widget extension would.",
        discussion: """
            Prints every entry with the state it shows and the reload policy. The snapshot is the
            store's JSON envelope (see docs/store-format.md); at most 1 MiB is read.

            With --kinds FILE, --widget may also name a generic kind (a value, a count or a schedule)
            that the file's "kinds" member declares, as a scenario does (docs/simulator.md); the
            scenario file itself will do.
            """,
        options: [
            OptionSpec(
                "widget", .value(placeholder: "kind"),
                help: "The widget kind: \(ExampleWidgets.kindList), or one declared in --kinds.",
                required: true),
            OptionSpec(
                "kinds", .value(placeholder: "file"),
                help: "A JSON file whose \"kinds\" member declares generic widget kinds (a scenario will do)."
            ),
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

    /// The `--widget` name, and the example widget it names, if it does (a declared kind is known
    /// only once `--kinds` is read).
    var widgetName: String
    var widget: (any WidgetKind)?
    var kindsPath: String?
    var snapshotPath: String
    var now: Date
    var timeZone: TimeZone
    /// `--time-zone` as written: Foundation may name a zone otherwise (`UTC` as `GMT` on Linux).
    var timeZoneName: String
    var format: OutputFormat

    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        widgetName = arguments.required("widget")
        kindsPath = arguments.value("kinds")
        if kindsPath?.isEmpty == true { throw .usage("--kinds needs a file name", command: "build") }
        widget = ExampleWidgets.named(widgetName)
        if widget == nil, kindsPath == nil { throw Self.unknownWidget(widgetName, among: ExampleWidgets.all) }
        snapshotPath = arguments.required("snapshot")
        if kindsPath == "-", snapshotPath == "-" {
            throw .usage("--kinds and --snapshot cannot both read standard input", command: "build")
        }
        now = try arguments.instant("now")!
        timeZone = try arguments.timeZone("time-zone")!
        timeZoneName = arguments.required("time-zone")
        format = try arguments.outputFormat()
        // The timeline runs days past --now (entries to the horizon, the reload after them): all
        // of it must be instants ISO-8601 can name, which end with year 9999.
        let end = now.addingTimeInterval(PlanningOptions.default.horizon + 86_400)
        guard Instant.parse(Instant.format(end, in: timeZone)) != nil else {
            throw .usage(
                "--now '\(arguments.required("now"))' is too close to the end of year 9999: the timeline "
                    + "runs two days past it, beyond what an ISO-8601 instant can name",
                command: "build")
        }
    }

    static func unknownWidget(_ name: String, among kinds: [any WidgetKind]) -> CommandFailure {
        .usage(
            "--widget '\(name)' is not a known widget kind"
                + Suggestion.clauseOrList(for: name, among: kinds.map(\.kind)),
            command: "build")
    }

    func run(in context: CommandContext) throws(CommandFailure) -> ExitCode {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let output = try render(try resolvedWidget(in: context), calendar: calendar, in: context)
        context.standardOutput.write(output)
        return .success
    }

    private var source: String { snapshotPath == "-" ? "on standard input" : "'\(snapshotPath)'" }

    /// The example widget named, or the kind `--kinds` declares by that name. A kinds file is read
    /// and checked whenever it is given.
    private func resolvedWidget(in context: CommandContext) throws(CommandFailure) -> any WidgetKind {
        guard let kindsPath else {
            guard let widget else { throw Self.unknownWidget(widgetName, among: ExampleWidgets.all) }
            return widget
        }
        let data = try InputFile.read(kindsPath, limit: 8 << 20, what: "kinds file", in: context)
        let declared: [GenericKind]
        do throws(ScenarioError) {
            declared = try GenericKind.declarations(in: data, besides: ExampleWidgets.all)
        } catch {
            let name = kindsPath == "-" ? "on standard input" : "'\(kindsPath)'"
            throw CommandFailure(.badData, "kinds file \(name) is not valid: \(error)")
        }
        let kinds = ExampleWidgets.all + declared.map(\.widgetKind)
        guard let kind = kinds.first(where: { $0.kind == widgetName }) else {
            throw Self.unknownWidget(widgetName, among: kinds)
        }
        return kind
    }

    /// The snapshot file, decoded. Its bytes are gone when this returns, before planning: at the
    /// size cap they are a megabyte of the extension's 30.
    private func snapshot<Payload>(_ payload: Payload.Type, in context: CommandContext) throws(CommandFailure)
        -> Snapshot<Payload>
    {
        let data = try InputFile.read(
            snapshotPath, limit: SnapshotLimits.maximumRecordSize, what: "snapshot", in: context)
        return try DecodingFailure.decode(
            Snapshot<Payload>.self, from: data, what: "snapshot", source: source)
    }

    /// Refuses an envelope no store writer makes: an empty kind, a revision below 1 (revisions count from
    /// 1, and a reader takes only the one its file name says), a schema version below 1, or data
    /// observed more than ``SnapshotLimits/futureInstantTolerance`` after the record was made
    /// (docs/store-format.md).
    private func checkEnvelope<Payload>(_ snapshot: Snapshot<Payload>) throws(CommandFailure) {
        func refuse(_ path: String, _ message: String) -> CommandFailure {
            CommandFailure(.badData, "snapshot \(source) is not valid: at \(path): \(message)")
        }
        guard snapshot.revision >= 1 else {
            throw refuse("$.revision", "expected a revision of 1 or more, found \(snapshot.revision)")
        }
        guard !snapshot.kind.isEmpty else {
            throw refuse("$.kind", "expected the widget kind that wrote it, found \"\"")
        }
        guard snapshot.schemaVersion >= 1 else {
            throw refuse(
                "$.schemaVersion", "expected a schema version of 1 or more, found \(snapshot.schemaVersion)")
        }
        if let observedAt = snapshot.observedAt,
            observedAt.timeIntervalSince(snapshot.generatedAt) > SnapshotLimits.futureInstantTolerance
        {
            throw refuse(
                "$.observedAt",
                "is more than \(Int(SnapshotLimits.futureInstantTolerance)) s after generatedAt: "
                    + "no clock had observed it when the record was made")
        }
    }

    private func render<Kind: WidgetKind>(_ kind: Kind, calendar: Calendar, in context: CommandContext)
        throws(CommandFailure)
        -> String
    {
        let snapshot = try snapshot(Kind.Payload.self, in: context)
        try checkEnvelope(snapshot)
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
            return TimelineText.render(
                plan, of: kind, snapshot: snapshot, now: now, calendar: calendar, zoneName: timeZoneName)
        }
    }
}

/// The text form of a plan: a header, one line per entry, the policy and any corrections.
enum TimelineText {
    static func render<Kind: WidgetKind>(
        _ plan: PlanningResult<Kind.Content>,
        of kind: Kind,
        snapshot: Snapshot<Kind.Payload>,
        now: Date,
        calendar: Calendar,
        zoneName: String
    ) -> String {
        let zone = calendar.timeZone
        let dates = plan.timeline.entries.map { Instant.format($0.date, in: zone) }
        // 27 fits a date to the second with its offset and two spaces; a date with milliseconds
        // (a `--now` or an entry between seconds) widens the column rather than run into the state.
        let column = max(27, (dates.map(\.count).max() ?? 0) + 2)
        var lines = [
            "\(kind.kind) · snapshot r\(snapshot.revision) · generated \(Instant.format(snapshot.generatedAt, in: zone))"
                + (snapshot.observedAt.map { " · observed \(Instant.format($0, in: zone))" } ?? ""),
            "planned at \(Instant.format(now, in: zone)) in \(zoneName)",
            "",
            "  " + "DATE".padding(column) + "SHOWS",
        ]
        lines.reserveCapacity(lines.count + plan.timeline.entries.count + plan.corrections.count + 6)
        for (entry, date) in zip(plan.timeline.entries, dates) {
            var line =
                "  " + date.padding(column)
                + TerminalText.line(kind.summary(of: entry.state, in: calendar))
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
        // One buffer of the final size: a plan of 1,000 entries is some 100 KB of text.
        var text = ""
        text.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines {
            text += line
            text += "\n"
        }
        return text
    }

    static func policyText(_ policy: ReloadPolicy, in zone: TimeZone) -> String {
        switch policy {
        case .atEnd: "at end (after the last entry)"
        case .never: "never (only the app reloads)"
        case .after(let date): "after \(Instant.format(date, in: zone))"
        }
    }
}
