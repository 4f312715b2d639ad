import Foundation
import WidgetTimelineCLI

/// One run of `widget-timeline` inside the fuzz process: the input on standard input, a current
/// directory that does not exist (a command that touches files fails instead of writing), a fixed
/// clock, and both output streams captured for the checks below.
public struct InProcessRun {
    public let status: ExitCode
    public let output: String
    public let errors: String

    public init(
        _ arguments: [String], standardInput: Data = Data(), now: Date = Date(timeIntervalSince1970: 0)
    ) {
        let output = CapturedText()
        let errors = CapturedText()
        let context = CommandContext(
            standardOutput: output, standardError: errors,
            readStandardInput: { standardInput.prefix($0 + 1) },
            currentDirectory: URL(fileURLWithPath: "/nonexistent"), now: { now })
        status = CommandLineTool.run(arguments, in: context)
        self.output = output.text
        self.errors = errors.text
    }

    /// A run that succeeded printed something and no error.
    public func checkAnswered(_ command: String) {
        fuzzCheck(!output.isEmpty, "\(command): exit \(status.rawValue) without output")
        fuzzCheck(
            errors.isEmpty, "\(command): errors with exit \(status.rawValue): \(errors.debugDescription)")
    }

    /// A refusal prints nothing on standard output and one `error: …` line starting with `prefix`
    /// on standard error — plus, for usage errors, a `see 'widget-timeline help …'` line — free of
    /// control characters that could fake further lines or drive the terminal.
    public func checkRefused(_ command: String, startingWith prefix: String = "error: ") {
        fuzzCheck(output.isEmpty, "\(command): output on failure: \(output.debugDescription)")
        fuzzCheck(
            errors.hasPrefix(prefix) && errors.hasSuffix("\n"),
            "\(command): not an error line starting \(prefix.debugDescription): \(errors.debugDescription)")
        let lines = errors.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
        let allowed = status == .usage ? 2 : 1
        fuzzCheck(lines.count <= allowed, "\(command): more than one error line: \(errors.debugDescription)")
        if lines.count == 2 {
            fuzzCheck(lines[1].hasPrefix("see 'widget-timeline help"), "\(command): not a hint: \(lines[1])")
        }
        fuzzCheck(
            !errors.unicodeScalars.contains {
                $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
            },
            "\(command): a control character in \(errors.debugDescription)")
    }
}
