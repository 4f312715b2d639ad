import Foundation
import Testing
import WidgetTimelineTesting

@testable import WidgetTimeline

/// A log line is written without `JSONEncoder`, and must still be exactly what it would write: the
/// canonical form of `JSONEncoder`'s bytes for the event, which every reader decodes as the event.
@Suite("Diagnostic log lines")
struct LogLineTests {
    @Test("every event's line is the canonical form of JSONEncoder's, and decodes as the event")
    func linesMatchTheEncoder() {
        PropertyCheck.forAll("log line", count: 2_000, firstSeed: 72_000) { values -> String? in
            var event = values.diagnosticEvent()
            if values.int(in: 0...3) == 0 {
                event = DiagnosticEvent(at: event.at, side: event.side, stage: event.stage)
            }
            // Whole numbers in full, as records: `Int` reads them back only from digits.
            let expected = CanonicalJSON.encode(try JSONValue(encoding: event), wholeNumbersInFull: true)
            guard let line = event.logLine else { return "\(event) has no line" }
            guard line == expected else {
                return
                    "\(String(decoding: line, as: UTF8.self)), not \(String(decoding: expected, as: UTF8.self))"
            }
            let decoded = try JSONCoding.decode(DiagnosticEvent.self, from: Data(line))
            return decoded == event ? nil : "\(event) reads back as \(decoded)"
        }
    }

    @Test("an instant with no text a reader can read is not logged, as JSONEncoder refused it")
    func unwritableInstant() {
        let event = DiagnosticEvent(at: Date(timeIntervalSince1970: .infinity), side: .host, stage: .error)
        #expect(event.logLine == nil)
        #expect((try? JSONCoding.encoder().encode(event)) == nil)
    }
}
