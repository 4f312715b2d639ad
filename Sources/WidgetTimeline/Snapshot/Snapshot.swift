#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// One committed record of a widget's display payload: the envelope the host writes and the
/// extension reads. See `docs/store-format.md` for the on-disk form.
///
/// Three instants are kept apart: ``generatedAt`` (when this record was made),
/// ``observedAt`` (when its data was true) and, elsewhere, the entry dates and the reload date.
public struct Snapshot<Payload: Codable & Sendable & Equatable>: Sendable, Equatable, Codable {
    /// The payload's schema version, chosen by the widget kind; a reader refuses newer ones.
    public var schemaVersion: Int
    /// The widget kind that wrote it.
    public var kind: String
    /// The key it is stored under.
    public var key: SnapshotKey
    /// The store's revision number: 1 for the first commit, one more for each commit after.
    public var revision: Int
    /// When the host made this record.
    public var generatedAt: Date
    /// When the data it carries was observed, if that differs from ``generatedAt`` (a server time).
    public var observedAt: Date?
    /// The display content's fingerprint, for skipping unchanged commits.
    public var fingerprint: ContentFingerprint
    /// What the widget displays.
    public var payload: Payload

    public init(
        schemaVersion: Int = 1,
        kind: String,
        key: SnapshotKey,
        revision: Int,
        generatedAt: Date,
        observedAt: Date? = nil,
        fingerprint: ContentFingerprint,
        payload: Payload
    ) {
        self.schemaVersion = schemaVersion
        self.kind = kind
        self.key = key
        self.revision = revision
        self.generatedAt = generatedAt
        self.observedAt = observedAt
        self.fingerprint = fingerprint
        self.payload = payload
    }

    /// When the data was true: ``observedAt``, or ``generatedAt`` when the host did not say.
    public var dataObservedAt: Date { observedAt ?? generatedAt }

    /// The stamp a shown value carries.
    public var stamp: DataStamp { DataStamp(revision: revision, observedAt: dataObservedAt) }
}

/// Bounds on what a reader loads, because a widget extension has about 30 MB of memory in all.
public enum SnapshotLimits {
    /// The largest snapshot record, in bytes, that any reader in this package loads: 1 MiB.
    /// Larger files are refused as bad data rather than read.
    public static let maximumRecordSize = 1 << 20
    /// How far past the clock that judges it an instant may lie and still count as known: 60 s.
    /// A draft's `observedAt` may be at most this much after its `generatedAt` (a server's clock
    /// a little ahead of the device's), and data observed further in a reader's future is never
    /// shown as fresh (``FreshnessPolicy/classify(dataObservedAt:at:)``). Clocks synchronised over
    /// the network agree within a second; a value can look at most this much younger than it is.
    public static let futureInstantTolerance: TimeInterval = 60
}

/// Which snapshot a shown value came from, and when that value was true.
public struct DataStamp: Sendable, Hashable, Codable {
    /// The snapshot's revision: the number to trace from the host's commit to the screen.
    public var revision: Int
    /// When the shown data was observed (the snapshot's `observedAt`, or `generatedAt` without one).
    public var observedAt: Date

    public init(revision: Int, observedAt: Date) {
        self.revision = revision
        self.observedAt = observedAt
    }

    /// Whether this data was observed after data observed at `instant` (at the store's
    /// millisecond), or at the same instant when `orAtTheSameTime`, as judged at `now`: the one
    /// rule by which stored data stands against older data, in the loader against a source's answer
    /// and in the sync against an app's commit. Data observed in `now`'s future by more than
    /// ``SnapshotLimits/futureInstantTolerance`` has an unknown age and is never the later.
    func isObservedLater(than instant: Date, at now: Date, orAtTheSameTime: Bool = false) -> Bool {
        guard observedAt.timeIntervalSince(now) <= SnapshotLimits.futureInstantTolerance else { return false }
        let other = Instant.rounded(instant)
        return orAtTheSameTime ? observedAt >= other : observedAt > other
    }
}
