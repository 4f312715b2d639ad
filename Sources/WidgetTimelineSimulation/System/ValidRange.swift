#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// The values a system setting (or a scenario member) may take at all, and why the bounds are
/// there: wider than the documented grid a sweep runs, narrower than what arithmetic allows, so a
/// file or a `--sweep` value outside them is refused with the range instead of run, clamped or
/// changed without a word.
public struct ValidRange: Sendable, Hashable {
    /// The least and the greatest value: seconds for a duration, a count otherwise.
    public let lowest: Double
    public let highest: Double
    /// Whether the values are durations (written as text such as `"90s"`) rather than counts.
    public let isDuration: Bool
    /// Whether `null` (unlimited) is also taken: budgets.
    public let takesNull: Bool
    /// Why the bounds are where they are, as docs/simulator.md gives it.
    public let reason: String

    /// Durations from `lowest` to `highest`, written as a scenario writes them (`"1h"`, `"7d"`).
    static func duration(_ lowest: String, _ highest: String, _ reason: String) -> ValidRange {
        ValidRange(
            lowest: DurationText(parsing: lowest)!.seconds, highest: DurationText(parsing: highest)!.seconds,
            isDuration: true, takesNull: false, reason: reason)
    }

    /// Whole numbers from `lowest` to `highest`, and `null` when `unlimited`.
    static func count(_ lowest: Int, _ highest: Int, unlimited: Bool = false, _ reason: String) -> ValidRange
    {
        ValidRange(
            lowest: Double(lowest), highest: Double(highest), isDuration: false, takesNull: unlimited,
            reason: reason)
    }

    /// Whether `value` is in the range (and whole, for a count).
    public func contains(_ value: Double) -> Bool {
        value >= lowest && value <= highest && (isDuration || value == value.rounded())
    }

    /// `a duration from 1h to 7d`, `a whole number from 0 to 1440, or null (unlimited)`.
    public var expected: String {
        if isDuration {
            return "a duration from \(DurationText(lowest)) to \(DurationText(highest))"
        }
        return "a whole number from \(Int(lowest)) to \(Int(highest))"
            + (takesNull ? ", or null (unlimited)" : "")
    }

    /// `1h to 7d`, `0 to 1440, or null`: the range as docs/simulator.md's table shows it.
    public var text: String {
        isDuration
            ? "\(DurationText(lowest)) to \(DurationText(highest))"
            : "\(Int(lowest)) to \(Int(highest))" + (takesNull ? ", or null" : "")
    }

    /// A value as a message shows it: `"400d"` for a duration, `2.5` or `-3` for a count.
    static func shown(_ value: Double, isDuration: Bool) -> String {
        if isDuration { return "\"\(DurationText(value))\"" }
        if value == value.rounded(), abs(value) < 1e15 { return "\(Int(value))" }
        return "\(value)"
    }
}

extension ValidRange {
    /// Refuses `value`, decoded for `key` of `container`, when it is outside the range: the error
    /// names the member's path, the range and the value found.
    func check<Key: CodingKey>(_ value: Double, forKey key: Key, in container: KeyedDecodingContainer<Key>)
        throws
    {
        guard !contains(value) else { return }
        throw DecodingError.dataCorruptedError(
            forKey: key, in: container,
            debugDescription: "expected \(expected), found \(Self.shown(value, isDuration: isDuration))")
    }

    /// A network source's `latency`: a request slower than the provider watchdog is killed anyway,
    /// and an hour is far past any.
    static let sourceLatency = duration(
        "0s", "1h", "a request slower than the provider watchdog is killed anyway")
    /// The app's `saveDuration`: a save writes one record of at most 1 MiB.
    static let saveDuration = duration("0s", "10m", "a save writes one record of at most 1 MiB")
    /// A glance's `duration`: a glance of no length sees nothing; one longer than a day is a widget
    /// that is always visible, which a scenario says by leaving `visibility` out.
    static let glanceDuration = duration(
        "1s", "1d", "a glance of no length sees nothing; always visible is no visibility member")
}

extension ValidRange {
    /// The app's `emissionsPerChange`: at least the one emission that is the change; a state layer
    /// emitting more than 100 times per change is a loop.
    static let emissionsPerChange = count(
        1, 100, "at least the one emission that is the change; more than 100 is a loop")
}
