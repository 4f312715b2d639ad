import Foundation
public import WidgetTimeline

extension SharedContainer {
    /// The provider core for `kind` in a widget extension: the store (read-only unless the
    /// configuration says otherwise), the loader with its source and timeout, the shared
    /// diagnostics log.
    public func providerCore<Kind: WidgetKind>(
        for kind: Kind, configuration: ProviderConfiguration<Kind.Payload> = ProviderConfiguration()
    ) -> WidgetProviderCore<Kind> {
        let loader = EntryLoader(
            kind: kind, store: store(access: configuration.storeAccess), source: configuration.source,
            timeout: configuration.sourceTimeout, sleeper: ContinuousClock(), log: log)
        return WidgetProviderCore(loader: loader, options: configuration.planning)
    }

    /// The host app's sync, wired: the store (read-write), the reloader, the shared diagnostics log,
    /// the system clock, and reloads coalesced for `debounce`.
    ///
    /// ```swift
    /// let reloader = WidgetCenterReloader()
    /// let sync = try SharedContainer(appGroup: .fromInfoDictionary()).widgetSync(reloader: reloader)
    /// try sync.commit(TaskCountPayload(count: openTasks), for: TaskCountWidget())
    /// // …and sync.flush() when the scene goes to the background.
    /// ```
    ///
    /// - Parameters:
    ///   - debounce: by default reloads wait until commits stop for 2 s, at most 10 s; saves are
    ///     never delayed, and ``WidgetTimeline/WidgetSync/flush()`` sends what is pending.
    ///   - controls: the control reloader, if the app has controls (``ControlCenterReloader``).
    public func widgetSync(
        reloader: any WidgetReloader = WidgetCenterReloader(),
        controls: (any ControlReloader)? = nil,
        clock: any WidgetClock = SystemClock(),
        debounce: ReloadDebounce = .window(2, maximumDelay: 10, timer: SystemTimer()),
        ledger: ReloadLedger = ReloadLedger(),
        reconfirmationShare: Double? = 0.5
    ) -> WidgetSync {
        WidgetSync(
            store: store(access: .readWrite), reloader: reloader, clock: clock, debounce: debounce,
            ledger: ledger, reconfirmationShare: reconfirmationShare, controls: controls, log: log)
    }

    /// The widget extension's sync, for interactive widgets' intents: the same store (read-write,
    /// so `perform()` can save) and log as the host's, on the extension's side, so a commit asks for
    /// no reload except through ``WidgetTimeline/WidgetSync/commitFromIntent(_:for:key:observedAt:alsoReloading:)``,
    /// and then at once (the extension may be suspended when `perform()` returns).
    ///
    /// ```swift
    /// // In ExtensionSetup:
    /// static let intentSync = try? SharedContainer(appGroup: .fromInfoDictionary()).intentSync()
    /// ```
    public func intentSync(
        reloader: any WidgetReloader = WidgetCenterReloader(),
        controls: (any ControlReloader)? = nil,
        clock: any WidgetClock = SystemClock()
    ) -> WidgetSync {
        WidgetSync(
            store: store(access: .readWrite), reloader: reloader, clock: clock, controls: controls,
            side: .widgetExtension, log: log)
    }
}

extension SharedContainer {
    /// The push registrations recorded in the shared store, for `handler` (read-write: the
    /// extension records, the host marks uploads).
    public func pushRegistrations(handler: String = "widgets", clock: any WidgetClock = SystemClock())
        -> PushRegistrationStore
    {
        PushRegistrationStore(store: store(access: .readWrite), handler: handler, clock: clock)
    }
}
