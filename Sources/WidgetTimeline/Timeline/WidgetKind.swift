public import Foundation

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
    /// does not show, or to include the observation time when it shows "as of 10:02".
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
        instants.map { content(of: snapshot, at: $0, in: calendar) }
    }

    public func relevance(of state: WidgetState<Content>) -> EntryRelevance? { nil }

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
