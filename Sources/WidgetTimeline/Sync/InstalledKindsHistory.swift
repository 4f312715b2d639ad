#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// What the system has answered about which kinds are installed, and since when each kind has been
/// missing, so that a reload is skipped only on a settled "not installed".
///
/// The system's answer lags an install ("it might take a few moments"): a widget added a moment
/// ago can be missing from the answer, and skipping its reload would leave it showing what it read
/// when it was added. So one answer never settles anything. A kind counts as not installed only
/// when at least two answers leave it out, the first of them at least ``settlingTime`` before the
/// latest, and none in between has it. Any lag shorter than the settling time is then outwaited:
/// a widget installed before the earlier answer is in the later one.
///
/// A value: feed it answers with their instants; it reads no clock.
public struct InstalledKindsHistory: Sendable, Hashable {
    /// How long a kind must stay missing from the answers before it counts as not installed.
    public var settlingTime: TimeInterval

    /// The latest answer, if any since the history began or was forgotten.
    public private(set) var latest: Set<String>?
    /// When the latest answer came.
    public private(set) var latestAt: Date?
    private var firstAnswerAt: Date?
    private var lastSeenAt: [String: Date] = [:]
    private var missingSince: [String: Date] = [:]

    /// - Parameter settlingTime: 60 s by default, well past the few moments the system takes.
    public init(settlingTime: TimeInterval = 60) {
        self.settlingTime = max(0, settlingTime)
    }

    /// Records the system's answer at `instant`.
    public mutating func record(_ kinds: Set<String>, at instant: Date) {
        if firstAnswerAt == nil { firstAnswerAt = instant }
        for kind in kinds {
            lastSeenAt[kind] = instant
            missingSince[kind] = nil
        }
        for kind in lastSeenAt.keys where !kinds.contains(kind) && missingSince[kind] == nil {
            missingSince[kind] = instant
        }
        latest = kinds
        latestAt = instant
    }

    /// Forgets every answer: the system failed or did not answer in time, so nothing is known and
    /// every kind counts as installed until it answers again twice.
    public mutating func forget() {
        self = InstalledKindsHistory(settlingTime: settlingTime)
    }

    /// Whether the answers say, settled, that no widget (or control) of `kind` is installed.
    public func isSettledNotInstalled(_ kind: String) -> Bool {
        guard let latest, let latestAt, !latest.contains(kind) else { return false }
        // Missing since the answer after it was last seen, or since the first answer if never seen.
        guard let since = missingSince[kind] ?? (lastSeenAt[kind] == nil ? firstAnswerAt : nil) else {
            return false
        }
        return since < latestAt && latestAt.timeIntervalSince(since) >= settlingTime
    }
}
