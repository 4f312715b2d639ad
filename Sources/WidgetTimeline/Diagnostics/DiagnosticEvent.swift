#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// One step of the pipe from a host commit to a widget's screen, as logged.
///
/// Only structure is recorded — revision, schema version, ages, counts, policy, reason codes and
/// error categories. Never payload content, titles or user identifiers: the log is read on devices
/// and attached to bug reports.
public struct DiagnosticEvent: Sendable, Hashable, Codable {
    /// Which process wrote the event.
    public enum Side: String, Sendable, Hashable, Codable {
        case host
        case widgetExtension = "extension"
    }

    /// The stage of the pipe.
    public enum Stage: String, Sendable, Hashable, Codable, CaseIterable {
        /// The host committed a revision (or the extension saved a fetched one).
        case snapshotCommit = "snapshot_commit"
        /// The host skipped a commit whose display content was unchanged.
        case dedupeSkip = "dedupe_skip"
        /// The host asked the system to reload a kind.
        case reloadRequest = "reload_request"
        /// The system ran the extension's timeline provider.
        case providerRun = "provider_run"
        /// The extension read a snapshot (or found none).
        case snapshotRead = "snapshot_read"
        /// The extension built a timeline.
        case timelineBuild = "timeline_build"
        /// Something failed; `category` says what kind of failure.
        case error
    }

    public var at: Date
    public var side: Side
    public var stage: Stage
    /// The snapshot key concerned.
    public var key: String?
    /// The widget kind concerned.
    public var kind: String?
    public var revision: Int?
    public var schemaVersion: Int?
    /// Age of the snapshot's data in whole seconds, when read.
    public var ageSeconds: Int?
    /// The freshness of what was read, or of the first entry built.
    public var freshness: Freshness?
    public var entryCount: Int?
    /// `atEnd`, `never`, or `after+<seconds>` relative to the event.
    public var policy: String?
    /// Why: a reload's trigger (`commit`, `flush`, `sign-out`), a read's outcome (`found`,
    /// `missing`, `fallback`), a failure's reason code. Text that is not a code is logged as
    /// ``withheldReason``.
    public var reason: String?
    /// Reloads of the kind in the last 24 hours, for reload requests.
    public var reloadsInDay: Int?

    public init(
        at: Date,
        side: Side,
        stage: Stage,
        key: SnapshotKey? = nil,
        kind: String? = nil,
        revision: Int? = nil,
        schemaVersion: Int? = nil,
        ageSeconds: Int? = nil,
        freshness: Freshness? = nil,
        entryCount: Int? = nil,
        policy: String? = nil,
        reason: String? = nil,
        reloadsInDay: Int? = nil
    ) {
        self.at = at
        self.side = side
        self.stage = stage
        self.key = key?.rawValue
        self.kind = kind
        self.revision = revision
        self.schemaVersion = schemaVersion
        self.ageSeconds = ageSeconds
        self.freshness = freshness
        self.entryCount = entryCount
        self.policy = policy
        self.reason = reason.map(Self.loggable)
        self.reloadsInDay = reloadsInDay
    }

    /// What a `reason` that is not a code becomes: ``UnavailableReason``s and reload reasons are
    /// short codes, but an app can pass any text (an error's message naming a user or an address).
    public static let withheldReason = "withheld-not-a-code"

    /// `reason` as the log keeps it: a code — at most 64 ASCII letters, digits, `-`, `_`, `,` and
    /// `.` — as it is, any other text as ``withheldReason``, so no user content reaches the log.
    static func loggable(_ reason: String) -> String {
        let isCode =
            !reason.isEmpty && reason.utf8.count <= 64
            && reason.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                    UInt8(ascii: ","), UInt8(ascii: "."):
                    true
                default: false
                }
            }
        return isCode ? reason : withheldReason
    }

    /// The policy's log form relative to `instant`: `atEnd`, `never`, `after+1800s`.
    public static func describe(_ policy: ReloadPolicy, from instant: Date) -> String {
        switch policy {
        case .atEnd: "atEnd"
        case .never: "never"
        case .after(let date): "after+\(Int(date.timeIntervalSince(instant).rounded()))s"
        }
    }

    /// The event as one line of the log: the canonical form (``CanonicalJSON``) of what
    /// `JSONEncoder` writes for it with the package's conventions, without the encoder: a commit
    /// logs two events, and the encoder was a large part of a commit's own work
    /// (`docs/performance.md`). `nil` when ``at`` has no text a reader can read back.
    var logLine: [UInt8]? {
        guard let time = try? Instant.encodedText(at, in: nil, at: [AnyCodingKey("at")]) else { return nil }
        func number(_ value: Int?) -> JSONValue? { value.map { .integer(Int64($0)) } }
        func text(_ value: String?) -> JSONValue? { value.map(JSONValue.string) }
        return CanonicalJSON.encode(
            sortedMembers: [
                "ageSeconds": number(ageSeconds),
                "at": .string(time),
                "entryCount": number(entryCount),
                "freshness": text(freshness?.rawValue),
                "key": text(key),
                "kind": text(kind),
                "policy": text(policy),
                "reason": text(reason),
                "reloadsInDay": number(reloadsInDay),
                "revision": number(revision),
                "schemaVersion": number(schemaVersion),
                "side": .string(side.rawValue),
                "stage": .string(stage.rawValue),
            ], wholeNumbersInFull: true)
    }

    /// One line of text: `2026-11-29T09:00:00Z host snapshot_commit key=task-count revision=18`.
    public var line: String {
        var parts = [Instant.format(at), side.rawValue, stage.rawValue]
        if let key { parts.append("key=\(key)") }
        if let kind { parts.append("kind=\(kind)") }
        if let revision { parts.append("revision=\(revision)") }
        if let schemaVersion { parts.append("schema=\(schemaVersion)") }
        if let ageSeconds { parts.append("age=\(ageSeconds)s") }
        if let freshness { parts.append("freshness=\(freshness.rawValue)") }
        if let entryCount { parts.append("entries=\(entryCount)") }
        if let policy { parts.append("policy=\(policy)") }
        if let reason { parts.append("reason=\(reason)") }
        if let reloadsInDay { parts.append("reloads24h=\(reloadsInDay)") }
        return parts.joined(separator: " ")
    }
}

/// Where diagnostic events go: the shared log file, memory in tests, or nowhere.
public protocol DiagnosticSink: Sendable {
    func record(_ event: DiagnosticEvent)

    /// Records `events` in order, as one write where the sink can (a commit's event and its reload
    /// request together). By default, one ``record(_:)`` each.
    func record(contentsOf events: [DiagnosticEvent])
}

extension DiagnosticSink {
    public func record(contentsOf events: [DiagnosticEvent]) {
        for event in events { record(event) }
    }
}

/// A sink that drops every event.
public struct DiscardingDiagnosticSink: DiagnosticSink {
    public init() {}
    public func record(_ event: DiagnosticEvent) {}
}

/// Collects one run's events in memory, to be written in one append when the run is over: a
/// provider run costs one write to the shared log, not one per stage.
@usableFromInline
final class DiagnosticBatch: DiagnosticSink, @unchecked Sendable {
    // @unchecked: `events` is read and written under `lock`.
    private let lock = Lock()
    private var events: [DiagnosticEvent] = []

    init(_ first: DiagnosticEvent? = nil) {
        if let first { events.append(first) }
    }

    @usableFromInline
    func record(_ event: DiagnosticEvent) { lock.withLock { events.append(event) } }

    /// Writes what was collected to `sink`, in order, and forgets it.
    @usableFromInline
    func write(to sink: any DiagnosticSink) {
        let collected = lock.withLock {
            defer { events = [] }
            return events
        }
        if !collected.isEmpty { sink.record(contentsOf: collected) }
    }
}
