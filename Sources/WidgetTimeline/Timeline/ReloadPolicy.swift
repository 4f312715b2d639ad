#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// The earliest time the system may ask for a new timeline — a request, never a schedule.
///
/// Mirrors WidgetKit's `TimelineReloadPolicy`. The system may honour it hours late, which is why the
/// planner keeps writing entries past the reload date.
public enum ReloadPolicy: Sendable, Hashable {
    /// Ask again after the last entry's date has passed.
    case atEnd
    /// Ask again no earlier than the date.
    case after(Date)
    /// Do not ask again; only the app (or a push) reloads.
    case never

    /// The earliest date a reload may happen, given the timeline's last entry date.
    public func earliestReload(lastEntryDate: Date) -> Date? {
        switch self {
        case .atEnd: lastEntryDate
        case .after(let date): date
        case .never: nil
        }
    }
}

extension ReloadPolicy: Codable {
    private enum CodingKeys: String, CodingKey {
        case type
        case date
    }

    private enum Kind: String, Codable, CaseIterable, JSONChoice {
        case atEnd
        case after
        case never
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .type) {
        case .atEnd: self = .atEnd
        case .never: self = .never
        case .after: self = .after(try container.decode(Date.self, forKey: .date))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .atEnd: try container.encode(Kind.atEnd, forKey: .type)
        case .never: try container.encode(Kind.never, forKey: .type)
        case .after(let date):
            try container.encode(Kind.after, forKey: .type)
            try container.encode(date, forKey: .date)
        }
    }
}
