import Foundation

/// Whether ``WidgetSync`` coalesces reload requests, and with which timer.
public enum ReloadDebounce: Sendable {
    /// Every save asks for its reload at once.
    case immediate
    /// Reloads wait until saves stop for `window` seconds, at most `maximumDelay` after the first;
    /// `timer` wakes the sync at the deadline.
    case window(TimeInterval, maximumDelay: TimeInterval, timer: any WidgetTimer)
}
