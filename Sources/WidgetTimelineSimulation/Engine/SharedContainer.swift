import Foundation
import WidgetTimeline

/// One widget's App Group container in a simulation: the core's real ``InMemorySnapshotStore``
/// (records encoded, validated and revisioned exactly as on disk), with the host's read-write
/// handle and the extension's read-only one.
///
/// A thin adapter so strategies save and read in one line; every rule is the store's.
final class SharedContainer<Kind: WidgetKind> {
    let kind: Kind
    let key: SnapshotKey
    /// The host app's handle.
    let store: InMemorySnapshotStore
    /// The widget extension's view of the same contents (SPEC S6).
    let extensionStore: InMemorySnapshotStore

    init(kind: Kind, key: SnapshotKey) {
        self.kind = kind
        self.key = key
        store = InMemorySnapshotStore()
        extensionStore = store.readOnly()
    }

    /// The last read, by the newest revision it saw: reading the same revision's bytes again
    /// decodes to the same result, so a repeated read is answered from here, and so is the read of
    /// a revision this container just committed (a pure memo: the store is asked for its newest
    /// revision on every read, and any revision not seen here is read and decoded from it).
    private var lastRead: (revision: Int, result: SnapshotReadResult<Kind.Payload>)?

    /// The newest snapshot, as the extension reads it.
    var latest: Snapshot<Kind.Payload>? { read().snapshot }

    /// The newest snapshot as a read result, for loaders that handle every case.
    func read() -> SnapshotReadResult<Kind.Payload> {
        let newest = extensionStore.revisions(of: key).last ?? 0
        if let lastRead, lastRead.revision == newest { return lastRead.result }
        let result = extensionStore.read(key, for: kind)
        lastRead = (newest, result)
        return result
    }

    /// Commits `payload` and returns the snapshot as stored, or `nil` when the commit failed (the
    /// previous snapshot is then intact, as the store promises).
    ///
    /// - Parameter fingerprint: the payload's fingerprint, when the caller has computed it already.
    @discardableResult
    func save(
        _ payload: Kind.Payload, generatedAt: Date, observedAt: Date?, fingerprint: ContentFingerprint? = nil
    ) -> Snapshot<Kind.Payload>? {
        do {
            let fingerprint = try fingerprint ?? kind.fingerprint(of: payload, observedAt: observedAt)
            let draft = SnapshotDraft(
                kind: kind.kind, key: key, schemaVersion: kind.schemaVersion, generatedAt: generatedAt,
                observedAt: observedAt, fingerprint: fingerprint, payload: payload)
            let outcome = try store.commit(draft)
            // What a read of this revision returns: the store keeps instants to the millisecond.
            let snapshot = Snapshot(
                schemaVersion: kind.schemaVersion, kind: kind.kind, key: key, revision: outcome.revision,
                generatedAt: Instant.rounded(generatedAt), observedAt: observedAt.map(Instant.rounded),
                fingerprint: fingerprint, payload: payload)
            lastRead = (outcome.revision, .found(snapshot, fallback: nil))
            return snapshot
        } catch {
            return nil
        }
    }

    /// The fingerprint the widget kind gives `payload`.
    func fingerprint(of payload: Kind.Payload, observedAt: Date?) -> ContentFingerprint? {
        try? kind.fingerprint(of: payload, observedAt: observedAt)
    }
}
