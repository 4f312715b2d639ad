/// Help pages in the OVERVIEW / USAGE / OPTIONS layout.
enum HelpFormatter {
    static let program = "widget-timeline"
    static let version = "0.1.0"

    static func knows(_ topic: String) -> Bool {
        CommandRegistry.commands.contains { $0.spec.name == topic }
            || !CommandRegistry.names(startingWith: topic).isEmpty
    }

    /// The page for `topic`: a command, a command group (`store`), or the overview for `nil`.
    static func page(for topic: String?) -> String {
        if let topic, let command = CommandRegistry.commands.first(where: { $0.spec.name == topic }) {
            return page(for: command.spec)
        }
        let listed =
            topic.map { prefix in
                CommandRegistry.commands.filter { $0.spec.name.hasPrefix(prefix + " ") }
            } ?? CommandRegistry.commands
        var lines = [
            "OVERVIEW: "
                + (topic.map { "\(program) \($0): a group of commands." }
                    ?? "Plan, check and simulate widget timelines that show the right thing at the right time."),
            "",
            "USAGE: \(program) \(topic ?? "<command>") \(topic == nil ? "[<options>]" : "<subcommand> [<options>]")",
            "",
            topic == nil ? "COMMANDS:" : "SUBCOMMANDS:",
        ]
        let width = (listed.map { $0.spec.name.count }.max() ?? 0) + 2
        for command in listed {
            lines.append("  " + command.spec.name.padding(width) + command.spec.overview)
        }
        lines += ["", "  See '\(program) help <command>' for a command's options."]
        return lines.joined(separator: "\n") + "\n"
    }

    static func page(for spec: CommandSpec) -> String {
        var lines = ["OVERVIEW: " + spec.overview]
        if !spec.discussion.isEmpty { lines += ["", spec.discussion] }
        lines += ["", "USAGE: " + usage(for: spec), ""]
        var rows: [(String, String)] = spec.positionals.map { ("<\($0.name)>", $0.help) }
        if !rows.isEmpty {
            lines.append("ARGUMENTS:")
            lines += table(rows)
            lines.append("")
        }
        rows = spec.options.map { ($0.synopsis, $0.help + ($0.isRequired ? " (required)" : "")) }
        rows.append(("-h, --help", "Show help information."))
        lines.append("OPTIONS:")
        lines += table(rows)
        return lines.joined(separator: "\n") + "\n"
    }

    static func usage(for spec: CommandSpec) -> String {
        var parts = ["\(program) \(spec.name)"]
        for positional in spec.positionals {
            parts.append(positional.isRequired ? "<\(positional.name)>" : "[<\(positional.name)>]")
        }
        for option in spec.options {
            let text: String
            if case .repeatedValue = option.kind {
                text = option.synopsis + " ..."
            } else {
                text = option.synopsis
            }
            parts.append(option.isRequired ? text : "[\(text)]")
        }
        return parts.joined(separator: " ")
    }

    private static func table(_ rows: [(String, String)]) -> [String] {
        let width = min(30, (rows.map(\.0.count).max() ?? 0) + 2)
        return rows.map { left, right in
            left.count + 2 > width
                ? "  \(left)\n  " + String(repeating: " ", count: width) + right
                : "  " + left.padding(width) + right
        }
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
