import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// `widget-timeline boundaries`: the next local day starts, as the planner computes them.
struct BoundariesCommand: Command {
    static let spec = CommandSpec(
        name: "boundaries",
        overview: "Print the next local day starts after an instant, one per line.",
        discussion: """
            A day that would start inside a DST gap starts at the first instant after the gap; a day
            start in a repeated hour takes its first occurrence; a calendar day the zone skipped has
            no start of its own.
            """,
        options: [
            OptionSpec(
                "time-zone", .value(placeholder: "tzid"), help: "The time zone, e.g. America/Havana.",
                required: true),
            OptionSpec(
                "from", .value(placeholder: "iso8601"), help: "Print day starts strictly after this instant.",
                required: true),
            OptionSpec(
                "count", .value(placeholder: "n"), help: "How many day starts, 1 to 10000 (default: 7)."),
            OptionSpec(
                "day-start", .value(placeholder: "HH:MM"), help: "When the day starts (default: 00:00)."),
        ]
    )

    var boundaries: DayBoundaries
    var from: Date
    var count: Int

    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        let zone = try arguments.timeZone("time-zone")!
        var dayStart = DayStart.midnight
        if let text = arguments.value("day-start") {
            guard let parsed = DayStart(parsing: text) else {
                throw .usage(
                    "--day-start '\(text)' is not a time of day as HH:MM, such as 04:00",
                    command: "boundaries")
            }
            dayStart = parsed
        }
        boundaries = DayBoundaries(timeZone: zone, dayStart: dayStart)
        from = try arguments.instant("from")!
        count = try arguments.integer("count", in: 1...10_000) ?? 7
    }

    func run(in context: CommandContext) throws(CommandFailure) -> ExitCode {
        var cursor = from
        var lines: [String] = []
        lines.reserveCapacity(count)
        for index in 0..<count {
            cursor = boundaries.nextDayStart(after: cursor)
            let text = Instant.format(cursor, in: boundaries.timeZone)
            // Every line is an instant this tool can read back; past year 9999 there is none to
            // print. Nothing is printed until all lines are known.
            guard Instant.parse(text) != nil else {
                throw .usage(
                    "--count \(count) from --from '\(Instant.format(from, in: boundaries.timeZone))' runs past "
                        + "year 9999 after \(index) day starts; ISO-8601 instants end there",
                    command: "boundaries")
            }
            lines.append(text)
        }
        context.standardOutput.write(lines.joined(separator: "\n") + "\n")
        return .success
    }
}
