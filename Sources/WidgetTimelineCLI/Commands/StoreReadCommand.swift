import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// `widget-timeline store read`: a key's newest valid snapshot, or the typed reason there is none.
struct StoreReadCommand: Command {
    static let spec = CommandSpec(
        name: "store read",
        overview: "Print a key's newest valid snapshot, or why there is none.",
        discussion: """
            Reads without changing anything, as the widget extension does. --format json prints the
            envelope exactly as stored, followed by a newline. Exits 1 when the key has no snapshot or
            none of its revisions is valid, 74 when it cannot be read (permissions, or writers
            publishing faster than it reads). A newer revision skipped because it is invalid is
            reported on standard error.
            """,
        options: [
            OptionSpec("dir", .value(placeholder: "dir"), help: "The shared directory.", required: true),
            OptionSpec("key", .value(placeholder: "key"), help: "The snapshot key.", required: true),
            OptionSpec("format", .value(placeholder: "text|json"), help: "Output format (default: text)."),
        ]
    )

    var directory: String
    var key: SnapshotKey
    var format: OutputFormat

    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        directory = arguments.required("dir")
        key = try StoreArguments.key(arguments)
        format = try arguments.outputFormat()
    }

    func run(in context: CommandContext) throws(CommandFailure) -> ExitCode {
        let url = try StoreArguments.directory(directory, in: context)
        switch FileSnapshotStore.readOnly(directory: url).readStored(key) {
        case .found(let snapshot, let fallback):
            if let fallback {
                context.standardError.write(
                    "warning: showing revision \(snapshot.revision) of '\(key)': "
                        + TerminalText.line(fallback.description) + "\n")
            }
            switch format {
            case .json:
                do {
                    context.print(
                        String(decoding: try SnapshotRecord.canonicalEnvelope(of: snapshot), as: UTF8.self))
                } catch {
                    throw CommandFailure(.badData, "cannot show snapshot '\(key)': \(error)")
                }
            case .text:
                context.standardOutput.write(Self.text(snapshot))
            }
            return .success
        case .incompatible(let found, _):
            // An untyped read accepts every schema; kept for completeness.
            throw CommandFailure(
                .problemFound, "snapshot '\(key)' has schema \(found), which cannot be shown")
        case .missing:
            throw CommandFailure(.problemFound, "no snapshot for key '\(key)' in '\(directory)'")
        case .corrupted(let problems):
            let list = problems.map(\.description).joined(separator: "; ")
            throw CommandFailure(.problemFound, "no valid snapshot for key '\(key)': \(list)")
        case .unreadable(let error):
            throw CommandFailure(.ioError, "cannot read snapshot '\(key)': \(error)")
        }
    }

    /// One field per line; instants in UTC; the payload as canonical JSON.
    static func text(_ snapshot: Snapshot<JSONValue>) -> String {
        var fields = [
            ("key", snapshot.key.rawValue),
            ("revision", String(snapshot.revision)),
            ("kind", TerminalText.line(snapshot.kind)),
            ("schema", String(snapshot.schemaVersion)),
            ("generated", Instant.format(snapshot.generatedAt)),
        ]
        if let observedAt = snapshot.observedAt { fields.append(("observed", Instant.format(observedAt))) }
        fields.append(("fingerprint", snapshot.fingerprint.rawValue))
        fields.append(
            (
                "payload",
                String(
                    decoding: CanonicalJSON.encode(snapshot.payload, wholeNumbersInFull: true), as: UTF8.self)
            ))
        return fields.map { $0.0.padding(13) + $0.1 }.joined(separator: "\n") + "\n"
    }
}
