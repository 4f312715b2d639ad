#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// The planner's settings: how far ahead and how densely to plan, and how to retry.
public struct PlanningOptions: Sendable, Hashable {
    /// How far past `now` entries are planned. Long enough that a refresh hours late still finds
    /// the states that then hold (stale, expired, overdue) already on the timeline. From 0 to
    /// ``longestHorizon``: a longer one (or an infinite one) would have a kind list day starts or
    /// events without end, and plans no more than ``maximumEntries`` anyway.
    public var horizon: TimeInterval {
        get { storedHorizon }
        set { storedHorizon = Self.clampedHorizon(newValue) }
    }
    private var storedHorizon: TimeInterval
    /// The longest horizon: a year and a day.
    public static let longestHorizon: TimeInterval = 366 * 86_400
    /// The most entries in one timeline, at least 3 (now and the two freshness transitions).
    /// WidgetKit holds all of them in the extension's ~30 MB.
    public var maximumEntries: Int {
        get { storedMaximumEntries }
        set { storedMaximumEntries = max(3, newValue) }
    }
    private var storedMaximumEntries: Int
    /// The least time between two entries. WidgetKit documents about 5 minutes.
    public var minimumSpacing: TimeInterval
    /// How much earlier than its threshold a claim of currency (`fresh`, and a value a domain
    /// hides once expired) is withdrawn. The system may show an entry after its date ("the
    /// update might occur later", Apple's `Timeline` documentation), so a claim that ended exactly
    /// at its threshold would outlive it. The simulator's entry lateness ranges over 0–5 minutes
    /// (docs/simulator.md, "The system model"); the default covers all of it.
    public var latenessMargin: TimeInterval
    /// How long data that only the host writes (the extension has no source to fetch from) waits
    /// before its timeline asks to be read again. Re-reading such data can show nothing the
    /// host's reloads and the planned entries do not already show; this reload is only the safety
    /// net for a host reload that never came (the app killed between its save and its reload).
    /// Never sooner than the kind's `refreshAfter`.
    public var hostDataRecheck: TimeInterval
    /// The retry schedule after failures.
    public var retry: RetryBackoff
    /// When to ask again when nothing has been saved yet (first install). The host's first commit
    /// reloads the widget anyway; this is the safety net.
    public var firstInstallRecheck: TimeInterval
    /// Spread for refresh dates of server-backed widgets, so devices do not refresh in the same
    /// second. `nil` turns it off.
    public var refreshJitter: RefreshJitter?
    /// Seed for the retry jitter; give each installation its own.
    public var jitterSeed: UInt64
    /// The most instants the planner samples the widget's state at, beyond `now` and the
    /// freshness transitions. A payload with thousands of scheduled events (a file written by
    /// another version, or by mistake) would otherwise cost a state computation per event, each
    /// as long as the payload: minutes for a 1 MiB snapshot. Past the limit the timeline is cut
    /// short at the first instant not sampled and the reload is asked for there, as when entries
    /// run out. At least ``maximumEntries``.
    public var maximumSamples: Int {
        get { max(storedMaximumSamples, maximumEntries) }
        set { storedMaximumSamples = max(1, newValue) }
    }
    private var storedMaximumSamples: Int

    public init(
        horizon: TimeInterval = 48 * 3600,
        maximumEntries: Int = 100,
        minimumSpacing: TimeInterval = 5 * 60,
        latenessMargin: TimeInterval = 5 * 60,
        hostDataRecheck: TimeInterval = 24 * 3600,
        retry: RetryBackoff = .standard,
        firstInstallRecheck: TimeInterval = 30 * 60,
        refreshJitter: RefreshJitter? = nil,
        jitterSeed: UInt64 = 0,
        maximumSamples: Int = 1_000
    ) {
        self.storedHorizon = Self.clampedHorizon(horizon)
        self.storedMaximumEntries = max(3, maximumEntries)
        self.minimumSpacing = max(0, minimumSpacing)
        self.latenessMargin = max(0, latenessMargin)
        self.hostDataRecheck = max(minimumSpacing, hostDataRecheck)
        self.retry = retry
        self.firstInstallRecheck = max(minimumSpacing, firstInstallRecheck)
        self.refreshJitter = refreshJitter
        self.jitterSeed = jitterSeed
        self.storedMaximumSamples = max(1, maximumSamples)
    }

    /// `horizon` within 0 through ``longestHorizon``; not a number is 0.
    private static func clampedHorizon(_ horizon: TimeInterval) -> TimeInterval {
        horizon.isNaN ? 0 : min(max(0, horizon), longestHorizon)
    }

    /// 48 h horizon, at most 100 entries, 5 min apart, currency withdrawn 5 min early, host-written
    /// data re-read after 24 h, the standard back-off, no refresh jitter, at most 1,000 instants
    /// sampled.
    public static let `default` = PlanningOptions()
}

/// A deterministic delay added to refresh dates: the same seed and date give the same delay, and
/// different seeds spread over `[0, maximum)`.
public struct RefreshJitter: Sendable, Hashable, Codable {
    public var maximum: TimeInterval
    /// Per installation: derive it from an install identifier, never from the user's identity.
    public var seed: UInt64

    public init(maximum: TimeInterval, seed: UInt64) {
        self.maximum = max(0, maximum)
        self.seed = seed
    }

    private enum CodingKeys: String, CodingKey {
        case maximum
        case seed
    }

    /// Refuses a negative or non-finite maximum, which the initialiser would have changed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        maximum = try container.decode(TimeInterval.self, forKey: .maximum)
        seed = try container.decode(UInt64.self, forKey: .seed)
        guard maximum >= 0, maximum.isFinite else {
            throw DecodingError.dataCorruptedError(
                forKey: .maximum, in: container,
                debugDescription: "expected a number of seconds, 0 or more, found \(maximum)")
        }
    }

    /// The delay for a refresh planned at `date`.
    public func delay(for date: Date) -> TimeInterval {
        let milliseconds = UInt64(bitPattern: Instant.millisecondsSince1970(date))
        return (maximum * SplitMix64.unitInterval(seed, milliseconds) * 1000).rounded(.down) / 1000
    }
}
