public import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// A widget kind declared in a scenario's `kinds` rather than written in Swift: a value, a count or
/// a schedule of items, with its freshness thresholds. It lets an app whose host is written in
/// Flutter or React Native run its widget in `simulate` and `build` from the command line; the
/// format, with one example per type, is in docs/simulator.md, "Your widget without Swift".
///
/// ```json
/// { "kind": "steps", "type": "count", "label": "steps", "resetsDaily": true,
///   "freshness": { "staleAfter": "30m", "expiresAfter": "6h", "expiredValue": "hidden" } }
/// ```
public struct GenericKind: Sendable, Hashable, Codable {
    /// What the widget shows.
    public enum Shape: String, Sendable, Hashable, Codable, CaseIterable {
        /// Any JSON value, shown as written (``GenericValueWidget``).
        case value
        /// A count, `{ "count": 3 }` (``GenericCountWidget``).
        case count
        /// A schedule of items, `{ "items": [ { "at": …, "title": … } ] }` (``GenericScheduleWidget``).
        case schedule
    }

    /// The kind string, also the snapshot key: `a`–`z`, `0`–`9`, `-` and `_`.
    public var kind: String
    public var type: Shape
    public var freshness: FreshnessPolicy
    /// A count's noun, for summaries.
    public var label: String?
    /// Whether a count reads 0 from the day start after its data was observed.
    public var resetsDaily: Bool
    /// When a daily count's day begins.
    public var dayStart: DayStart
    /// How long a schedule's item is under way after it begins.
    public var itemDuration: DurationText

    /// - Parameters:
    ///   - kind: the kind string, also the snapshot key.
    ///   - type: what the widget shows.
    ///   - freshness: when its data turns stale, when it expires, and whether it is then hidden.
    ///   - label: a count's noun, for summaries.
    ///   - resetsDaily: whether a count reads 0 from the next day start.
    ///   - dayStart: when a daily count's day begins.
    ///   - itemDuration: how long a schedule's item is under way, in seconds.
    public init(
        kind: String, type: Shape, freshness: FreshnessPolicy, label: String? = nil,
        resetsDaily: Bool = false,
        dayStart: DayStart = .midnight, itemDuration: TimeInterval = 0
    ) {
        self.kind = kind
        self.type = type
        self.freshness = freshness
        self.label = label
        self.resetsDaily = resetsDaily
        self.dayStart = dayStart
        self.itemDuration = DurationText(itemDuration)
    }

    /// The widget kind the declaration describes, for ``Scenario/compiled(seed:kinds:)`` and the
    /// planner.
    public var widgetKind: any WidgetKind {
        switch type {
        case .value: GenericValueWidget(kind: kind, freshness: freshness)
        case .count:
            GenericCountWidget(
                kind: kind, freshness: freshness, label: label, resetsDaily: resetsDaily, dayStart: dayStart)
        case .schedule:
            GenericScheduleWidget(kind: kind, freshness: freshness, itemDuration: itemDuration.seconds)
        }
    }

    /// The declarations in the `kinds` member of a JSON document: a scenario file, or a file with
    /// only that member (`build --kinds`). A document without one declares none.
    ///
    /// - Parameters:
    ///   - data: the document's bytes.
    ///   - known: kinds the declarations may not name again (the example widgets, say).
    /// - Throws: ``ScenarioError`` with the JSON path of the first problem.
    public static func declarations(in data: Data, besides known: [any WidgetKind] = []) throws(ScenarioError)
        -> [GenericKind]
    {
        struct Document: Decodable { var kinds: [GenericKind]? }
        do {
            try JSONParser.validate(data)
        } catch {
            throw ScenarioError(path: "$", message: error.description)
        }
        let kinds: [GenericKind]
        do {
            kinds = try JSONCoding.decoder().decode(Document.self, from: data).kinds ?? []
        } catch {
            throw ScenarioError(error)
        }
        try checkNames(kinds, against: known)
        return kinds
    }

    /// Refuses a declaration whose kind another declaration, or one of `known`, already has.
    static func checkNames(_ kinds: [GenericKind], against known: [any WidgetKind]) throws(ScenarioError) {
        var names = Set(known.map(\.kind))
        for (index, declaration) in kinds.enumerated() where !names.insert(declaration.kind).inserted {
            let message =
                known.contains { $0.kind == declaration.kind }
                ? "is already a widget kind (known: \(known.map(\.kind).joined(separator: ", ")))"
                : "is declared by an earlier kind"
            throw ScenarioError(path: "$.kinds[\(index)].kind", message: "\"\(declaration.kind)\" \(message)")
        }
    }

    // MARK: - JSON

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, type, freshness, label, resetsDaily, dayStart, itemDuration
    }

    /// Which members only one type takes.
    private static let members: [(key: CodingKeys, shape: Shape)] = [
        (.label, .count), (.resetsDaily, .count), (.dayStart, .count), (.itemDuration, .schedule),
    ]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        kind = try container.decode(String.self, forKey: .kind)
        // One component of a snapshot key, which also keeps it to 64 bytes.
        guard (try? SnapshotKey(validating: kind))?.components.count == 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container,
                debugDescription:
                    "\"\(kind.prefix(80))\" is not a kind name: 1 to 64 of a-z, 0-9, - and _ (it is also the "
                    + "snapshot key)")
        }
        let typeName = try container.decode(String.self, forKey: .type)
        guard let type = Shape(rawValue: typeName) else {
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container,
                debugDescription:
                    "\"\(typeName.prefix(80))\" is not a generic kind; one of "
                    + Shape.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self.type = type
        for (key, shape) in Self.members where shape != type && container.contains(key) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "only a \"\(shape.rawValue)\" kind takes it")
        }
        freshness = try container.decode(DeclaredFreshness.self, forKey: .freshness).policy
        label = try container.decodeIfPresent(String.self, forKey: .label)
        resetsDaily = try container.decodeIfPresent(Bool.self, forKey: .resetsDaily) ?? false
        dayStart = try container.decodeIfPresent(DayStart.self, forKey: .dayStart) ?? .midnight
        itemDuration =
            try container.decodeIfPresent(DurationText.self, forKey: .itemDuration) ?? DurationText(0)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(type, forKey: .type)
        try container.encode(DeclaredFreshness(freshness), forKey: .freshness)
        switch type {
        case .value: break
        case .count:
            try container.encodeIfPresent(label, forKey: .label)
            try container.encode(resetsDaily, forKey: .resetsDaily)
            try container.encode(dayStart, forKey: .dayStart)
        case .schedule:
            try container.encode(itemDuration, forKey: .itemDuration)
        }
    }
}

/// A ``FreshnessPolicy`` as a scenario writes it: the same members, durations as text (`"30m"`).
private struct DeclaredFreshness: Codable {
    var policy: FreshnessPolicy

    init(_ policy: FreshnessPolicy) { self.policy = policy }

    /// The least `expiresAfter` of a value hidden once expired that a timeline can show at all.
    static let shortestShowableExpiry =
        PlanningOptions.default.minimumSpacing + PlanningOptions.default.latenessMargin

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case staleAfter, expiresAfter, expiredValue, refreshAfter
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let staleAfter = try container.decode(DurationText.self, forKey: .staleAfter).seconds
        let expiresAfter = try container.decode(DurationText.self, forKey: .expiresAfter).seconds
        let refreshAfter = try container.decodeIfPresent(DurationText.self, forKey: .refreshAfter)?.seconds
        guard staleAfter > 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .staleAfter, in: container, debugDescription: "must be more than 0s")
        }
        guard expiresAfter >= staleAfter else {
            throw DecodingError.dataCorruptedError(
                forKey: .expiresAfter, in: container,
                debugDescription: "must be at least staleAfter (\(DurationText(staleAfter)))")
        }
        if let refreshAfter, refreshAfter <= 0 {
            throw DecodingError.dataCorruptedError(
                forKey: .refreshAfter, in: container, debugDescription: "must be more than 0s")
        }
        let expiredValue =
            try container.decodeIfPresent(FreshnessPolicy.ExpiredValue.self, forKey: .expiredValue) ?? .shown
        // An entry stays on screen until the next one shows, which is at least the spacing later
        // and may be up to the lateness margin late: a value hidden sooner than that after it was
        // observed can never be shown, and every timeline would say "expired" of new data.
        let shortest = Self.shortestShowableExpiry
        if expiredValue == .hidden, expiresAfter <= shortest {
            throw DecodingError.dataCorruptedError(
                forKey: .expiresAfter, in: container,
                debugDescription:
                    "must be more than \(DurationText(shortest)) when the expired value is hidden: an entry "
                    + "may stay on screen \(DurationText(PlanningOptions.default.minimumSpacing)) until the "
                    + "next and that one may show \(DurationText(PlanningOptions.default.latenessMargin)) late, "
                    + "so no timeline could show a value that is hidden sooner")
        }
        policy = FreshnessPolicy(
            staleAfter: staleAfter, expiresAfter: expiresAfter, expiredValue: expiredValue,
            refreshAfter: refreshAfter)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(DurationText(policy.staleAfter), forKey: .staleAfter)
        try container.encode(DurationText(policy.expiresAfter), forKey: .expiresAfter)
        try container.encode(policy.expiredValue, forKey: .expiredValue)
        try container.encode(DurationText(policy.refreshAfter), forKey: .refreshAfter)
    }
}
