#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `widget-timeline` program: parse, dispatch, print errors, return the exit status.
public enum CommandLineTool {
    /// Runs one command line (without the program name) and returns the exit status. Never traps on
    /// bad input: every failure is an `error: …` line on standard error and a documented status.
    ///
    /// Whatever a command prints passes through ``ControlCharacterEscapingSink``, so text taken from
    /// a file or an argument cannot add lines to an error or send escape sequences to a terminal.
    public static func run(_ arguments: [String], in context: CommandContext) -> ExitCode {
        let status = runCommand(arguments, in: context)
        // Output that never arrived is a failure even of a command that did its work: a revision
        // committed but never printed must not look like success. A reader that went away
        // (`| head`) needs no message.
        guard let failure = context.standardOutput.failure else { return status }
        if failure != .EPIPE {
            context.standardError.write(
                "error: cannot write standard output: \(String(cString: strerror(failure.rawValue)))\n")
        }
        return status == .success ? .ioError : status
    }

    private static func runCommand(_ arguments: [String], in context: CommandContext) -> ExitCode {
        var context = context
        context.unescapedStandardError = context.standardError
        context.standardOutput = ControlCharacterEscapingSink(
            context.standardOutput, keeping: ["\t", "\n", "\r"])
        context.standardError = ControlCharacterEscapingSink(context.standardError, keeping: ["\n"])
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
            context.standardError.write("error: \(TerminalText.line(error.message))\n")
            if let hint = error.hint { context.standardError.write("\(TerminalText.line(hint))\n") }
            return error.exitCode
        }
    }
}
