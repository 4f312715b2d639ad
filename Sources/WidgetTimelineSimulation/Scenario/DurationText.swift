import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// A duration written for people: `"90s"`, `"15m"`, `"1h30m"`, `"2d"`, or a plain number of seconds.
///
/// Scenarios use it so a file reads like a note (`"duration": "24h"`) rather than a column of
/// seconds. Output always uses the shortest exact form.
public struct DurationText: Sendable, Hashable, Codable, CustomStringConvertible {
    public var seconds: TimeInterval

    /// The longest duration a scenario file may write: the longest scenario (3660 days). Anything
    /// longer is a mistake, and `1e300` seconds would reach arithmetic that cannot hold it.
    public static let longest: TimeInterval = 3660 * 86_400

    public init(_ seconds: TimeInterval) { self.seconds = seconds }

    /// Parses `text`; `nil` when it is not a non-negative duration in the forms above, or not a
    /// whole number of milliseconds (every instant of a run is one, as its trace says).
    public init?(parsing text: String) {
        guard let seconds = Self.seconds(in: text), let exact = Self.wholeMilliseconds(seconds) else {
            return nil
        }
        self.seconds = exact
    }

    /// Whether `text` is a duration in the forms above that is not a whole number of milliseconds,
    /// such as `"0.0005"`: for a message that says what is wrong with it.
    static func isFinerThanMilliseconds(_ text: String) -> Bool {
        guard let seconds = seconds(in: text) else { return false }
        return wholeMilliseconds(seconds) == nil
    }

    /// `seconds` as the nearest whole number of milliseconds, or `nil` when it is not one. Decimal
    /// text such as `"1.001m"` reaches a binary value a few units in the last place from its whole
    /// count, which is taken as that count.
    static func wholeMilliseconds(_ seconds: Double) -> Double? {
        let milliseconds = seconds * 1000
        let nearest = milliseconds.rounded()
        guard abs(milliseconds - nearest) <= max(1e-6, 8 * milliseconds.ulp) else { return nil }
        return nearest / 1000
    }

    /// The seconds `text` writes in the forms above, whole milliseconds or not.
    private static func seconds(in text: String) -> Double? {
        let trimmed = text.trimmingSpaces()
        if let plain = Double(trimmed), plain.isFinite, plain >= 0 {
            return plain
        }
        var total: Double = 0
        var number = ""
        var sawUnit = false
        for character in trimmed {
            if character.isNumber || character == "." {
                number.append(character)
                continue
            }
            let unit: Double
            switch character {
            case "d": unit = 86_400
            case "h": unit = 3600
            case "m": unit = 60
            case "s": unit = 1
            default: return nil
            }
            guard let value = Double(number), value.isFinite else { return nil }
            total += value * unit
            number = ""
            sawUnit = true
        }
        guard sawUnit, number.isEmpty, total.isFinite else { return nil }
        return total
    }

    /// `1h30m`, `27s`, `0s`, `2d`. A duration too long to count in days (only made in code; files
    /// are limited to ``longest``) is written as seconds.
    public var description: String {
        guard seconds.isFinite, seconds >= 0, seconds < 1e15 else { return "\(seconds)s" }
        var rest = seconds
        var text = ""
        for (unit, name) in [(86_400.0, "d"), (3600, "h"), (60, "m")] where rest >= unit {
            let count = (rest / unit).rounded(.down)
            text += "\(Int(count))\(name)"
            rest -= count * unit
        }
        if rest > 0 || text.isEmpty {
            text += rest == rest.rounded() ? "\(Int(rest))s" : "\(rest)s"
        }
        return text
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            guard number.isFinite, number >= 0, number <= Self.longest else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "expected a duration from 0 to 3660d, found \(number)")
            }
            guard let exact = Self.wholeMilliseconds(number) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: Self.finerThanMilliseconds("\(number)"))
            }
            seconds = exact
            return
        }
        let text = try container.decode(String.self)
        if Self.isFinerThanMilliseconds(text) {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: Self.finerThanMilliseconds("\"\(text.prefix(80))\""))
        }
        guard let parsed = DurationText(parsing: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription:
                    "expected a duration such as \"90s\", \"15m\" or \"1h30m\", found \"\(text.prefix(80))\"")
        }
        guard parsed.seconds <= Self.longest else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "expected a duration of at most 3660d, found \"\(text.prefix(80))\"")
        }
        self = parsed
    }

    /// Why a duration finer than a millisecond is refused.
    static func finerThanMilliseconds(_ found: String) -> String {
        "expected a duration in whole milliseconds (every instant of a run is one), found \(found)"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
