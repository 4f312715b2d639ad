public import Foundation
public import WidgetTimeline

/// The device's clock: the one place in the package that reads the current time.
///
/// The core never does (CI checks it); providers and host-app sync take a ``WidgetTimeline/WidgetClock``,
/// and this is the value they get in an app and an extension. Tests pass a `ManualClock` instead.
public struct SystemClock: WidgetClock {
    public init() {}

    public var now: Date { Date() }
}
