import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// One widget's App Group container in a simulation: the core's real ``InMemorySnapshotStore``
/// (records encoded, validated and revisioned exactly as on disk), with the host's read-write
/// handle — which also notes what each revision carries (``RecordingSnapshotStore``) — and the
/// extension's read-only one.
///
/// A thin adapter so the naive strategies save and read in one line; every rule is the store's.
final class SimulatedContainer<Kind: WidgetKind> {
    let kind: Kind
    let key: SnapshotKey
    /// The host app's handle.
    let store: RecordingSnapshotStore<Kind.Payload>
    /// The widget extension's view of the same contents.
    let extensionStore: InMemorySnapshotStore
    /// Read-back checks the device's drafts share with the rest of its fleet, or `nil`.
    let readBacks: PayloadReadBacks?

    init(kind: Kind, key: SnapshotKey, readBacks: PayloadReadBacks? = nil) {
        self.kind = kind
        self.key = key
        self.readBacks = readBacks
        let base = InMemorySnapshotStore()
        store = RecordingSnapshotStore(base: base)
        extensionStore = base.readOnly()
    }

    /// The newest snapshot, as the extension reads it.
    var latest: Snapshot<Kind.Payload>? { read().snapshot }

    /// The newest snapshot as a read result, for loaders that handle every case.
    func read() -> SnapshotReadResult<Kind.Payload> {
        extensionStore.read(key, for: kind)
    }

    /// Commits `payload` and returns the snapshot as a reader now sees it, or `nil` when the commit
    /// failed (the previous snapshot is then intact, as the store promises).
    @discardableResult
    func save(_ payload: Kind.Payload, generatedAt: Date, observedAt: Date?) -> Snapshot<Kind.Payload>? {
        do {
            let draft = try SnapshotDraft(
                for: kind, key: key, generatedAt: generatedAt, observedAt: observedAt, payload: payload,
                readBacks: readBacks)
            _ = try store.commit(draft)
            return read().snapshot
        } catch {
            return nil
        }
    }

    /// The fingerprint the widget kind gives `payload`.
    func fingerprint(of payload: Kind.Payload, observedAt: Date?) -> ContentFingerprint? {
        try? kind.fingerprint(of: payload, observedAt: observedAt)
    }
}
