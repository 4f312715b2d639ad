#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

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

    private enum CodingKeys: String, CodingKey {
        case initial
        case multiplier
        case maximum
        case jitter
    }

    /// Decodes a back-off the initialiser would keep as given, and refuses any other with the rule
    /// it breaks, rather than clamp a file's numbers without a word.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func seconds(_ key: CodingKeys, atLeast minimum: Double, _ rule: String) throws -> Double {
            let value = try container.decode(Double.self, forKey: key)
            guard value.isFinite, value >= minimum else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "expected \(rule), found \(value)")
            }
            return value
        }
        let initial = try seconds(.initial, atLeast: 0, "a number of seconds, 0 or more")
        let multiplier = try seconds(.multiplier, atLeast: 1, "a factor of 1 or more")
        let maximum = try seconds(.maximum, atLeast: initial, "at least initial (\(initial)) seconds")
        let jitter = try seconds(.jitter, atLeast: 0, "a fraction from 0 to 0.99")
        guard jitter <= 0.99 else {
            throw DecodingError.dataCorruptedError(
                forKey: .jitter, in: container,
                debugDescription: "expected a fraction from 0 to 0.99, found \(jitter)")
        }
        self.init(initial: initial, multiplier: multiplier, maximum: maximum, jitter: jitter)
    }

    /// 15 minutes, doubling up to 4 hours, up to a quarter taken off by jitter. The seed's field
    /// note warns against short retries that turn the system into a polling scheduler.
    public static let standard = RetryBackoff(initial: 15 * 60, maximum: 4 * 3600)

    /// The wait after `consecutiveFailures` failures in a row.
    ///
    /// - Parameters:
    ///   - consecutiveFailures: failures in a row so far; the first waits ``initial``, each one more
    ///     ``multiplier`` times longer, up to ``maximum``.
    ///   - seed: the jitter's seed; the same seed and count always give the same wait.
    public func delay(afterFailures consecutiveFailures: Int, seed: UInt64) -> TimeInterval {
        let exponent = Double(max(0, consecutiveFailures - 1))
        let raw = min(maximum, initial * pow(multiplier, min(exponent, 64)))
        let unit = SplitMix64.unitInterval(seed, UInt64(max(0, consecutiveFailures)))
        return raw * (1 - jitter * unit)
    }
}
