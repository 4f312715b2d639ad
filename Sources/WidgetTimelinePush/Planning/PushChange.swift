public import WidgetTimeline

#if canImport(FoundationEssentials)
    public import FoundationEssentials
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// A change on the server that may alter what widgets show: when it happened, which widgets it
/// touches, and the fingerprint of what they would display after it.
///
/// The fingerprint is what lets the planner skip a push that would change nothing on screen: a
/// refreshed price equal to the old one, a re-sent list. Compute it the way the widget's
/// `WidgetKind.fingerprint(of:observedAt:)` does (by default, the SHA-256 of the payload's
/// canonical JSON, ``ContentFingerprint/init(of:)``), so the server and the device agree.
///
/// The JSON form has exactly one of `kind` and `widget`:
///
/// ```json
/// {"at": "2026-11-30T07:00:00Z", "kind": "parking", "fingerprint": "9f86d0…"}
/// {"at": "2026-11-30T07:00:00Z", "widget": {"installation": "5F0C…", "id": "parking-1"}, "fingerprint": "…"}
/// ```
public struct PushChange: Sendable, Hashable, Codable {
    /// Which widgets a change touches.
    public enum Target: Sendable, Hashable {
        /// Every registered widget of this kind (`WidgetInfo.kind`).
        case kind(String)
        /// One widget on one device.
        case widget(WidgetInstance)
    }

    /// When the change happened on the server, to the millisecond, as it is planned and written.
    public let at: Date
    /// The widgets it touches.
    public let target: Target
    /// The fingerprint of what those widgets would show after it.
    public let fingerprint: ContentFingerprint

    /// A change; `at` is kept rounded to the millisecond, as the planner plans it and its JSON
    /// writes it, so a change made at a clock's instant (`Date()`) is the change its JSON reads back.
    /// An instant with no millisecond count (not a number, or beyond ±292 million years) is kept,
    /// for ``PushEvents`` and the encoder to refuse by its value.
    public init(at: Date, target: Target, fingerprint: ContentFingerprint) {
        let seconds = at.timeIntervalSince1970
        self.at = seconds.isFinite && abs(seconds) < 9e15 ? Instant.rounded(at) : at
        self.target = target
        self.fingerprint = fingerprint
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case at, kind, widget, fingerprint
    }

    /// The first instant with a UTC form: 0000-01-01T00:00:00Z.
    static let earliest = Date(timeIntervalSince1970: -62_167_219_200)

    /// Refuses a member it does not know: a change is written by hand in an events file.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        at = try container.decode(Date.self, forKey: .at)
        // An instant written with an offset can fall outside years 0000–9999 in UTC, where no
        // request can be dated.
        guard at >= Self.earliest, at < Instant.afterAll else {
            throw DecodingError.dataCorruptedError(
                forKey: .at, in: container,
                debugDescription:
                    "a change must happen from 0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z in UTC")
        }
        fingerprint = try container.decode(ContentFingerprint.self, forKey: .fingerprint)
        switch (container.contains(.kind), container.contains(.widget)) {
        case (true, false): target = .kind(try container.decode(String.self, forKey: .kind))
        case (false, true):
            target = .widget(try container.decode(StrictInstance.self, forKey: .widget).instance)
        case (true, true):
            throw DecodingError.dataCorruptedError(
                forKey: .widget, in: container, debugDescription: "a change has a kind or a widget, not both")
        case (false, false):
            throw DecodingError.keyNotFound(
                CodingKeys.kind,
                .init(codingPath: container.codingPath, debugDescription: "a change needs a kind or a widget")
            )
        }
    }

    /// A change's widget, read as strictly as the change: `{"installation": …, "id": …}` and
    /// nothing else, so a member written by mistake is refused rather than ignored.
    private struct StrictInstance: Decodable {
        enum CodingKeys: String, CodingKey, CaseIterable {
            case installation, id
        }

        let instance: WidgetInstance

        init(from decoder: any Decoder) throws {
            let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
            instance = WidgetInstance(
                installationID: try container.decode(String.self, forKey: .installation),
                widgetID: try container.decode(String.self, forKey: .id))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(at, forKey: .at)
        try container.encode(fingerprint, forKey: .fingerprint)
        switch target {
        case .kind(let kind): try container.encode(kind, forKey: .kind)
        case .widget(let instance): try container.encode(instance, forKey: .widget)
        }
    }
}
