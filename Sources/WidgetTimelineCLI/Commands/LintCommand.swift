import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// `widget-timeline lint`: checks a timeline JSON against the invariants and the review questions.
struct LintCommand: Command {
    static let spec = CommandSpec(
        name: "lint",
        overview: "Check a timeline JSON against the timeline invariants and the widget review questions.",
        discussion: """
            Reads the timeline JSON that 'build --format json' prints. Exits 1 when any finding is an
            error. With --now, also checks the entries and the reload date against that instant.
            With --reloaded-by, also checks the policy against what else reloads the widget: app
            (the host app reloads the kind on change), push (a push handler), intent (interactive
            buttons), or none.
            """,
        positionals: [PositionalSpec("file|-", help: "The timeline JSON; - reads standard input.")],
        options: [
            OptionSpec(
                "now", .value(placeholder: "iso8601"), help: "When the timeline was built, with an offset."),
            OptionSpec(
                "reloaded-by", .repeatedValue(placeholder: "app|push|intent|none"),
                help: "What else reloads the widget; repeatable, or a comma-separated list."),
            OptionSpec("format", .value(placeholder: "text|json"), help: "Output format (default: text)."),
        ]
    )

    /// Timelines are small; 4 MiB leaves room for the longest WidgetKit would keep.
    static let sizeLimit = 4 << 20

    var path: String
    var now: Date?
    /// `nil` when not given: the timeline is checked on its own.
    var reloadedBy: Set<ReloadPath>?
    var format: OutputFormat

    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        path = arguments.positionals[0]
        now = try arguments.instant("now")
        reloadedBy = try ReloadPath.parse(arguments.allValues("reloaded-by"), command: Self.spec.name)
        format = try arguments.outputFormat()
    }

    func run(in context: CommandContext) throws(CommandFailure) -> ExitCode {
        let data = try InputFile.read(path, limit: Self.sizeLimit, what: "timeline", in: context)
        let source = path == "-" ? "on standard input" : "'\(path)'"
        let timeline = try DecodingFailure.decode(
            PlannedTimeline<JSONValue>.self, from: data, what: "timeline", source: source)
        try Self.checkDisplays(timeline, source: source)
        let situation: (JSONValue) -> String? = { $0["display"]?.stringValue }
        var findings = TimelineLinter().lint(timeline, now: now, situation: situation, claim: Self.claim)
        if let reloadedBy {
            findings += ReloadPath.findings(timeline, reloadedBy: reloadedBy, situation: situation)
        }
        switch format {
        case .json:
            let report = LintReport(findings: findings)
            guard let json = try? JSONCoding.encoder(pretty: true).encode(report) else {
                throw CommandFailure(.ioError, "the findings cannot be written as JSON")
            }
            context.print(String(decoding: json, as: UTF8.self))
        case .text:
            context.standardOutput.write(Self.text(findings, source: path == "-" ? "standard input" : path))
        }
        return findings.contains { $0.severity == .error } ? .problemFound : .success
    }

    /// The situations a state's `display` may name, as `WidgetState` writes them.
    static let displays = WidgetState<JSONValue>.situations

    /// Refuses a state whose `display` is not one a widget state has: the timeline is not one
    /// `build` or a provider made, and a check that skipped it would pass it as "not fresh".
    static func checkDisplays(_ timeline: PlannedTimeline<JSONValue>, source: String) throws(CommandFailure) {
        for (index, entry) in timeline.entries.enumerated() {
            guard let display = entry.state["display"] else { continue }
            let path = "$.entries[\(index)].state.display"
            guard let word = display.stringValue else {
                throw CommandFailure(
                    .badData, "timeline \(source) is not valid: at \(path): expected a string")
            }
            guard displays.contains(word) else {
                throw CommandFailure(
                    .badData,
                    "timeline \(source) is not valid: at \(path): "
                        + JSONDecodingError.unknownValue(word, among: displays))
            }
        }
    }

    /// What a state written as `WidgetState` encodes it claims: its display, whether it has
    /// content, and its observation's revision and instant.
    static func claim(_ state: JSONValue) -> LintClaim? {
        guard let display = state["display"]?.stringValue else { return nil }
        var revision: Int?
        if case .number(let number)? = state["revision"], let value = number.int64Value {
            revision = Int(value)
        }
        return LintClaim(
            situation: display,
            hasContent: state["content"].map { $0 != .null } ?? false,
            revision: revision,
            observedAt: state["observedAt"]?.stringValue.flatMap(Instant.parse))
    }

    static func text(_ findings: [LintFinding], source: String) -> String {
        func count(_ severity: LintFinding.Severity, _ noun: String) -> String {
            let number = findings.filter { $0.severity == severity }.count
            return "\(number) \(noun)\(number == 1 ? "" : "s")"
        }
        var lines = [
            "\(source): \(count(.error, "error")), \(count(.warning, "warning")), \(count(.info, "note"))"
        ]
        let places = findings.map { finding in finding.entry.map { "entry \($0)" } ?? "timeline" }
        // 10 fits "entry 999" and a space; entry 1000 on widens the column rather than run into
        // the rule's name.
        let column = max(10, (places.map(\.count).max() ?? 0) + 1)
        for (finding, place) in zip(findings, places) {
            lines.append(
                "  " + finding.severity.rawValue.padding(9) + place.padding(column) + finding.rule + ": "
                    + finding.message
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `lint --format json` output.
private struct LintReport: Encodable {
    var findings: [LintFinding]
}
