public import Foundation
public import WidgetTimeline

extension Snapshot {
    /// A snapshot for tests, with the fingerprint computed from the payload.
    ///
    /// - Parameters:
    ///   - generatedAt: when the host wrote it; `observedAt` defaults to the same instant.
    public static func fixture(
        _ payload: Payload,
        kind: String = "fixture",
        key: SnapshotKey? = nil,
        revision: Int = 1,
        generatedAt: Date,
        observedAt: Date? = nil,
        schemaVersion: Int = 1
    ) -> Snapshot {
        Snapshot(
            schemaVersion: schemaVersion,
            kind: kind,
            key: key ?? SnapshotKey(purpose: kind),
            revision: revision,
            generatedAt: generatedAt,
            observedAt: observedAt,
            fingerprint: (try? ContentFingerprint(of: payload)) ?? ContentFingerprint(rawValue: ""),
            payload: payload
        )
    }
}

extension Date {
    /// The instant an RFC 3339 literal names, for tests: `Date.at("2026-03-08T09:00:00+09:00")`.
    ///
    /// - Precondition: `text` is a valid instant with an offset; a typo stops the test at once.
    public static func at(_ text: String) -> Date {
        guard let date = Instant.parse(text) else { preconditionFailure("not an RFC 3339 instant: \(text)") }
        return date
    }
}

extension Calendar {
    /// A Gregorian calendar in the zone `identifier`, for tests.
    ///
    /// - Precondition: the zone exists.
    public static func gregorian(in identifier: String) -> Calendar {
        guard let zone = TimeZone(identifier: identifier) else {
            preconditionFailure("unknown zone \(identifier)")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}
