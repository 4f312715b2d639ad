import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// A command's arguments after parsing against its ``CommandSpec``: option values by name and the
/// positionals, with typed accessors that turn a bad value into a usage error naming the option.
public struct ParsedArguments: Sendable {
    public let spec: CommandSpec
    var values: [String: [String]]
    var flags: Set<String>
    public var positionals: [String]

    /// Parses `arguments` (everything after the command's name) against `spec`.
    ///
    /// Accepts `--name value`, `--name=value`, flags, `--` to end options, and `-` as a value or
    /// positional (standard input).
    ///
    /// - Throws: a usage failure for an unknown option, a missing or unexpected value, a repeated
    ///   option, a missing required option or positional, or too many positionals.
    public init(_ arguments: [String], spec: CommandSpec) throws(CommandFailure) {
        self.spec = spec
        values = [:]
        flags = []
        positionals = []
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("--") || argument == "-" {
                if !optionsEnded, argument.hasPrefix("-"), argument != "-", argument.count > 1 {
                    throw spec.unknownOption(argument)
                }
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let body = argument.dropFirst(2)
            let name: String
            var inlineValue: String?
            if let equals = body.firstIndex(of: "=") {
                name = String(body[..<equals])
                inlineValue = String(body[body.index(after: equals)...])
            } else {
                name = String(body)
            }
            guard let option = spec.option(named: name) else {
                throw spec.unknownOption("--" + name)
            }
            guard option.takesValue else {
                if inlineValue != nil {
                    throw .usage("option '--\(name)' takes no value", command: spec.name)
                }
                flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                value = arguments[index]
                index += 1
            } else {
                throw .usage("option '--\(name)' needs a value (\(option.synopsis))", command: spec.name)
            }
            if case .value = option.kind, values[name] != nil {
                throw .usage("option '--\(name)' is given more than once", command: spec.name)
            }
            values[name, default: []].append(value)
        }
        for option in spec.options where option.isRequired && values[option.name] == nil {
            throw .usage("missing \(option.synopsis)", command: spec.name)
        }
        let required = spec.positionals.filter(\.isRequired).count
        if positionals.count < required {
            let missing = spec.positionals[positionals.count]
            throw .usage("missing <\(missing.name)>", command: spec.name)
        }
        if positionals.count > spec.positionals.count {
            throw .usage("unexpected argument '\(positionals[spec.positionals.count])'", command: spec.name)
        }
    }

    /// Whether `arguments` ask for the command's help: `-h` or `--help` where an option or a
    /// positional stands, before `--`, even among options that would fail to parse.
    ///
    /// It walks the same grammar as ``init(_:spec:)``, so a word that parsing takes as an option's
    /// value is a value here too: `--key -h` names a key `-h`, as `--key -x` names `-x`. `--help` is
    /// never a value, because no value starts with `--`.
    static func asksForHelp(_ arguments: [String], spec: CommandSpec) -> Bool {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return false }
            if argument == "-h" || argument == "--help" { return true }
            guard argument.hasPrefix("--"), !argument.contains("="),
                let option = spec.option(named: String(argument.dropFirst(2))), option.takesValue
            else { continue }
            if index < arguments.count, !arguments[index].hasPrefix("--") { index += 1 }
        }
        return false
    }

    /// The value of `--name`, if given.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable `--name`, in order.
    public func allValues(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether the flag `--name` was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of a required `--name` (the parser has checked it is present).
    public func required(_ name: String) -> String { value(name) ?? "" }

    /// `--name` parsed as an ISO-8601 instant with an offset.
    public func instant(_ name: String) throws(CommandFailure) -> Date? {
        guard let text = value(name) else { return nil }
        guard let date = Instant.parse(text) else {
            throw .usage(
                "--\(name) '\(text)' is not an ISO-8601 instant with an offset, such as 2026-11-29T09:00:00+09:00",
                command: spec.name
            )
        }
        return date
    }

    /// `--name` parsed as a time-zone identifier.
    public func timeZone(_ name: String) throws(CommandFailure) -> TimeZone? {
        guard let text = value(name) else { return nil }
        guard let zone = TimeZone(identifier: text), !text.isEmpty else {
            throw .usage(
                "--\(name) '\(text)' is not a time-zone identifier, such as Asia/Seoul or America/Havana",
                command: spec.name
            )
        }
        return zone
    }

    /// `--name` parsed as an integer in `range`.
    public func integer(_ name: String, in range: ClosedRange<Int>) throws(CommandFailure) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw .usage(
                "--\(name) '\(text)' must be a whole number from \(range.lowerBound) to \(range.upperBound)",
                command: spec.name
            )
        }
        return number
    }

    /// `--name` as one of `choices`.
    public func choice(_ name: String, from choices: [String]) throws(CommandFailure) -> String? {
        guard let text = value(name) else { return nil }
        guard choices.contains(text) else {
            let list = choices.joined(separator: ", ")
            throw .usage(
                "--\(name) '\(text)' must be one of: \(list)" + Suggestion.clause(for: text, among: choices),
                command: spec.name)
        }
        return text
    }

    /// `--format`, `text` (the default) or `json`. HTML is a file, written by `--report` where a
    /// command has one; asking for it as a format says so.
    public func outputFormat() throws(CommandFailure) -> OutputFormat {
        if value("format") == "html", let report = spec.option(named: "report") {
            throw .usage(
                "--format 'html' must be one of: text, json; the HTML report is written with "
                    + report.synopsis,
                command: spec.name)
        }
        return try choice("format", from: ["text", "json"]) == "json" ? .json : .text
    }
}

/// How a command prints its result.
public enum OutputFormat: Sendable {
    case text
    case json
}
