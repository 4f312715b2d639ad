import WidgetTimeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// A widget kind configured for push: the same kind in every respect but one — its data is
/// re-read on its own only every ``refreshAfter``, a safety net, because the server pushes its
/// changes. This is what an app that adopts push changes in its kind's freshness; everything else
/// (what it shows, when it turns stale, its change points) forwards to the kind as written.
struct PushRefreshedKind<Base: WidgetKind>: WidgetKind {
    typealias Payload = Base.Payload
    typealias Content = Base.Content

    let base: Base
    let refreshAfter: TimeInterval

    var kind: String { base.kind }
    var schemaVersion: Int { base.schemaVersion }
    var freshness: FreshnessPolicy { refreshed(base.freshness) }
    var preview: Payload { base.preview }

    func freshness(of snapshot: Snapshot<Payload>) -> FreshnessPolicy {
        refreshed(base.freshness(of: snapshot))
    }

    private func refreshed(_ policy: FreshnessPolicy) -> FreshnessPolicy {
        var policy = policy
        policy.refreshAfter = refreshAfter
        return policy
    }

    func fingerprintedContent(of payload: Payload, observedAt: Date?) -> (any Encodable)? {
        base.fingerprintedContent(of: payload, observedAt: observedAt)
    }

    func payload(_ payload: Payload, answers key: SnapshotKey) -> Bool { base.payload(payload, answers: key) }

    func content(of snapshot: Snapshot<Payload>, at instant: Date, in calendar: Calendar) -> Content {
        base.content(of: snapshot, at: instant, in: calendar)
    }

    func contents(of snapshot: Snapshot<Payload>, at instants: [Date], in calendar: Calendar) -> [Content] {
        base.contents(of: snapshot, at: instants, in: calendar)
    }

    func changePoints(
        of snapshot: Snapshot<Payload>, after now: Date, through end: Date, in calendar: Calendar
    )
        -> [Date]
    {
        base.changePoints(of: snapshot, after: now, through: end, in: calendar)
    }

    func changeClaim(from old: Content, to new: Content) -> ChangeClaim {
        base.changeClaim(from: old, to: new)
    }

    func lastingContent(of snapshot: Snapshot<Payload>, from instant: Date, in calendar: Calendar) -> Content?
    {
        base.lastingContent(of: snapshot, from: instant, in: calendar)
    }

    func relevance(of state: WidgetState<Content>) -> EntryRelevance? { base.relevance(of: state) }

    func summary(of content: Content, in calendar: Calendar) -> String {
        base.summary(of: content, in: calendar)
    }

    func deepLink(for payload: Payload?) -> URL? { base.deepLink(for: payload) }
}
