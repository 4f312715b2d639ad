#if !canImport(Darwin)
    import Foundation

    /// A request to fulfill in your app or Intents extension: the SiriKit configuration of a widget
    /// from before App Intents, which `WidgetInfo.configuration` still carries. Its members are
    /// left out: the package configures widgets with App Intents only.
    ///
    /// Apple: https://developer.apple.com/documentation/intents/inintent
    @available(iOS 10.0, macOS 11.0, watchOS 3.2, *)
    open class INIntent: NSObject {}
#endif
