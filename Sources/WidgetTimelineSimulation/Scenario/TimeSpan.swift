import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// A stretch of time from ``from`` (inclusive) to ``to`` (exclusive).
public struct TimeSpan: Sendable, Codable, Hashable {
    public var from: Date
    public var to: Date

    public init(from: Date, to: Date) {
        self.from = from
        self.to = to
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case from, to }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        from = try container.decode(Date.self, forKey: .from)
        to = try container.decode(Date.self, forKey: .to)
        guard to > from else {
            throw DecodingError.dataCorruptedError(
                forKey: .to, in: container, debugDescription: "must be after \"from\"")
        }
    }

    public func contains(_ instant: Date) -> Bool { instant >= from && instant < to }
}
