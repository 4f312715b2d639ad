/// One command of `widget-timeline`: its spec, how it is built from parsed arguments, and what it
/// does. Each lives in its own file under `Commands/` and is listed in ``CommandRegistry``.
public protocol Command {
    static var spec: CommandSpec { get }

    /// Validates the arguments; every problem with them is a usage failure (exit 64).
    init(_ arguments: ParsedArguments) throws(CommandFailure)

    /// Does the work, printing through `context`.
    func run(in context: CommandContext) throws(CommandFailure) -> ExitCode
}

/// The commands, in the order help lists them.
public enum CommandRegistry {
    public static var commands: [any Command.Type] {
        [
            DemoCommand.self,
            SimulateCommand.self,
            BuildCommand.self,
            LintCommand.self,
            BoundariesCommand.self,
            StoreWriteCommand.self,
            StoreReadCommand.self,
            StoreListCommand.self,
            DiagnoseCommand.self,
            PushCommand.self,
        ]
    }

    /// Commands that share a first word, with what they have in common: the overview of
    /// `help store`.
    public static var groups: [(name: String, overview: String)] {
        [
            (
                "store",
                "Write, read and list the snapshots in a shared directory, as the host app and the "
                    + "widget extension do."
            )
        ]
    }

    /// What a command line may start with: each command's first word, and `help`.
    static var firstWords: [String] {
        var words: [String] = []
        for command in commands {
            let word = String(command.spec.name.prefix { $0 != " " })
            if !words.contains(word) { words.append(word) }
        }
        return words + ["help"]
    }

    /// The command named by the leading words of `arguments` (`store write` before `store`), and
    /// how many words its name took.
    static func command(for arguments: [String]) -> (command: any Command.Type, wordCount: Int)? {
        let candidates = commands.map { ($0, $0.spec.name.split(separator: " ").map(String.init)) }
        for (command, words) in candidates.sorted(by: { $0.1.count > $1.1.count })
        where arguments.starts(with: words) {
            return (command, words.count)
        }
        return nil
    }

    /// Command names that start with `prefix` (`store` → `store write`, `store read`, …).
    static func names(startingWith prefix: String) -> [String] {
        commands.map { $0.spec.name }.filter { $0.hasPrefix(prefix + " ") }
    }
}
