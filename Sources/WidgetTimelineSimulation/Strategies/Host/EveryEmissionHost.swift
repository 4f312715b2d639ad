import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// Naive host: save and reload on every state emission, changed or not: a Flutter
/// state layer emits several times per change, and reloading each time repeats requests for the
/// same content. Burns budget and reload requests without showing anything new.
final class EveryEmissionHost<Kind: WidgetKind>: HostSide {
    private let container: SimulatedContainer<Kind>
    private let controlKinds: [String]

    init(container: SimulatedContainer<Kind>, controlKinds: [String] = []) {
        self.container = container
        self.controlKinds = controlKinds
    }

    func appEmitted(_ payload: Kind.Payload, observedAt: Date, host: HostContext) {
        container.save(payload, generatedAt: host.now, observedAt: observedAt)
        host.widgetCenter.reloadTimelines(ofKinds: [container.kind.kind])
        if !controlKinds.isEmpty { host.controlCenter.reloadControls(ofKinds: controlKinds) }
    }

    func hostTimerFired(host: HostContext) {}

    func appWillLeaveForeground(host: HostContext) {}
}
