import Foundation
import WidgetTimeline

/// INTERIM host half of the library strategy, until `WidgetSync` lands on `main`: skip unchanged
/// content (fingerprint), save first, then ask for a reload, debounced, flushed when the app
/// leaves the foreground (SPEC R1, R3, R4).
final class InterimLibraryHost<Kind: WidgetKind>: HostSide {
    private let shelf: SnapshotShelf<Kind.Payload>
    private let kind: Kind
    private let debounce: TimeInterval
    private var lastFingerprint: ContentFingerprint?
    private var reloadDue: Date?

    init(kind: Kind, shelf: SnapshotShelf<Kind.Payload>, debounce: TimeInterval = 1) {
        self.kind = kind
        self.shelf = shelf
        self.debounce = debounce
    }

    func appEmitted(_ payload: Kind.Payload, observedAt: Date, host: HostContext) {
        let fingerprint = SnapshotShelf<Kind.Payload>.fingerprint(of: payload)
        guard fingerprint != lastFingerprint else { return }
        shelf.save(payload, generatedAt: host.now, observedAt: observedAt)
        lastFingerprint = fingerprint
        reloadDue = host.now.addingTimeInterval(debounce)
        host.scheduleTimer(at: reloadDue!)
    }

    func hostTimerFired(host: HostContext) {
        guard let due = reloadDue, due <= host.now else { return }
        flush(host: host)
    }

    func appWillLeaveForeground(host: HostContext) { flush(host: host) }

    private func flush(host: HostContext) {
        guard reloadDue != nil else { return }
        reloadDue = nil
        host.reloadTimelines(ofKind: kind.kind)
    }
}
