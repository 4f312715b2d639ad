import Foundation
import WidgetTimeline

/// INTERIM host half of the library strategy, until `WidgetSync` lands on `main`: skip unchanged
/// content (the kind's fingerprint), save first, then ask for a reload through the core's
/// ``ReloadDebouncer``, flushed when the app leaves the foreground (SPEC R1, R3, R4).
final class InterimLibraryHost<Kind: WidgetKind>: HostSide {
    private let container: SharedContainer<Kind>
    private var debouncer: ReloadDebouncer
    private var lastFingerprint: ContentFingerprint?

    init(
        container: SharedContainer<Kind>,
        debouncer: ReloadDebouncer = ReloadDebouncer(window: 2, maximumDelay: 10)
    ) {
        self.container = container
        self.debouncer = debouncer
    }

    func appEmitted(_ payload: Kind.Payload, observedAt: Date, host: HostContext) {
        let fingerprint = container.fingerprint(of: payload, observedAt: observedAt)
        guard fingerprint == nil || fingerprint != lastFingerprint else { return }
        // Save first; reload only when the save succeeded (SPEC R1).
        guard
            container.save(payload, generatedAt: host.now, observedAt: observedAt, fingerprint: fingerprint)
                != nil
        else { return }
        lastFingerprint = fingerprint
        perform(debouncer.handle(.requested(kinds: [container.kind.kind], at: host.now)), host: host)
    }

    func hostTimerFired(host: HostContext) {
        perform(debouncer.handle(.timerFired(at: host.now)), host: host)
    }

    func appWillLeaveForeground(host: HostContext) {
        perform(debouncer.handle(.flush), host: host)
    }

    private func perform(_ action: ReloadDebouncer.Action, host: HostContext) {
        switch action {
        case .none: break
        case .startTimer(let date): host.scheduleTimer(at: date)
        case .reload(let kinds): host.widgetCenter.reloadTimelines(ofKinds: kinds)
        }
    }
}
