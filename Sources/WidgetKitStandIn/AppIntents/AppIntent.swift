#if !canImport(Darwin)
    /// An interface for providing an app-specific capability to the system. Only the requirements a
    /// widget's configuration intent and a widget's button or toggle intent touch.
    ///
    /// `perform()` and its `PerformResult` are left out: a widget configuration intent needs no
    /// `perform()` (its default rests on result conformances of `Never` that no page documents), so
    /// an interactive widget's `perform()` is an ordinary method here, not a checked requirement.
    ///
    /// Apple: https://developer.apple.com/documentation/appintents/appintent
    /// (inherits `Sendable`; its other parent protocols are left out)
    @available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
    public protocol AppIntent: Sendable {
        /// A short, localized, human-readable string that conveys the app intent's action.
        ///
        /// Apple: https://developer.apple.com/documentation/appintents/appintent/title
        static var title: LocalizedStringResource { get }

        /// A description of the app intent that the system shows to people.
        ///
        /// Apple: https://developer.apple.com/documentation/appintents/appintent/description
        static var description: IntentDescription? { get }

        /// Creates and returns the app intent.
        ///
        /// Apple: https://developer.apple.com/documentation/appintents/appintent/init()
        init()
    }

    @available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
    extension AppIntent {
        /// No description. Intents that declare none compile, and one declared as a non-optional
        /// `IntentDescription` (Apple's own examples) is a separate property beside this default.
        ///
        /// Apple: https://developer.apple.com/documentation/appintents/appintent/description
        /// (the page's examples omit it, so a default exists)
        public static var description: IntentDescription? { nil }
    }
#endif
