/// The `widget-timeline` program: parse, dispatch, print errors, return the exit status.
public enum CommandLineTool {
    /// Runs one command line (without the program name) and returns the exit status. Never traps on
    /// bad input: every failure is an `error: …` line on standard error and a documented status.
    public static func run(_ arguments: [String], in context: CommandContext) -> ExitCode {
        do throws(CommandFailure) {
            switch try Invocation.parse(arguments) {
            case .help(let topic):
                context.standardOutput.write(HelpFormatter.page(for: topic))
                return .success
            case .version:
                context.print(HelpFormatter.version)
                return .success
            case .run(let command):
                return try command.run(in: context)
            }
        } catch {
            context.standardError.write("error: \(error.message)\n")
            if let hint = error.hint { context.standardError.write("\(hint)\n") }
            return error.exitCode
        }
    }
}
