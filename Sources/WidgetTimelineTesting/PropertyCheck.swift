import Foundation
public import Testing
import WidgetTimeline

/// Property tests over seeded ``ValueGenerator``s: a property runs for many seeds, and a failure
/// names its seed and how to run that case alone.
///
/// Each case gets the generator for `firstSeed + index`. To replay one case, set
/// `WIDGET_TIMELINE_SEED` to the seed a failure printed:
///
/// ```sh
/// WIDGET_TIMELINE_SEED=1234 swift test --filter CodableRoundTripTests
/// ```
public enum PropertyCheck {
    /// The environment variable that narrows every property to one seed.
    public static let seedVariable = "WIDGET_TIMELINE_SEED"

    /// The seeds a property runs with: `count` from `firstSeed`, or only the one in
    /// ``seedVariable``.
    public static func seeds(count: Int, firstSeed: UInt64) -> [UInt64] {
        if let text = ProcessInfo.processInfo.environment[seedVariable], let seed = UInt64(text) {
            return [seed]
        }
        return (0..<UInt64(count)).map { firstSeed &+ $0 }
    }

    /// Runs `property` for each seed; a `false` result or a thrown error is recorded as an issue
    /// naming the seed. Stops after `maximumFailures` failures so one bug does not bury the rest.
    public static func forAll(
        _ name: String,
        count: Int = 1_000,
        firstSeed: UInt64 = 0,
        maximumFailures: Int = 3,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ property: (inout ValueGenerator) throws -> String?
    ) {
        var failures = 0
        for seed in seeds(count: count, firstSeed: firstSeed) {
            var values = ValueGenerator(seed: seed)
            let problem: String?
            do {
                problem = try property(&values)
            } catch {
                problem = "threw \(error)"
            }
            guard let problem else { continue }
            Issue.record(
                "\(name), seed \(seed): \(problem) (replay: \(seedVariable)=\(seed) swift test --filter …)",
                sourceLocation: sourceLocation)
            failures += 1
            if failures >= maximumFailures { return }
        }
    }

    /// Expects `decode(encode(x)) == x` for `count` generated values, with instants written in a
    /// random zone's offset, and the encoding to be stable (encoding the decoded value gives the
    /// same bytes).
    public static func roundTrip<Value: Codable & Equatable>(
        _ type: Value.Type,
        count: Int = 1_000,
        firstSeed: UInt64 = 0,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ generate: (inout ValueGenerator) -> Value
    ) {
        forAll("\(Value.self) round trip", count: count, firstSeed: firstSeed, sourceLocation: sourceLocation)
        {
            values in
            let value = generate(&values)
            let encoder = JSONCoding.encoder(timeZone: values.timeZone(), pretty: values.bool())
            let data = try encoder.encode(value)
            let decoded = try JSONCoding.decode(Value.self, from: data)
            guard decoded == value else {
                return "\(value) came back as \(decoded) from \(String(decoding: data, as: UTF8.self))"
            }
            guard try encoder.encode(decoded) == data else { return "encoding \(value) is not stable" }
            return nil
        }
    }
}
