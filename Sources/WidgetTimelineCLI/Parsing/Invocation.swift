import WidgetTimeline

/// What a command line asks for, decided without running anything.
public enum Invocation {
    /// Print help: the overview (`nil`) or one command's page.
    case help(topic: String?)
    /// Print the version.
    case version
    /// Run a command.
    case run(any Command)

    /// Parses a whole command line (without the program name).
    ///
    /// - Throws: a usage failure naming the unknown command, option or value.
    public static func parse(_ arguments: [String]) throws(CommandFailure) -> Invocation {
        guard let first = arguments.first else { return .help(topic: nil) }
        switch first {
        case "-h", "--help":
            return .help(topic: nil)
        case "--version":
            return .version
        case "help":
            let topic = arguments.dropFirst().joined(separator: " ")
            if topic.isEmpty { return .help(topic: nil) }
            guard HelpFormatter.knows(topic) else {
                let known =
                    CommandRegistry.commands.map { $0.spec.name } + CommandRegistry.groups.map { $0.name }
                throw .usage(
                    "no help for '\(topic)': it is not a command"
                        + Suggestion.clause(for: topic, among: known),
                    command: nil)
            }
            return .help(topic: topic)
        default:
            break
        }
        if first.hasPrefix("-") {
            throw .usage(
                "unknown option '\(first)'" + Suggestion.clause(for: first, among: ["--version", "--help"]),
                command: nil)
        }
        guard let (type, wordCount) = CommandRegistry.command(for: arguments) else {
            let group = CommandRegistry.names(startingWith: first)
            if !group.isEmpty {
                if arguments.count > 1, !arguments[1].hasPrefix("-") {
                    let subcommands = group.map { String($0.dropFirst(first.count + 1)) }
                    let suggestion = Suggestion.closest(to: arguments[1], among: subcommands)
                    throw .usage(
                        "unknown command '\(first) \(arguments[1])'"
                            + Suggestion.clause(naming: suggestion.map { "\(first) \($0)" }),
                        command: first)
                }
                if arguments.dropFirst().contains(where: { $0 == "-h" || $0 == "--help" }) {
                    return .help(topic: first)
                }
                let list = group.map { "'\($0)'" }.joined(separator: ", ")
                throw .usage("'\(first)' needs a subcommand: \(list)", command: first)
            }
            throw .usage(
                "unknown command '\(first)'"
                    + Suggestion.clause(for: first, among: CommandRegistry.firstWords),
                command: nil)
        }
        let rest = Array(arguments.dropFirst(wordCount))
        if ParsedArguments.asksForHelp(rest, spec: type.spec) {
            return .help(topic: type.spec.name)
        }
        let parsed = try ParsedArguments(rest, spec: type.spec)
        return .run(try type.init(parsed))
    }
}
