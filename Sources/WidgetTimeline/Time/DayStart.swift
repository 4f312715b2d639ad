/// The local wall-clock time at which a widget's "day" begins: midnight, or later for widgets
/// whose day ends after midnight (a habit tracker whose day starts at 04:00).
public struct DayStart: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Hours after local midnight, `0...23`.
    public let hour: Int
    /// Minutes after `hour`, `0...59`.
    public let minute: Int

    /// Midnight: the calendar day.
    public static let midnight = DayStart(uncheckedHour: 0, minute: 0)

    /// Creates a day start; `nil` when `hour` or `minute` is out of range.
    public init?(hour: Int, minute: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.init(uncheckedHour: hour, minute: minute)
    }

    /// Parses `HH:MM` (24-hour clock), e.g. `04:00`; `nil` for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    private init(uncheckedHour hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// Seconds after local midnight.
    var secondsAfterMidnight: Int64 { Int64(hour * 3600 + minute * 60) }

    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = DayStart(parsing: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "expected HH:MM, found \"\(text)\"")
            )
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
