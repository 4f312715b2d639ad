import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// `widget-timeline diagnose`: reads the shared diagnostics log and names the first failing stage
/// per key.
struct DiagnoseCommand: Command {
    static let spec = CommandSpec(
        name: "diagnose",
        overview: "Read the diagnostics log in a shared directory and name the first failing stage per key.",
        discussion: """
            Walks, for each snapshot key, the stages from a host commit to the screen: saved, reload
            requested for the right kind, provider ran, revision read, timeline built, rendered.
            Events are taken in the order they were logged (the rotated generation first), never by
            their timestamps, which a clock set back would scramble. A generation larger than a read
            loads is read from its newest part, and the output says so. Exits 1 when a stage failed
            for some key; 66 when the log cannot be read at all (a symbolic link or a FIFO in its
            place is refused, never followed or waited on).
            """,
        options: [
            OptionSpec(
                "dir", .value(placeholder: "dir"), help: "The shared directory (App Group container copy).",
                required: true),
            OptionSpec("key", .value(placeholder: "key"), help: "Only this snapshot key."),
            OptionSpec("events", .flag, help: "Also print every event, oldest first."),
            OptionSpec("format", .value(placeholder: "text|json"), help: "Output format (default: text)."),
        ]
    )

    var directory: String
    var key: SnapshotKey?
    var showEvents: Bool
    var format: OutputFormat

    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        directory = arguments.required("dir")
        if let text = arguments.value("key") {
            do {
                key = try SnapshotKey(validating: text)
            } catch {
                throw .usage("--key: \(error)", command: "diagnose")
            }
        }
        showEvents = arguments.flag("events")
        format = try arguments.outputFormat()
    }

    func run(in context: CommandContext) throws(CommandFailure) -> ExitCode {
        let url = context.url(forPath: directory)
        var isDirectory = false
        guard InputFile.exists(atPath: url.path, isDirectory: &isDirectory),
            isDirectory
        else {
            throw CommandFailure(.noInput, "cannot read '\(directory)': no such directory")
        }
        let log = FileDiagnosticLog(directory: url)
        guard log.exists else {
            throw CommandFailure(
                .noInput,
                "no diagnostics log in '\(directory)' (expected diagnostics/events.jsonl); "
                    + "is this the shared directory the app and the extension write to?")
        }
        var contents = log.read()
        let refused = contents.notes.filter { if case .refused = $0.kind { true } else { false } }
        if contents.events.isEmpty, contents.skippedLines == 0, let first = refused.first {
            throw CommandFailure(.noInput, "cannot read the diagnostics log: \(first)")
        }
        // Every event is diagnosed: a key's reload may carry no key (a debounced or flushed one, a
        // reload of every kind), so `--key` selects the verdict, never the evidence.
        var diagnosis = Diagnosis(events: contents.events)
        if let key {
            diagnosis.keys = diagnosis.keys.filter { $0.key == key.rawValue }
            contents.events = contents.events.filter { $0.key == nil || $0.key == key.rawValue }
        }
        switch format {
        case .json:
            let report = DiagnoseReport(diagnosis, contents: contents, includeEvents: showEvents)
            guard let json = try? JSONCoding.encoder(pretty: true).encode(report) else {
                throw CommandFailure(.ioError, "the diagnosis cannot be written as JSON")
            }
            context.print(String(decoding: json, as: UTF8.self))
        case .text:
            context.standardOutput.write(
                Self.text(diagnosis, contents: contents, directory: directory, showEvents: showEvents))
        }
        return diagnosis.hasFailure ? .problemFound : .success
    }

    static func text(
        _ diagnosis: Diagnosis, contents: DiagnosticLogContents, directory: String, showEvents: Bool
    ) -> String {
        var lines = [
            "\(directory): \(contents.events.count) events"
                + (contents.skippedLines > 0 ? ", \(contents.skippedLines) incomplete lines skipped" : "")
        ]
        // Paths and reasons come from the file system: one line each.
        lines += contents.notes.map { "note: " + TerminalText.line($0.description) }
        if showEvents {
            lines.append("")
            // Log fields are text another process wrote: one line each, whatever they hold.
            lines += contents.events.map { "  " + TerminalText.line($0.line) }
        }
        for key in diagnosis.keys {
            lines.append("")
            lines.append(TerminalText.line(key.key))
            for finding in key.findings {
                let mark: String
                switch finding.verdict {
                case .passed: mark = "ok  "
                case .failed: mark = "FAIL"
                case .notObserved: mark = "--  "
                }
                lines.append("  \(finding.stage.rawValue) \(mark) \(TerminalText.line(finding.detail))")
            }
            if let failure = key.firstFailure {
                lines.append("  → stage \(failure.stage.rawValue) (\(failure.stage)) failed")
            }
        }
        if diagnosis.keys.isEmpty { lines.append("no keys in the log") }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `diagnose --format json` output.
private struct DiagnoseReport: Encodable {
    struct Stage: Encodable {
        var stage: Int
        var name: String
        var verdict: String
        var detail: String
    }

    struct Key: Encodable {
        var key: String
        var stages: [Stage]
        var firstFailure: Int?
        var summary: String
    }

    var events: Int
    var skippedLines: Int
    /// Files read only in part, or refused.
    var notes: [String]
    var keys: [Key]
    var log: [DiagnosticEvent]?

    init(_ diagnosis: Diagnosis, contents: DiagnosticLogContents, includeEvents: Bool) {
        events = contents.events.count
        skippedLines = contents.skippedLines
        notes = contents.notes.map(\.description)
        log = includeEvents ? contents.events : nil
        keys = diagnosis.keys.map { key in
            Key(
                key: key.key,
                stages: key.findings.map { finding in
                    let verdict: String
                    switch finding.verdict {
                    case .passed: verdict = "passed"
                    case .failed: verdict = "failed"
                    case .notObserved: verdict = "not-observed"
                    }
                    return Stage(
                        stage: finding.stage.rawValue, name: finding.stage.description, verdict: verdict,
                        detail: finding.detail)
                },
                firstFailure: key.firstFailure?.stage.rawValue,
                summary: key.summary)
        }
    }
}
