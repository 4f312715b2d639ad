import WidgetTimeline

/// What a command accepts, for parsing and for its help page.
public struct CommandSpec: Sendable {
    /// The words that name it: `build`, or `store write`.
    public var name: String
    /// One sentence for OVERVIEW and the command list.
    public var overview: String
    /// Further paragraphs after the overview, or empty.
    public var discussion: String
    public var positionals: [PositionalSpec]
    public var options: [OptionSpec]

    public init(
        name: String,
        overview: String,
        discussion: String = "",
        positionals: [PositionalSpec] = [],
        options: [OptionSpec]
    ) {
        self.name = name
        self.overview = overview
        self.discussion = discussion
        self.positionals = positionals
        self.options = options
    }

    func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }

    /// The usage failure for an option this command does not have, with the closest one it has:
    /// `--strateg` → `--strategy`, and `-report` → `--report`.
    func unknownOption(_ typed: String) -> CommandFailure {
        let known = options.map { "--" + $0.name } + ["--help"]
        let written = typed.hasPrefix("--") ? typed : "-" + typed
        let suggestion = known.contains(written) ? written : Suggestion.closest(to: written, among: known)
        return .usage(
            "unknown option '\(typed)' for '\(name)'" + Suggestion.clause(naming: suggestion),
            command: name)
    }
}

/// One `--name` option.
public struct OptionSpec: Sendable {
    public enum Kind: Sendable {
        /// `--name value` or `--name=value`, at most once.
        case value(placeholder: String)
        /// `--name value`, as many times as wanted.
        case repeatedValue(placeholder: String)
        /// `--name`, no value.
        case flag
    }

    public var name: String
    public var kind: Kind
    public var help: String
    public var isRequired: Bool

    public init(_ name: String, _ kind: Kind, help: String, required: Bool = false) {
        self.name = name
        self.kind = kind
        self.help = help
        self.isRequired = required
    }

    var takesValue: Bool {
        if case .flag = kind { return false }
        return true
    }

    /// `--name <placeholder>` or `--name`.
    var synopsis: String {
        switch kind {
        case .value(let placeholder), .repeatedValue(let placeholder): "--\(name) <\(placeholder)>"
        case .flag: "--\(name)"
        }
    }
}

/// One positional argument.
public struct PositionalSpec: Sendable {
    public var name: String
    public var help: String
    public var isRequired: Bool

    public init(_ name: String, help: String, required: Bool = true) {
        self.name = name
        self.help = help
        self.isRequired = required
    }
}
