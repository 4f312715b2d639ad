import WidgetTimeline
import WidgetTimelineExamples

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// `widget-timeline store list`: every key with its newest revision, age and freshness.
struct StoreListCommand: Command {
    static let spec = CommandSpec(
        name: "store list",
        overview: "List the stored keys with their revision, age and freshness.",
        discussion: """
            Reads without changing anything. The age is the data's (observedAt, or generatedAt when
            absent) at the current time; freshness follows the widget kind's policy, or the standard
            one (fresh for 30 minutes, stale until 24 hours) for kinds it does not know. Exits 1 when
            any key has no valid snapshot.
            """,
        options: [
            OptionSpec("dir", .value(placeholder: "dir"), help: "The shared directory.", required: true),
            OptionSpec("format", .value(placeholder: "text|json"), help: "Output format (default: text)."),
        ]
    )

    var directory: String
    var format: OutputFormat

    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        directory = arguments.required("dir")
        format = try arguments.outputFormat()
    }

    /// One key's line of the listing.
    struct Row: Encodable {
        var key: String
        var revision: Int?
        var kind: String?
        var generatedAt: Date?
        var observedAt: Date?
        var ageSeconds: Int?
        var freshness: String?
        /// Why the key has no usable snapshot, when it has none.
        var problem: String?
    }

    func run(in context: CommandContext) throws(CommandFailure) -> ExitCode {
        let url = try StoreArguments.directory(directory, in: context)
        let store = FileSnapshotStore.readOnly(directory: url)
        let keys: [SnapshotKey]
        do {
            keys = try store.keys()
        } catch {
            throw StoreArguments.failure(error, doing: "list '\(directory)'")
        }
        let now = context.now()
        let rows = keys.map { Self.row(for: $0, in: store, at: now) }
        switch format {
        case .json:
            struct Listing: Encodable { var keys: [Row] }
            guard let json = try? JSONCoding.encoder(pretty: true).encode(Listing(keys: rows)) else {
                throw CommandFailure(.ioError, "the listing cannot be written as JSON")
            }
            context.print(String(decoding: json, as: UTF8.self))
        case .text:
            context.standardOutput.write(Self.text(rows))
        }
        return rows.contains { $0.problem != nil } ? .problemFound : .success
    }

    static func row(for key: SnapshotKey, in store: FileSnapshotStore, at now: Date) -> Row {
        switch store.readStored(key) {
        case .found(let snapshot, _):
            let policy =
                ExampleWidgets.named(snapshot.kind)?.freshness ?? FreshnessPolicy.standard
            return Row(
                key: key.rawValue, revision: snapshot.revision, kind: snapshot.kind,
                generatedAt: snapshot.generatedAt, observedAt: snapshot.observedAt,
                ageSeconds: Int(now.timeIntervalSince(snapshot.dataObservedAt).rounded()),
                freshness: policy.classify(dataObservedAt: snapshot.dataObservedAt, at: now).rawValue)
        case .missing:
            return Row(key: key.rawValue, problem: "missing")
        case .corrupted(let problems):
            return Row(key: key.rawValue, problem: "corrupted: \(problems.count) invalid revision(s)")
        case .unreadable(let error):
            return Row(key: key.rawValue, problem: "unreadable: \(error)")
        case .incompatible(let found, _):
            return Row(key: key.rawValue, problem: "schema \(found) cannot be shown")
        }
    }

    /// The listing as text: each column as wide as its longest cell and two spaces, so no value —
    /// an age of years, a revision of nineteen digits — runs into the next column.
    static func text(_ rows: [Row]) -> String {
        guard !rows.isEmpty else { return "no snapshots\n" }
        let header = ["KEY", "REVISION", "KIND", "GENERATED", "AGE", "FRESHNESS"]
        let cells: [[String]] = rows.map { row in
            guard let revision = row.revision else {
                return [row.key, "-", "-", "-", "-", row.problem ?? ""]
            }
            return [
                row.key, String(revision), TerminalText.line(row.kind ?? ""),
                row.generatedAt.map { Instant.format($0) } ?? "", age(row.ageSeconds ?? 0),
                row.freshness ?? "",
            ]
        }
        // At least the widths of an ordinary listing, so ordinary listings keep their layout.
        let minimums = [0, 10, 0, 26, 10, 0]
        let widths = header.indices.map { column in
            max(minimums[column], ([header] + cells).map { $0[column].count }.max()! + 2)
        }
        let lines = ([header] + cells).map { line in
            line.enumerated().map { column, cell in
                column == line.count - 1 ? cell : cell.padding(widths[column])
            }.joined()
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Ages for people: `45s`, `3m 5s`, `2h 10m`, `4d 3h`; `in 5m` for data from the future (a
    /// clock ahead of this one).
    static func age(_ seconds: Int) -> String {
        if seconds < 0 { return "in " + age(-seconds) }
        switch seconds {
        case ..<60: return "\(seconds)s"
        case ..<3600: return "\(seconds / 60)m" + (seconds % 60 == 0 ? "" : " \(seconds % 60)s")
        case ..<86_400:
            return "\(seconds / 3600)h" + (seconds % 3600 / 60 == 0 ? "" : " \(seconds % 3600 / 60)m")
        default:
            return "\(seconds / 86_400)d"
                + (seconds % 86_400 / 3600 == 0 ? "" : " \(seconds % 86_400 / 3600)h")
        }
    }
}
