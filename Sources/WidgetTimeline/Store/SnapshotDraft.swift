#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// Everything a commit writes except the revision, which the store assigns: one more than the
/// key's current revision.
///
/// A draft encodes its payload once, when it is made: the fingerprint and the stored envelope are
/// built from that one value, so what is hashed is exactly what is stored.
///
/// `generatedAt` is the committing clock's now. A draft whose `observedAt` is later than that by
/// more than ``SnapshotLimits/futureInstantTolerance`` is refused when it is made
/// (``SnapshotStoreError/observedInTheFuture(observedAt:generatedAt:)``): no clock can have seen
/// that data yet, and every reader would show it as fresh until then.
public struct SnapshotDraft<Payload: Codable & Sendable & Equatable>: Sendable, Equatable {
    /// The widget kind writing it.
    public let kind: String
    /// The key to store it under.
    public let key: SnapshotKey
    /// The payload's schema version; readers that support less report the record as incompatible.
    public let schemaVersion: Int
    /// When the host made this record, rounded to the millisecond, as stored.
    public let generatedAt: Date
    /// When the data it carries was observed, if that differs from ``generatedAt`` (rounded to the
    /// millisecond, as stored).
    public let observedAt: Date?
    /// The display content's fingerprint.
    public let fingerprint: ContentFingerprint
    /// What the widget displays.
    public let payload: Payload
    /// The payload as `JSONEncoder` writes it, read back exactly: what the envelope stores.
    let encodedPayload: JSONValue
    /// The bytes `JSONEncoder` wrote for the payload: what ``PayloadReadBack/bytes(of:)`` gives.
    let encodedBytes: Data
    /// What every reader decodes from the stored payload, as the draft's check decoded it
    /// (``PayloadReadBack/Encoding/readBack``): the in-memory store's first read of the revision,
    /// without decoding it again.
    let readBack: Payload

    /// A draft with a fingerprint of your own.
    ///
    /// - Throws: ``SnapshotStoreError/encoding(_:)`` when the payload cannot be encoded as JSON or
    ///   would not read back as itself (``PayloadReadBack``);
    ///   ``SnapshotStoreError/observedInTheFuture(observedAt:generatedAt:)`` when `observedAt` is
    ///   after `generatedAt` by more than the tolerance.
    public init(
        kind: String,
        key: SnapshotKey,
        schemaVersion: Int = 1,
        generatedAt: Date,
        observedAt: Date? = nil,
        fingerprint: ContentFingerprint,
        payload: Payload
    ) throws(SnapshotStoreError) {
        try Self.checkObservation(observedAt, generatedAt: generatedAt)
        self.init(
            kind: kind, key: key, schemaVersion: schemaVersion, generatedAt: generatedAt,
            observedAt: observedAt, fingerprint: fingerprint, payload: payload,
            encoding: try Self.encode(payload))
    }

    /// A draft whose fingerprint is the payload's own: the SHA-256 of its canonical JSON.
    ///
    /// - Throws: as ``init(kind:key:schemaVersion:generatedAt:observedAt:fingerprint:payload:)``.
    public init(
        kind: String,
        key: SnapshotKey,
        schemaVersion: Int = 1,
        generatedAt: Date,
        observedAt: Date? = nil,
        payload: Payload
    ) throws(SnapshotStoreError) {
        try Self.checkObservation(observedAt, generatedAt: generatedAt)
        let encoded = try Self.encode(payload)
        self.init(
            kind: kind, key: key, schemaVersion: schemaVersion, generatedAt: generatedAt,
            observedAt: observedAt, fingerprint: ContentFingerprint(of: encoded.value), payload: payload,
            encoding: encoded)
    }

    /// A draft of `kind`'s payload: its schema version, its default key unless `key` is given, and
    /// the fingerprint its ``WidgetKind/fingerprintedContent(of:observedAt:)`` decides.
    ///
    /// - Throws: ``SnapshotStoreError/encoding(_:)`` when the payload (or the fingerprinted
    ///   content) cannot be encoded as JSON;
    ///   ``SnapshotStoreError/observedInTheFuture(observedAt:generatedAt:)`` as above.
    public init<Kind: WidgetKind>(
        for kind: Kind,
        key: SnapshotKey? = nil,
        generatedAt: Date,
        observedAt: Date? = nil,
        payload: Payload
    ) throws(SnapshotStoreError) where Kind.Payload == Payload {
        try self.init(
            for: kind, key: key, generatedAt: generatedAt, observedAt: observedAt, payload: payload,
            readBacks: nil)
    }

    /// A draft of `kind`'s payload, as above, whose read-back check `readBacks` may already have made.
    package init<Kind: WidgetKind>(
        for kind: Kind,
        key: SnapshotKey? = nil,
        generatedAt: Date,
        observedAt: Date? = nil,
        payload: Payload,
        readBacks: PayloadReadBacks?
    ) throws(SnapshotStoreError) where Kind.Payload == Payload {
        try Self.checkObservation(observedAt, generatedAt: generatedAt)
        let encoded = try PayloadReadBack.encode(payload, readBacks: readBacks)
        let fingerprint: ContentFingerprint
        // The data's observation, also when the commit names none: then it is the commit's instant.
        let observed = Self.asStored(observedAt ?? generatedAt)
        if let content = kind.fingerprintedContent(of: payload, observedAt: observed) {
            do {
                fingerprint = try ContentFingerprint(of: content)
            } catch {
                throw .encoding(describing: error)
            }
        } else {
            fingerprint = encoded.fingerprint ?? ContentFingerprint(of: encoded.value)
        }
        self.init(
            kind: kind.kind, key: key ?? kind.defaultKey, schemaVersion: kind.schemaVersion,
            generatedAt: generatedAt, observedAt: observedAt, fingerprint: fingerprint, payload: payload,
            encoding: encoded)
    }

    private init(
        kind: String, key: SnapshotKey, schemaVersion: Int, generatedAt: Date, observedAt: Date?,
        fingerprint: ContentFingerprint, payload: Payload, encoding: PayloadReadBack.Encoding<Payload>
    ) {
        self.kind = kind
        self.key = key
        self.schemaVersion = schemaVersion
        self.generatedAt = Self.asStored(generatedAt)
        self.observedAt = observedAt.map(Self.asStored)
        self.fingerprint = fingerprint
        self.payload = payload
        encodedPayload = encoding.value
        encodedBytes = encoding.bytes
        readBack = encoding.readBack
    }

    /// An instant as the record stores it and every reader reads it: rounded to the millisecond, so
    /// ``snapshot(revision:)`` is the snapshot a read returns. An instant with no millisecond count
    /// (not a number, or beyond ±292 million years) is kept, for the encoding to refuse by its value.
    private static func asStored(_ instant: Date) -> Date {
        let seconds = instant.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 9e15 else { return instant }
        return Instant.rounded(instant)
    }

    /// Refuses data observed after the draft was made by more than the tolerance.
    static func checkObservation(_ observedAt: Date?, generatedAt: Date) throws(SnapshotStoreError) {
        guard let observedAt,
            observedAt.timeIntervalSince(generatedAt) > SnapshotLimits.futureInstantTolerance
        else { return }
        throw .observedInTheFuture(observedAt: observedAt, generatedAt: generatedAt)
    }

    /// The payload's encoding, refused unless it reads back as the payload (``PayloadReadBack``).
    private static func encode(_ payload: Payload) throws(SnapshotStoreError)
        -> PayloadReadBack.Encoding<Payload>
    {
        try PayloadReadBack.encode(payload)
    }

    /// The snapshot this draft becomes at `revision`.
    public func snapshot(revision: Int) -> Snapshot<Payload> {
        Snapshot(
            schemaVersion: schemaVersion, kind: kind, key: key, revision: revision, generatedAt: generatedAt,
            observedAt: observedAt, fingerprint: fingerprint, payload: payload)
    }
}
