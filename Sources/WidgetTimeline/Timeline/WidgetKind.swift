#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// A widget, described as data: what it shows at an instant and when that can change without new
/// data. The ``TimelinePlanner`` is the one engine that turns such a description into timelines.
///
/// A description is small. The schedule widget of the examples, for instance, says "the phase is
/// upcoming before the due time, due for an hour, overdue after", and that its change points are
/// each due time, each due time plus an hour, and each day start. Freshness transitions, invariants,
/// reload policy and retry back-off are the planner's job, not the widget's.
public protocol WidgetKind: Sendable {
    /// The stored display payload, written by the host app.
    associatedtype Payload: Codable & Sendable & Equatable
    /// What one screen shows, derived from the payload at an instant.
    associatedtype Content: Codable & Sendable & Equatable

    /// The WidgetKit `kind` string; also the default snapshot key's purpose.
    var kind: String { get }

    /// The payload schema version this code writes and can read.
    var schemaVersion: Int { get }

    /// The domain's tolerance for old data.
    var freshness: FreshnessPolicy { get }

    /// The tolerance for one snapshot's data, when the payload carries its own (a server that says
    /// how long its numbers hold). Defaults to ``freshness``.
    func freshness(of snapshot: Snapshot<Payload>) -> FreshnessPolicy

    /// What the fingerprint that decides whether a commit changes the screen is taken of: `nil`
    /// (the default) for the payload itself. Return something else to leave out fields the widget
    /// does not show, or to include the observation whenever the screen depends on it: a view that
    /// shows "as of 10:02", or a daily count that reads 0 from the day after it was observed — the
    /// same count observed on another day is another screen, and a commit the fingerprint calls
    /// unchanged is not saved. `observedAt` is when the data was observed: the commit's, or the
    /// instant of the commit when it names none. `JSONEncoder` writes a `Set` in iteration order,
    /// which differs between equal sets: content that holds one should hold it sorted, so equal
    /// content always has one fingerprint.
    func fingerprintedContent(of payload: Payload, observedAt: Date?) -> (any Encodable)?

    /// Whether a payload fetched for `key` answers for it: a source that returns another
    /// park's data answers nothing. Defaults to `true`.
    func payload(_ payload: Payload, answers key: SnapshotKey) -> Bool

    /// What the widget shows at `instant`, from the snapshot's payload.
    func content(of snapshot: Snapshot<Payload>, at instant: Date, in calendar: Calendar) -> Content

    /// What the widget shows at each of `instants`, in order: ``content(of:at:in:)`` at each.
    ///
    /// The planner asks for every instant it samples in one call, so a widget whose content needs
    /// work that depends only on the snapshot — the day start after `generatedAt`, say — can do it
    /// once per timeline rather than once per entry. An implementation must return exactly what
    /// ``content(of:at:in:)`` returns at each instant. Defaults to calling it for each.
    func contents(of snapshot: Snapshot<Payload>, at instants: [Date], in calendar: Calendar) -> [Content]

    /// Instants in `(now, end]` where ``content(of:at:in:)`` can change without new data:
    /// scheduled events, day starts. Freshness thresholds are added by the planner.
    func changePoints(
        of snapshot: Snapshot<Payload>, after now: Date, through end: Date, in calendar: Calendar
    )
        -> [Date]

    /// What the change from `old` to `new` at one of ``changePoints(of:after:through:in:)``
    /// claims: ``ChangeClaim/event`` (the default: it must not appear before its instant) or
    /// ``ChangeClaim/withdrawal`` (it claims no more than `old`, and may appear early). Freshness
    /// changes are the planner's and always withdrawals.
    func changeClaim(from old: Content, to new: Content) -> ChangeClaim

    /// What the widget can show from `instant` on, with no further entry, for as long as the
    /// snapshot stays the newest data — whatever the time: the content a timeline's last entry
    /// shows when the timeline ends (cut at its entry limit, or at its horizon) before the
    /// content stops changing. A coarse content without the phase, or one whose view counts with
    /// relative dates, stays true where a phase would not. `nil` when there is none: the planner
    /// then ends with ``WidgetState/unavailable(_:)`` and ``UnavailableReason/timelineEnded``.
    ///
    /// Defaults to the content at `instant` when the kind's content is the same at each of its
    /// change points in the year after it, and `nil` otherwise; a kind whose content changes over
    /// a longer cycle must implement it.
    func lastingContent(of snapshot: Snapshot<Payload>, from instant: Date, in calendar: Calendar) -> Content?

    /// The Smart Stack relevance of a screen, if the widget uses it.
    func relevance(of state: WidgetState<Content>) -> EntryRelevance?

    /// A one-line, human-readable summary of a screen, for the CLI and reports; times in
    /// `calendar`'s zone.
    func summary(of content: Content, in calendar: Calendar) -> String

    /// Gallery and placeholder data: realistic, never a real user's.
    var preview: Payload { get }

    /// Where a tap takes the user, for this payload (`widgetURL`).
    func deepLink(for payload: Payload?) -> URL?
}

extension WidgetKind {
    public var schemaVersion: Int { 1 }

    public func freshness(of snapshot: Snapshot<Payload>) -> FreshnessPolicy { freshness }

    public func fingerprintedContent(of payload: Payload, observedAt: Date?) -> (any Encodable)? {
        nil
    }

    /// The fingerprint a commit of `payload` gets: of ``fingerprintedContent(of:observedAt:)``, or of
    /// the payload itself.
    ///
    /// - Throws: `EncodingError` if the content cannot be encoded as JSON.
    public func fingerprint(of payload: Payload, observedAt: Date?) throws -> ContentFingerprint {
        if let content = fingerprintedContent(of: payload, observedAt: observedAt) {
            return try ContentFingerprint(of: content)
        }
        return try ContentFingerprint(of: payload)
    }

    public func payload(_ payload: Payload, answers key: SnapshotKey) -> Bool { true }

    public func contents(of snapshot: Snapshot<Payload>, at instants: [Date], in calendar: Calendar)
        -> [Content]
    {
        // A loop, not `map`: the planner calls this unspecialised, where a closure over generic
        // contents costs more than the work.
        var contents: [Content] = []
        contents.reserveCapacity(instants.count)
        for instant in instants { contents.append(content(of: snapshot, at: instant, in: calendar)) }
        return contents
    }

    public func relevance(of state: WidgetState<Content>) -> EntryRelevance? { nil }

    public func changeClaim(from old: Content, to new: Content) -> ChangeClaim { .event }

    public func lastingContent(of snapshot: Snapshot<Payload>, from instant: Date, in calendar: Calendar)
        -> Content?
    {
        let now = content(of: snapshot, at: instant, in: calendar)
        let end = instant.addingTimeInterval(Self.lastingCheckSpan)
        var later = changePoints(of: snapshot, after: instant, through: end, in: calendar)
        later.removeAll { $0 <= instant || $0 > end }
        // A kind that names more points than a year of daily ones cannot be checked cheaply: it
        // has no lasting content unless it says so.
        guard later.count <= 4 * 366 else { return nil }
        for content in contents(of: snapshot, at: later, in: calendar) where !(content == now) { return nil }
        return now
    }

    /// How far ahead the default ``lastingContent(of:from:in:)`` looks for a change: a year.
    public static var lastingCheckSpan: TimeInterval { 366 * 86_400 }

    public func summary(of content: Content, in calendar: Calendar) -> String { String(describing: content) }

    public func deepLink(for payload: Payload?) -> URL? { nil }

    /// The default snapshot key: the kind string, sanitised.
    public var defaultKey: SnapshotKey { SnapshotKey(purpose: kind) }

    /// The honest state at `instant` for a snapshot: content plus the freshness its data age allows.
    @inlinable
    public func state(of snapshot: Snapshot<Payload>, at instant: Date, in calendar: Calendar) -> WidgetState<
        Content
    > {
        let stamp = snapshot.stamp
        let freshness = freshness(of: snapshot)
        switch freshness.classify(dataObservedAt: stamp.observedAt, at: instant) {
        case .fresh:
            return .fresh(content(of: snapshot, at: instant, in: calendar), stamp)
        case .stale:
            return .stale(content(of: snapshot, at: instant, in: calendar), stamp)
        case .expired:
            switch freshness.expiredValue {
            case .hidden: return .unavailable(.expired)
            case .shown: return .expired(content(of: snapshot, at: instant, in: calendar), stamp)
            }
        }
    }

    /// A one-line summary of any state, e.g. `fresh r18 · 12 open tasks`.
    public func summary(of state: WidgetState<Content>, in calendar: Calendar) -> String {
        switch state {
        case .noData: "no data yet"
        case .unavailable(let reason): "unavailable (\(reason))"
        case .fresh(let content, let stamp), .stale(let content, let stamp), .expired(let content, let stamp):
            "\(state.situation) r\(stamp.revision) · \(summary(of: content, in: calendar))"
        }
    }
}
