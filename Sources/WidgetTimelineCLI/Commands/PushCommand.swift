import WidgetTimeline
import WidgetTimelinePush

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// `widget-timeline push`: the APNs requests the push planner would send for a file of backend
/// events (``WidgetTimelinePush/PushEvents``), so a backend engineer sees them without a device.
struct PushCommand: Command {
    static let spec = CommandSpec(
        name: "push",
        overview: "Print the APNs requests the push planner would send for a file of backend events.",
        discussion: """
            Reads the registrations, the changes, the window, the budget and the bundle ID from one
            JSON file (docs/push.md, "The events file"), plans the changes in time order and prints
            each push's request - method, URL, headers and body - and each dropped change with why.
            Nothing is sent. The requests have no authorization header: the server adds its own.
            """,
        positionals: [PositionalSpec("file|-", help: "The events JSON; - reads standard input.")],
        options: [
            OptionSpec("format", .value(placeholder: "text|json"), help: "Output format (default: text).")
        ]
    )

    /// A fleet's registrations fit comfortably; past this the file is refused, not read.
    static let sizeLimit = 32 << 20

    var path: String
    var format: OutputFormat

    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        path = arguments.positionals[0]
        format = try arguments.outputFormat()
    }

    func run(in context: CommandContext) throws(CommandFailure) -> ExitCode {
        let data = try InputFile.read(path, limit: Self.sizeLimit, what: "events file", in: context)
        let source = path == "-" ? "on standard input" : "'\(path)'"
        let events = try DecodingFailure.decode(
            PushEvents.self, from: data, what: "events file", source: source)
        let outcome = events.plan()
        switch format {
        case .json:
            guard let json = try? JSONCoding.encoder(pretty: true).encode(PushReport(outcome)) else {
                throw CommandFailure(.ioError, "the requests cannot be written as JSON")
            }
            context.print(String(decoding: json, as: UTF8.self))
        case .text:
            context.standardOutput.write(Self.text(outcome, of: events))
        }
        return .success
    }

    static func text(_ outcome: PushEvents.Outcome, of events: PushEvents) -> String {
        func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        var lines = [
            "\(plural(events.changes.count, "change")) for \(plural(events.registrations.count, "registration")); "
                + "window \(seconds(events.window)), budget \(events.budget), seed \(events.seed)",
            "\(plural(outcome.requests.count, "request")), \(outcome.dropped.count) dropped",
        ]
        for (index, planned) in outcome.requests.enumerated() {
            let push = planned.push
            let request = planned.request
            lines.append("")
            lines.append(
                "request \(index + 1) at \(Instant.format(push.at)): change at \(Instant.format(push.reason.change.at)) "
                    + "(\(target(push.reason.change))), \(plural(push.reason.changedWidgets.count, "widget")) changed"
            )
            lines.append("  \(request.method) \(request.url.absoluteString)")
            for header in request.headers {
                lines.append("  \(header.name): \(TerminalText.line(header.value))")
            }
            lines.append("  body: \(String(decoding: request.body, as: UTF8.self))")
        }
        if !outcome.dropped.isEmpty { lines.append("") }
        for drop in outcome.dropped {
            let destination = drop.destination.map { " for \(TerminalText.line($0.description))" } ?? ""
            lines.append(
                "dropped: change at \(Instant.format(drop.change.at)) (\(target(drop.change)))\(destination): "
                    + drop.reason.description)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a change is about, one line whatever its kind or widget id holds.
    private static func target(_ change: PushChange) -> String {
        switch change.target {
        case .kind(let kind): "kind \(TerminalText.line(kind))"
        case .widget(let instance): "widget \(TerminalText.line(instance.description))"
        }
    }

    private static func seconds(_ interval: TimeInterval) -> String {
        interval == interval.rounded() ? "\(Int(interval)) s" : "\(interval) s"
    }
}

/// `push --format json` output.
private struct PushReport: Encodable {
    struct Header: Encodable {
        var name: String
        var value: String
    }

    struct Request: Encodable {
        var at: Date
        var method: String
        var url: String
        var headers: [Header]
        var body: String
        var change: PushChange
        var widgets: [WidgetInstance]
    }

    struct Dropped: Encodable {
        var change: PushChange
        var destination: String?
        var widgets: [WidgetInstance]
        /// `no-registered-widget`, `unchanged-fingerprint`, `coalesced` or `budget-exhausted`.
        var reason: String
        /// The push it rides on (`coalesced`), or when the budget frees up (`budget-exhausted`).
        var until: Date?
        var detail: String
    }

    var requests: [Request]
    var dropped: [Dropped]

    init(_ outcome: PushEvents.Outcome) {
        requests = outcome.requests.map { planned in
            Request(
                at: planned.push.at, method: planned.request.method, url: planned.request.url.absoluteString,
                headers: planned.request.headers.map { Header(name: $0.name, value: $0.value) },
                body: String(decoding: planned.request.body, as: UTF8.self),
                change: planned.push.reason.change,
                widgets: planned.push.reason.changedWidgets)
        }
        dropped = outcome.dropped.map { drop in
            let (reason, until): (String, Date?) =
                switch drop.reason {
                case .noRegisteredWidget: ("no-registered-widget", nil)
                case .unchangedFingerprint: ("unchanged-fingerprint", nil)
                case .coalesced(let instant): ("coalesced", instant)
                case .budgetExhausted(let next): ("budget-exhausted", next)
                }
            return Dropped(
                change: drop.change, destination: drop.destination?.description, widgets: drop.widgets,
                reason: reason, until: until, detail: drop.reason.description)
        }
    }
}
