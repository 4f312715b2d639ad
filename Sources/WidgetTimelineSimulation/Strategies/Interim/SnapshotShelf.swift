import Foundation
import WidgetTimeline

/// INTERIM, until the core's in-memory `SnapshotStore` lands on `main`: the latest snapshot per
/// widget, with revisions counted from 1. Replaced by the real store; not a store of its own.
final class SnapshotShelf<Payload: Codable & Sendable & Equatable> {
    private(set) var latest: Snapshot<Payload>?
    let kind: String
    let key: SnapshotKey

    init(kind: String, key: SnapshotKey) {
        self.kind = kind
        self.key = key
    }

    /// Commits `payload` and returns the snapshot as stored.
    @discardableResult
    func save(_ payload: Payload, generatedAt: Date, observedAt: Date?) -> Snapshot<Payload> {
        let snapshot = Snapshot(
            kind: kind,
            key: key,
            revision: (latest?.revision ?? 0) + 1,
            generatedAt: generatedAt,
            observedAt: observedAt,
            fingerprint: Self.fingerprint(of: payload),
            payload: payload
        )
        latest = snapshot
        return snapshot
    }

    static func fingerprint(of payload: Payload) -> ContentFingerprint {
        (try? ContentFingerprint(of: payload)) ?? ContentFingerprint(rawValue: "")
    }
}
