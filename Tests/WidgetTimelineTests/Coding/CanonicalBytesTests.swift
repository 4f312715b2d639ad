import Foundation
import Testing
import WidgetTimelineExamples
import WidgetTimelineTesting

@testable import WidgetTimeline

/// Canonical JSON written straight from the encoder's tree must be the bytes of the same tree
/// turned into a ``JSONValue`` first (the form the fuzz targets and parser compare against).
@Suite("Canonical bytes from the encoder's tree")
struct CanonicalBytesTests {
    private static func sameBothWays<Value: Encodable>(_ value: Value) throws -> String? {
        let direct = try CanonicalJSON.encode(value)
        let throughValue = CanonicalJSON.encode(try JSONTreeEncoder.encode(value))
        return direct == throughValue
            ? nil
            : "\(String(decoding: direct, as: UTF8.self)) is not \(String(decoding: throughValue, as: UTF8.self))"
    }

    @Test("snapshots, payloads, timelines and any JSON value")
    func directBytesMatch() {
        PropertyCheck.forAll("canonical bytes", count: 500, firstSeed: 76_000) { values in
            try Self.sameBothWays(values.snapshot(payload: values.jsonValue(depth: 4)))
                ?? Self.sameBothWays(values.timeline { $0.widgetState { $0.jsonValue() } })
                ?? Self.sameBothWays(
                    values.snapshot(
                        payload: SchedulePayload(
                            pending: values.array(count: 0...5) { $0.instant() },
                            completedToday: values.int(in: 0...9))))
                ?? Self.sameBothWays(values.diagnosticEvent())
        }
    }

    struct TwiceEncoded: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(["a": 1], forKey: AnyCodingKey("k"))
            try container.encode(["b": 2], forKey: AnyCodingKey("k"))
        }
    }

    @Test("a key encoded twice holds its last value, as with JSONEncoder")
    func lastValueWins() throws {
        #expect(
            String(decoding: try CanonicalJSON.encode(TwiceEncoded()), as: UTF8.self) == #"{"k":{"b":2}}"#)
        let foundation = try JSONCoding.encoder().encode(TwiceEncoded())
        #expect(String(decoding: foundation, as: UTF8.self) == #"{"k":{"b":2}}"#)
    }
}
