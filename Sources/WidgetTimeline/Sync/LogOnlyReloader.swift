/// A reloader for processes with no widget system — the command line, a server, a Linux test:
/// ``WidgetSync`` still logs each reload request, and the request goes nowhere else.
public struct LogOnlyReloader: WidgetReloader {
    public init() {}
    public func reloadTimelines(ofKinds kinds: [String]) {}
    public func reloadAllTimelines() {}
    /// Unknown: every kind is treated as possibly installed.
    public var installedKinds: Set<String>? { nil }
}
