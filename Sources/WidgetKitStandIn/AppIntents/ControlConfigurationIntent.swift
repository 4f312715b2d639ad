#if !canImport(Darwin)
    /// An interface for configuring a Control Center module: what `ControlInfo.configurationIntent(of:)`
    /// returns. Its `NeverResult` requirement and `perform()` default are left out with the rest of
    /// `AppIntent.perform()` (see `AppIntent`).
    ///
    /// Apple: https://developer.apple.com/documentation/appintents/controlconfigurationintent
    /// (iOS 18.0, macOS 26.0, watchOS 26.0 as on the page of its `NeverResult`)
    @available(iOS 18.0, macOS 26.0, watchOS 26.0, *)
    @available(tvOS, unavailable)
    @available(visionOS, unavailable)
    public protocol ControlConfigurationIntent: AppIntent {}
#endif
