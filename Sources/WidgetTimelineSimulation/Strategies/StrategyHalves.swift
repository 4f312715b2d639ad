public import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// The host-app half of a strategy: what the app does when its state changes.
public protocol HostSide<Kind>: AnyObject {
    associatedtype Kind: WidgetKind
    func appEmitted(_ payload: Kind.Payload, observedAt: Date, host: HostContext)
    func hostTimerFired(host: HostContext)
    func appWillLeaveForeground(host: HostContext)
}

/// The widget-extension half of a strategy: `getTimeline`.
public protocol ExtensionSide<Kind>: AnyObject {
    associatedtype Kind: WidgetKind
    func timeline(in context: ExtensionContext<Kind.Payload>) -> PlannedTimeline<WidgetState<Kind.Content>>
}

/// A strategy made of one host half and one extension half. Every naive strategy changes exactly
/// one half of the library's, so each column of the report measures one mistake.
final class PairedStrategy<Kind: WidgetKind>: WidgetStrategy {
    let host: any HostSide<Kind>
    let widgetExtension: any ExtensionSide<Kind>

    init(host: any HostSide<Kind>, extension widgetExtension: any ExtensionSide<Kind>) {
        self.host = host
        self.widgetExtension = widgetExtension
    }

    func appEmitted(_ payload: Kind.Payload, observedAt: Date, host context: HostContext) {
        host.appEmitted(payload, observedAt: observedAt, host: context)
    }

    func hostTimerFired(host context: HostContext) { host.hostTimerFired(host: context) }

    func appWillLeaveForeground(host context: HostContext) { host.appWillLeaveForeground(host: context) }

    func timeline(in context: ExtensionContext<Kind.Payload>) -> PlannedTimeline<WidgetState<Kind.Content>> {
        widgetExtension.timeline(in: context)
    }
}
