#if !canImport(Darwin)
    /// A type that contains the result of performing an action, and includes optional information
    /// to deliver back to the initiator. Its associated types are left out with `perform()`
    /// (see `AppIntent`); only the plain `result()` is declared.
    ///
    /// Apple: https://developer.apple.com/documentation/appintents/intentresult
    @available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
    public protocol IntentResult: Sendable {}

    @available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
    extension IntentResult {
        /// Indicates the `AppIntent` finished performing.
        ///
        /// Apple: https://developer.apple.com/documentation/appintents/intentresult/result()
        public static func result() -> Self where Self == IntentResultContainer<Never, Never, Never, Never> {
            IntentResultContainer()
        }
    }

    /// An object that represents the output of a completed intent.
    ///
    /// The page constrains `Value : _IntentValue, OpensAppIntent : AppIntent`; those protocols are
    /// left out, so the parameters are unconstrained here.
    ///
    /// Apple: https://developer.apple.com/documentation/appintents/intentresultcontainer
    @available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
    public struct IntentResultContainer<Value, OpensAppIntent, Snippet, Dialog> {
        init() {}
    }

    /// Apple: https://developer.apple.com/documentation/appintents/intentresultcontainer
    /// (`IntentResult` and `Sendable` among the page's conformances)
    @available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
    extension IntentResultContainer: IntentResult, Sendable {}
#endif
