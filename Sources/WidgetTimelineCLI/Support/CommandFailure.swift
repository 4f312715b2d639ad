/// A command that cannot go on: the message printed after `error: ` and the exit status.
public struct CommandFailure: Error, Equatable, CustomStringConvertible {
    public var exitCode: ExitCode
    public var message: String
    /// An extra line printed after the message, such as where to find help.
    public var hint: String?

    public init(_ exitCode: ExitCode, _ message: String, hint: String? = nil) {
        self.exitCode = exitCode
        self.message = message
        self.hint = hint
    }

    public var description: String { message }

    /// A usage error, pointing at the command's help.
    static func usage(_ message: String, command: String?) -> CommandFailure {
        let topic = command.map { " \($0)" } ?? ""
        return CommandFailure(.usage, message, hint: "see 'widget-timeline help\(topic)'")
    }
}
