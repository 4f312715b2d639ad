#if !canImport(WidgetKit)
    /// An interface for providing an app-specific capability to the system. Only the requirements the
    /// package's widget configuration uses; the others have defaults for widget configurations.
    ///
    /// Apple: https://developer.apple.com/documentation/appintents/appintent
    /// (inherits `Sendable`; its other parent protocols are left out)
    @available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
    public protocol AppIntent: Sendable {
        /// A short, localized, human-readable string that conveys the app intent's action.
        ///
        /// Apple: https://developer.apple.com/documentation/appintents/appintent/title
        static var title: LocalizedStringResource { get }

        /// Creates and returns the app intent.
        ///
        /// Apple: https://developer.apple.com/documentation/appintents/appintent/init()
        init()
    }
#endif
