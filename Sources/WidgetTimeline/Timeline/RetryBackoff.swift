import Foundation

/// How long to wait before asking for a new timeline after failures in a row: exponential, capped,
/// with deterministic jitter so a fleet of devices that failed together does not retry together.
public struct RetryBackoff: Sendable, Hashable, Codable {
    /// The wait after the first failure.
    public var initial: TimeInterval
    /// The factor applied for each further failure.
    public var multiplier: Double
    /// The longest wait.
    public var maximum: TimeInterval
    /// The fraction of the wait that jitter may take away, `0..<1` ("equal jitter" at 0.5).
    public var jitter: Double

    public init(initial: TimeInterval, multiplier: Double = 2, maximum: TimeInterval, jitter: Double = 0.25) {
        self.initial = initial
        self.multiplier = max(1, multiplier)
        self.maximum = max(initial, maximum)
        self.jitter = min(max(0, jitter), 0.99)
    }

    /// 15 minutes, doubling up to 4 hours, up to a quarter taken off by jitter. The seed's field
    /// note warns against short retries that turn the system into a polling scheduler.
    public static let standard = RetryBackoff(initial: 15 * 60, maximum: 4 * 3600)

    /// The wait after `consecutiveFailures` failures in a row.
    ///
    /// - Parameter seed: the jitter's seed; the same seed and count always give the same wait.
    public func delay(afterFailures consecutiveFailures: Int, seed: UInt64) -> TimeInterval {
        let exponent = Double(max(0, consecutiveFailures - 1))
        let raw = min(maximum, initial * pow(multiplier, min(exponent, 64)))
        let unit = SplitMix64.unitInterval(seed, UInt64(max(0, consecutiveFailures)))
        return raw * (1 - jitter * unit)
    }
}
