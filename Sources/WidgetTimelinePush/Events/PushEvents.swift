import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// A backend's push situation as one value: the app's bundle ID, the planner's window, budget and
/// seed, the registrations its devices uploaded, and the changes its data went through.
///
/// It is the file `widget-timeline push` reads, so a backend engineer sees the APNs requests the
/// planner would send without a device, and the value a simulated scenario embeds for its server:
///
/// ```json
/// {
///   "bundleID": "com.example.CaffeineTracker",
///   "window": 900,
///   "budget": 48,
///   "seed": 20261130,
///   "registrations": [ { "installation": "…", "token": "00fc…", "environment": "production", "widgets": [ … ] } ],
///   "changes": [ { "at": "2026-11-30T07:00:00Z", "kind": "parking", "fingerprint": "…" } ]
/// }
/// ```
///
/// `window` is in seconds; `budget` is pushes per token in any 24 hours, or `"unlimited"`; `seed`
/// is optional (0). Registrations and changes have the forms in docs/push.md. Every value is
/// checked when made or decoded, so ``plan()`` cannot fail.
public struct PushEvents: Sendable, Hashable, Codable {
    /// The app's bundle identifier: the topic is `<bundleID>.push-type.widgets`.
    public let bundleID: String
    /// The minimum spacing between two pushes to one token, in seconds.
    public let window: TimeInterval
    /// Pushes per token in any 24 hours.
    public let budget: PushBudget
    /// The seed of the jitter that spreads a fleet's pushes.
    public let seed: UInt64
    /// What the devices uploaded, one per installation.
    public let registrations: [PushRegistration]
    /// The backend's changes, in any order (they are planned in time order).
    public let changes: [PushChange]

    private let builder: APNsRequestBuilder
    private let planner: PushPlanner

    /// - Throws: ``PushEventsError`` for a window or budget out of range, a bad bundle ID, an
    ///   installation registered twice, or a change no file can date or whose push could not be.
    public init(
        bundleID: String, window: TimeInterval, budget: PushBudget, seed: UInt64 = 0,
        registrations: [PushRegistration], changes: [PushChange]
    ) throws(PushEventsError) {
        do {
            builder = try APNsRequestBuilder(bundleID: bundleID)
        } catch {
            throw .bundleID(error)
        }
        var installations: Set<String> = []
        for registration in registrations where !installations.insert(registration.installationID).inserted {
            throw .duplicateInstallation(registration.installationID)
        }
        do {
            planner = try PushPlanner(
                registry: PushTokenRegistry(registrations), window: window, budget: budget, seed: seed)
        } catch {
            throw .planner(error)
        }
        // A change is written in UTC, so it must happen in years 0000–9999 there, as decoding
        // requires: a value made in code is then one its JSON reads back.
        if let index = changes.firstIndex(where: {
            !($0.at >= PushChange.earliest && $0.at < Instant.afterAll)
        }) {
            throw .changeOutOfRange(index: index, secondsSince1970: changes[index].at.timeIntervalSince1970)
        }
        // A push comes at most one window after its change: it must still have a UTC form.
        if let index = changes.firstIndex(where: { $0.at.addingTimeInterval(window) >= Instant.afterAll }) {
            throw .changeTooLate(index: index, at: changes[index].at)
        }
        self.bundleID = bundleID
        self.window = window
        self.budget = budget
        self.seed = seed
        self.registrations = registrations
        self.changes = changes
    }

    /// One push the planner decided on, with the request that sends it.
    public struct Request: Sendable, Hashable {
        public let push: PlannedPush
        public let request: APNsRequest
    }

    /// What the planner makes of the changes: the requests to send, in the order of their instants,
    /// and the changes it dropped, with why.
    public struct Outcome: Sendable, Hashable {
        public let requests: [Request]
        public let dropped: [DroppedChange]
    }

    /// Plans every change in time order against a fresh planner and builds each push's request
    /// (no authorization header: the server adds its provider token).
    public func plan() -> Outcome {
        var planner = self.planner
        let plan = planner.plan(changes)
        let requests = plan.pushes.sorted { ($0.at, $0.destination) < ($1.at, $1.destination) }.map {
            Request(push: $0, request: builder.request(for: $0))
        }
        return Outcome(requests: requests, dropped: plan.dropped)
    }

    // MARK: - Codable

    fileprivate enum CodingKeys: String, CodingKey, CaseIterable {
        case bundleID, window, budget, seed, registrations, changes
    }

    /// Refuses a member it does not know (a misspelt `"sed"` would mean seed 0); the registrations
    /// inside are what devices uploaded and stay lenient.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let bundleID = try container.decode(String.self, forKey: .bundleID)
        let window = try container.decode(TimeInterval.self, forKey: .window)
        let budget: PushBudget
        if let count = try? container.decode(Int.self, forKey: .budget) {
            budget = .perRolling24Hours(count)
        } else if (try? container.decode(String.self, forKey: .budget)) == "unlimited" {
            budget = .unlimited
        } else if !container.contains(.budget) {
            throw DecodingError.keyNotFound(
                CodingKeys.budget, .init(codingPath: container.codingPath, debugDescription: "no budget"))
        } else {
            throw DecodingError.dataCorruptedError(
                forKey: .budget, in: container,
                debugDescription: "the budget is a whole number of pushes per 24 h, or \"unlimited\"")
        }
        let seed = try container.decodeIfPresent(UInt64.self, forKey: .seed) ?? 0
        let registrations = try container.decode([PushRegistration].self, forKey: .registrations)
        let changes = try container.decode([PushChange].self, forKey: .changes)
        let checked: Result<PushEvents, PushEventsError> = Result { () throws(PushEventsError) in
            try PushEvents(
                bundleID: bundleID, window: window, budget: budget, seed: seed, registrations: registrations,
                changes: changes)
        }
        switch checked {
        case .success(let events): self = events
        case .failure(let error):
            throw DecodingError.dataCorruptedError(
                forKey: error.codingKey, in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bundleID, forKey: .bundleID)
        try container.encode(window, forKey: .window)
        switch budget {
        case .unlimited: try container.encode("unlimited", forKey: .budget)
        case .perRolling24Hours(let count): try container.encode(count, forKey: .budget)
        }
        try container.encode(seed, forKey: .seed)
        try container.encode(registrations, forKey: .registrations)
        try container.encode(changes, forKey: .changes)
    }

    public static func == (lhs: PushEvents, rhs: PushEvents) -> Bool {
        (lhs.bundleID, lhs.window, lhs.budget, lhs.seed, lhs.registrations, lhs.changes)
            == (rhs.bundleID, rhs.window, rhs.budget, rhs.seed, rhs.registrations, rhs.changes)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(bundleID)
        hasher.combine(window)
        hasher.combine(budget)
        hasher.combine(seed)
        hasher.combine(registrations)
        hasher.combine(changes)
    }
}

/// Why a ``PushEvents`` value cannot be made.
public enum PushEventsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bundle ID is not one APNs topics can be built from.
    case bundleID(APNsRequestError)
    /// The window or the budget is out of range.
    case planner(PushPlannerError)
    /// Two registrations name the same installation; each upload replaces its installation's last,
    /// so a file with both is ambiguous.
    case duplicateInstallation(String)
    /// The change at `index` happens outside years 0000–9999 in UTC, or at no instant at all (not a
    /// number), so no file can hold it.
    case changeOutOfRange(index: Int, secondsSince1970: TimeInterval)
    /// The change at `index` is so late that its push, up to one window after it, could fall in
    /// year 10000, where no request can be dated.
    case changeTooLate(index: Int, at: Date)

    public var description: String {
        switch self {
        case .bundleID(let error): error.description
        case .planner(let error): error.description
        case .duplicateInstallation(let id):
            "installation \(String(reflecting: id)) is registered twice; keep its latest upload only"
        case .changeOutOfRange(let index, let seconds):
            "change \(index) at \(seconds) s since 1970 is out of range: a change must happen from "
                + "0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z in UTC"
        case .changeTooLate(let index, let at):
            "change \(index) at \(Instant.format(at)) is too late: its push, up to one window later, could come "
                + "after 9999-12-31T23:59:59.999Z, the last instant a request can be dated"
        }
    }

    fileprivate var codingKey: PushEvents.CodingKeys {
        switch self {
        case .bundleID: .bundleID
        case .planner(.windowOutOfRange): .window
        case .planner(.negativeBudget): .budget
        case .duplicateInstallation: .registrations
        case .changeOutOfRange, .changeTooLate: .changes
        }
    }
}
