import WidgetTimeline
import WidgetTimelineExamples

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// `widget-timeline store write`: commits a payload as a key's next revision, as the host app does.
struct StoreWriteCommand: Command {
    static let spec = CommandSpec(
        name: "store write",
        overview: "Commit a payload as a key's next snapshot revision and print the revision.",
        discussion: """
            The payload is JSON, at most 1 MiB. With --widget it must decode as that widget's payload
            and is committed as the host app does, through WidgetSync: unchanged content is not saved
            again, and the commit and its reload request are logged to the directory's diagnostics
            log. With --widget and --expect it is a compare-and-swap commit of that widget's payload,
            logged but with no reload requested. Without --widget, any JSON is stored as is, with the
            key's purpose as its kind and schema version 1. generatedAt is now. The revision is
            printed only once the commit is durable; on a failure before the publish nothing is
            published and the previous snapshot is intact, and a failure after it (not durable, or
            not confirmed as the newest) says so. See docs/store-format.md.
            """,
        options: [
            OptionSpec(
                "dir", .value(placeholder: "dir"), help: "The shared directory; it must exist.",
                required: true),
            OptionSpec(
                "key", .value(placeholder: "key"), help: "The snapshot key, e.g. parking.yeouido.compact.",
                required: true),
            OptionSpec(
                "widget", .value(placeholder: "kind"), help: "The widget kind: \(ExampleWidgets.kindList)."),
            OptionSpec(
                "payload", .value(placeholder: "file|-"),
                help: "The payload JSON; - reads standard input (default: -)."),
            OptionSpec(
                "observed-at", .value(placeholder: "iso8601"),
                help: "When the data was observed, if not now (with an offset)."),
            OptionSpec(
                "expect", .value(placeholder: "revision"),
                help: "Commit only if this is the current revision (0: none yet); exit 1 if not."),
        ]
    )

    var directory: String
    var key: SnapshotKey
    var widget: (any WidgetKind)?
    var payloadPath: String
    var observedAt: Date?
    var expected: ExpectedRevision

    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        directory = arguments.required("dir")
        key = try StoreArguments.key(arguments)
        if let kind = arguments.value("widget") {
            guard let widget = ExampleWidgets.named(kind) else {
                throw .usage(
                    "--widget '\(kind)' is not a known widget kind"
                        + Suggestion.clauseOrList(for: kind, among: ExampleWidgets.all.map(\.kind)),
                    command: Self.spec.name)
            }
            self.widget = widget
        }
        payloadPath = arguments.value("payload") ?? "-"
        observedAt = try arguments.instant("observed-at")
        expected = .any
        if let text = arguments.value("expect") {
            // Digits only, as `store` prints revisions: `Int` alone would take `+1` and `007`.
            guard text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                text == "0" || !text.hasPrefix("0"), let revision = Int(text)
            else {
                throw .usage(
                    "--expect '\(text)' is not a revision number (0 or more)", command: Self.spec.name)
            }
            expected = .revision(revision)
        }
    }

    func run(in context: CommandContext) throws(CommandFailure) -> ExitCode {
        let url = try StoreArguments.directory(directory, in: context)
        let data = try InputFile.read(
            payloadPath, limit: SnapshotLimits.maximumRecordSize, what: "payload", in: context)
        let source = payloadPath == "-" ? "on standard input" : "'\(payloadPath)'"
        let store = FileSnapshotStore(directory: url)
        let outcome: CommitOutcome
        if let widget, case .any = expected {
            return try sync(data, source: source, as: widget, store: store, directory: url, in: context)
        } else if let widget {
            outcome = try commit(
                data, source: source, as: widget, to: store, directory: url, at: context.now())
        } else {
            // Parsed, not decoded: `JSONDecoder` holds a number in a `Double` or a `Decimal` and
            // would silently drop digits beyond 38; the commit refuses what a reader cannot hold.
            let payload: JSONValue
            do {
                payload = try JSONParser.parse(data)
            } catch {
                throw CommandFailure(
                    .badData,
                    "payload \(source) is not valid: \(JSONDecodingError(path: nil, message: error.description))"
                )
            }
            outcome = try commit(
                payload, kind: String(key.purpose), schemaVersion: 1, to: store, at: context.now())
        }
        guard case .durable = outcome.durability else {
            if case .notDurable(let error) = outcome.durability {
                throw CommandFailure(
                    .ioError,
                    "revision \(outcome.revision) of '\(key)' was published but may not survive a power loss: \(error)"
                )
            }
            return .ioError
        }
        context.print(String(outcome.revision))
        return .success
    }

    /// Commits through ``WidgetSync``, as the host app would, logging to the shared directory.
    private func sync<Kind: WidgetKind>(
        _ data: Data, source: String, as kind: Kind, store: FileSnapshotStore, directory: URL,
        in context: CommandContext
    ) throws(CommandFailure) -> ExitCode {
        let payload = try DecodingFailure.decode(
            Kind.Payload.self, from: data, what: "payload", source: source)
        let sync = WidgetSync(
            store: store, reloader: LogOnlyReloader(), clock: CommandClock(now: context.now),
            log: FileDiagnosticLog(directory: directory))
        let outcome: SyncOutcome
        do throws(SnapshotStoreError) {
            outcome = try sync.commit(payload, for: kind, key: key, observedAt: observedAt)
        } catch {
            throw StoreArguments.failure(error, doing: "commit '\(key)'")
        }
        switch outcome {
        case .unchanged(let revision):
            context.print(String(revision))
            // The sync also keeps a revision whose data was observed after this payload's: say which.
            let observed = Instant.rounded(observedAt ?? context.now())
            if let stored = store.read(key, for: kind).snapshot, stored.revision == revision,
                stored.dataObservedAt > observed
            {
                context.standardError.write(
                    "note: revision \(revision) holds data observed at \(Instant.format(stored.dataObservedAt)), "
                        + "after this payload's \(Instant.format(observed)); it is kept and nothing is reloaded\n"
                )
            } else {
                context.standardError.write(
                    "note: the content is unchanged; revision \(revision) is kept and nothing is reloaded\n")
            }
        case .saved(let revision, _, .durable):
            context.print(String(revision))
        case .saved(let revision, _, .notDurable(let error)):
            throw CommandFailure(
                .ioError,
                "revision \(revision) of '\(key)' was published but may not survive a power loss: \(error)")
        }
        return .success
    }

    /// A compare-and-swap commit of a widget's payload: fingerprinted as the kind does, and logged as
    /// the host's commit (no reload is asked for), so `diagnose` sees the revision.
    private func commit<Kind: WidgetKind>(
        _ data: Data, source: String, as kind: Kind, to store: FileSnapshotStore, directory: URL, at now: Date
    ) throws(CommandFailure) -> CommitOutcome {
        let payload = try DecodingFailure.decode(
            Kind.Payload.self, from: data, what: "payload", source: source)
        let outcome: CommitOutcome
        do {
            let draft = try SnapshotDraft(
                for: kind, key: key, generatedAt: now, observedAt: observedAt, payload: payload)
            outcome = try store.commit(draft, expecting: expected)
        } catch {
            throw StoreArguments.failure(error, doing: "commit '\(key)'")
        }
        FileDiagnosticLog(directory: directory).record(
            DiagnosticEvent(
                at: now, side: .host, stage: .snapshotCommit, key: key, kind: kind.kind,
                revision: outcome.revision, schemaVersion: kind.schemaVersion,
                reason: outcome.isDurable ? "expected" : "expected,not-durable"))
        return outcome
    }

    private func commit<Payload: Codable & Sendable & Equatable>(
        _ payload: Payload, kind: String, schemaVersion: Int, to store: FileSnapshotStore, at now: Date
    ) throws(CommandFailure) -> CommitOutcome {
        do {
            let draft = try SnapshotDraft(
                kind: kind, key: key, schemaVersion: schemaVersion, generatedAt: now, observedAt: observedAt,
                payload: payload)
            return try store.commit(draft, expecting: expected)
        } catch {
            throw StoreArguments.failure(error, doing: "commit '\(key)'")
        }
    }
}
