import Foundation

/// Everything a commit writes except the revision, which the store assigns: one more than the
/// key's current revision.
public struct SnapshotDraft<Payload: Codable & Sendable & Equatable>: Sendable, Equatable {
    /// The widget kind writing it.
    public var kind: String
    /// The key to store it under.
    public var key: SnapshotKey
    /// The payload's schema version; readers that support less report the record as incompatible.
    public var schemaVersion: Int
    /// When the host made this record (stored at millisecond precision).
    public var generatedAt: Date
    /// When the data it carries was observed, if that differs from ``generatedAt``.
    public var observedAt: Date?
    /// The display content's fingerprint.
    public var fingerprint: ContentFingerprint
    /// What the widget displays.
    public var payload: Payload

    public init(
        kind: String,
        key: SnapshotKey,
        schemaVersion: Int = 1,
        generatedAt: Date,
        observedAt: Date? = nil,
        fingerprint: ContentFingerprint,
        payload: Payload
    ) {
        self.kind = kind
        self.key = key
        self.schemaVersion = schemaVersion
        self.generatedAt = generatedAt
        self.observedAt = observedAt
        self.fingerprint = fingerprint
        self.payload = payload
    }

    /// A draft whose fingerprint is the payload's own (``ContentFingerprint/init(of:)``).
    ///
    /// - Throws: ``SnapshotStoreError/encoding(_:)`` when the payload cannot be encoded as JSON.
    public init(
        kind: String,
        key: SnapshotKey,
        schemaVersion: Int = 1,
        generatedAt: Date,
        observedAt: Date? = nil,
        payload: Payload
    ) throws(SnapshotStoreError) {
        let fingerprint: ContentFingerprint
        do {
            fingerprint = try ContentFingerprint(of: payload)
        } catch {
            throw .encoding(String(describing: error))
        }
        self.init(
            kind: kind, key: key, schemaVersion: schemaVersion, generatedAt: generatedAt,
            observedAt: observedAt, fingerprint: fingerprint, payload: payload)
    }

    /// The snapshot this draft becomes at `revision`.
    public func snapshot(revision: Int) -> Snapshot<Payload> {
        Snapshot(
            schemaVersion: schemaVersion, kind: kind, key: key, revision: revision, generatedAt: generatedAt,
            observedAt: observedAt, fingerprint: fingerprint, payload: payload)
    }
}
