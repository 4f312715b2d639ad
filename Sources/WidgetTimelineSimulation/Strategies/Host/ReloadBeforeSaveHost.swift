import Foundation
import WidgetTimeline

/// Naive host: ask for the reload first, then save (seed 000, "the wrong order"). When the system
/// is quick, the provider reads the previous snapshot and shows it as current until the next
/// reload.
final class ReloadBeforeSaveHost<Kind: WidgetKind>: HostSide {
    private let kind: Kind
    private let shelf: SnapshotShelf<Kind.Payload>
    private var lastFingerprint: ContentFingerprint?
    /// Saves in flight, oldest first: each completes ``HostContext/saveDuration`` after it began.
    private var saving: [(done: Date, payload: Kind.Payload, observedAt: Date)] = []

    init(kind: Kind, shelf: SnapshotShelf<Kind.Payload>) {
        self.kind = kind
        self.shelf = shelf
    }

    func appEmitted(_ payload: Kind.Payload, observedAt: Date, host: HostContext) {
        let fingerprint = SnapshotShelf<Kind.Payload>.fingerprint(of: payload)
        guard fingerprint != lastFingerprint else { return }
        lastFingerprint = fingerprint
        host.reloadTimelines(ofKind: kind.kind)
        let done = host.now.addingTimeInterval(host.saveDuration)
        saving.append((done, payload, observedAt))
        host.scheduleTimer(at: done)
    }

    func hostTimerFired(host: HostContext) {
        while let first = saving.first, first.done <= host.now {
            saving.removeFirst()
            shelf.save(first.payload, generatedAt: host.now, observedAt: first.observedAt)
        }
    }

    func appWillLeaveForeground(host: HostContext) {}
}
