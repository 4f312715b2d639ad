import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// Naive host: ask for the reload first, then save. When the system
/// is quick, the provider reads the previous snapshot and shows it as current until the next
/// reload.
final class ReloadBeforeSaveHost<Kind: WidgetKind>: HostSide {
    private let container: SimulatedContainer<Kind>
    private let controlKinds: [String]
    private var lastFingerprint: ContentFingerprint?
    /// Saves in flight, oldest first: each completes ``HostContext/saveDuration`` after it began.
    private var saving: [(done: Date, payload: Kind.Payload, observedAt: Date)] = []

    init(container: SimulatedContainer<Kind>, controlKinds: [String] = []) {
        self.container = container
        self.controlKinds = controlKinds
    }

    func appEmitted(_ payload: Kind.Payload, observedAt: Date, host: HostContext) {
        let fingerprint = container.fingerprint(of: payload, observedAt: observedAt)
        guard fingerprint != lastFingerprint else { return }
        lastFingerprint = fingerprint
        host.widgetCenter.reloadTimelines(ofKinds: [container.kind.kind])
        if !controlKinds.isEmpty { host.controlCenter.reloadControls(ofKinds: controlKinds) }
        let done = host.now.addingTimeInterval(host.saveDuration)
        saving.append((done, payload, observedAt))
        host.scheduleTimer(at: done)
    }

    func hostTimerFired(host: HostContext) {
        while let first = saving.first, first.done <= host.now {
            saving.removeFirst()
            container.save(first.payload, generatedAt: host.now, observedAt: first.observedAt)
        }
    }

    func appWillLeaveForeground(host: HostContext) {}
}
