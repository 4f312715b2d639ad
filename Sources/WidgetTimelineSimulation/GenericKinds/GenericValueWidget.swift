public import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// A widget that shows one value exactly as the app wrote it — any JSON — for as long as its data
/// allows: fresh until its `freshness` says stale, then marked stale, then expired or
/// hidden. Nothing about it changes with time but its freshness, so it names no change points and
/// makes no event claims.
///
/// Declared in a scenario as `"type": "value"` (``GenericKind``), so an app whose host is written in
/// Flutter or React Native can simulate and plan its widget without writing Swift.
public struct GenericValueWidget: WidgetKind {
    public typealias Payload = JSONValue
    public typealias Content = JSONValue

    public let kind: String
    public let freshness: FreshnessPolicy

    /// - Parameters:
    ///   - kind: the widget's kind string, also its snapshot key.
    ///   - freshness: when the value turns stale, when it expires, and whether it is then hidden.
    public init(kind: String, freshness: FreshnessPolicy) {
        self.kind = kind
        self.freshness = freshness
    }

    public func content(of snapshot: Snapshot<JSONValue>, at instant: Date, in calendar: Calendar)
        -> JSONValue
    {
        snapshot.payload
    }

    public func changePoints(
        of snapshot: Snapshot<JSONValue>, after now: Date, through end: Date, in calendar: Calendar
    ) -> [Date] { [] }

    /// The value as canonical JSON, cut at 80 characters.
    public func summary(of content: JSONValue, in calendar: Calendar) -> String {
        let text = String(decoding: CanonicalJSON.encode(content), as: UTF8.self)
        return text.count > 80 ? text.prefix(79) + "…" : text
    }

    /// `null`: a generic value has no sample of its own.
    public var preview: JSONValue { .null }
}
