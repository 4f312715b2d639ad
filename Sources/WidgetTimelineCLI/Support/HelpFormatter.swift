/// Help pages in the OVERVIEW / USAGE / OPTIONS layout.
enum HelpFormatter {
    static let program = "widget-timeline"
    static let version = "0.1.0"

    /// Help pages are wrapped to this many columns.
    static let width = 100

    static func knows(_ topic: String) -> Bool {
        CommandRegistry.commands.contains { $0.spec.name == topic }
            || !CommandRegistry.names(startingWith: topic).isEmpty
    }

    /// The page for `topic`: a command, a command group (`store`), or the overview for `nil`.
    static func page(for topic: String?) -> String {
        if let topic, let command = CommandRegistry.commands.first(where: { $0.spec.name == topic }) {
            return page(for: command.spec)
        }
        guard let topic else { return overviewPage() }
        return groupPage(for: topic)
    }

    /// `widget-timeline help`: every command, and the options of the program itself.
    private static func overviewPage() -> String {
        var lines = [
            "OVERVIEW: Plan, check and simulate widget timelines that show the right thing at the right time.",
            "",
            "USAGE: \(program) <command> [<options>]",
            "       \(program) help <command>",
            "",
            "COMMANDS:",
        ]
        lines += table(CommandRegistry.commands.map { ($0.spec.name, $0.spec.overview) })
        lines += [
            "",
            "OPTIONS:",
        ]
        lines += table([("--version", "Print the version (\(version)) and exit."), helpRow])
        lines += ["", "  See '\(program) help <command>' for a command's arguments and options."]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `widget-timeline help store`: the group's overview and its subcommands.
    private static func groupPage(for group: String) -> String {
        let overview =
            CommandRegistry.groups.first { $0.name == group }?.overview ?? "The '\(group)' commands."
        let members = CommandRegistry.commands.filter { $0.spec.name.hasPrefix(group + " ") }
        var lines = wrap("OVERVIEW: " + overview, indent: 0)
        lines += ["", "USAGE: \(program) \(group) <subcommand> [<options>]", "", "SUBCOMMANDS:"]
        lines += table(members.map { (String($0.spec.name.dropFirst(group.count + 1)), $0.spec.overview) })
        lines += ["", "OPTIONS:"]
        lines += table([helpRow])
        lines += [
            "", "  See '\(program) help \(group) <subcommand>' for a subcommand's arguments and options.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static let helpRow = ("-h, --help", "Show help information.")

    static func page(for spec: CommandSpec) -> String {
        var lines = wrap("OVERVIEW: " + spec.overview, indent: 0)
        if !spec.discussion.isEmpty { lines += ["", spec.discussion] }
        lines += [""] + usage(for: spec) + [""]
        var rows: [(String, String)] = spec.positionals.map { ("<\($0.name)>", $0.help) }
        if !rows.isEmpty {
            lines.append("ARGUMENTS:")
            lines += table(rows)
            lines.append("")
        }
        rows = spec.options.map { ($0.synopsis, $0.help + ($0.isRequired ? " (required)" : "")) }
        rows.append(helpRow)
        lines.append("OPTIONS:")
        lines += table(rows)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `USAGE: widget-timeline build --widget <kind> …`, wrapped between arguments, with
    /// continuation lines under the first argument.
    static func usage(for spec: CommandSpec) -> [String] {
        var parts: [String] = []
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
        let lead = "USAGE: \(program) \(spec.name)"
        return wrap(parts, indent: lead.count + 1, first: lead)
    }

    /// Two columns: the left padded to the widest entry (at most 30), the right wrapped to
    /// ``width``; a left entry too wide for its column puts the right one on the next line.
    private static func table(_ rows: [(String, String)]) -> [String] {
        let column = min(30, (rows.map(\.0.count).max() ?? 0) + 2)
        var lines: [String] = []
        for (left, right) in rows {
            let wrapped = wrap(right, indent: 2 + column)
            if left.count + 2 > column {
                lines.append("  " + left)
                lines += wrapped
            } else {
                lines.append("  " + left.padding(column) + wrapped[0].dropFirst(2 + column))
                lines += wrapped.dropFirst()
            }
        }
        return lines
    }

    /// `text` in lines of at most ``width`` columns, each indented by `indent` spaces; a word
    /// longer than a line gets a line of its own.
    static func wrap(_ text: String, indent: Int) -> [String] {
        wrap(text.split(separator: " ").map(String.init), indent: indent, first: nil)
    }

    /// `words` joined by spaces in lines of at most ``width`` columns, after `first` on the first
    /// line and indented by `indent` spaces on every other.
    private static func wrap(_ words: [String], indent: Int, first: String?) -> [String] {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = first ?? margin
        var lineHasWord = false
        for word in words {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = margin
                lineHasWord = false
            }
            line += (lineHasWord || first != nil && lines.isEmpty ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
