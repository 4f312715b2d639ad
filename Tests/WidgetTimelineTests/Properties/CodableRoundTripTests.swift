import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// `decode(encode(x)) == x` for every public `Codable` type of the core, over 1,000 seeded values
/// each, with instants written in random zones' offsets. A failure names its seed; replay it with
/// `WIDGET_TIMELINE_SEED=<seed>`.
@Suite("Every public Codable type round-trips through the package's JSON")
struct CodableRoundTripTests {
    @Test("snapshots with any JSON payload, keys, fingerprints")
    func snapshots() {
        PropertyCheck.roundTrip(Snapshot<JSONValue>.self, firstSeed: 1_000) {
            $0.snapshot(payload: $0.jsonValue())
        }
        PropertyCheck.roundTrip(SnapshotKey.self, firstSeed: 2_000) { $0.snapshotKey() }
        PropertyCheck.roundTrip(ContentFingerprint.self, firstSeed: 3_000) { $0.fingerprint() }
        PropertyCheck.roundTrip(JSONValue.self, firstSeed: 4_000) { $0.jsonValue(depth: 5) }
    }

    @Test("timelines, entries, states, stamps, relevance and policies")
    func timelines() {
        PropertyCheck.roundTrip(PlannedTimeline<WidgetState<JSONValue>>.self, firstSeed: 10_000) { values in
            values.timeline { $0.widgetState { $0.jsonValue() } }
        }
        PropertyCheck.roundTrip(PlannedTimeline<JSONValue>.self, firstSeed: 11_000) { values in
            values.timeline { $0.jsonValue() }
        }
        PropertyCheck.roundTrip(PlannedEntry<String>.self, firstSeed: 12_000) { values in
            PlannedEntry(
                date: values.instant(), state: values.text(), relevance: values.optional { $0.relevance() })
        }
        PropertyCheck.roundTrip(WidgetState<String>.self, firstSeed: 13_000) { $0.widgetState { $0.text() } }
        PropertyCheck.roundTrip(ReloadPolicy.self, firstSeed: 14_000) { $0.reloadPolicy() }
        PropertyCheck.roundTrip(EntryRelevance.self, firstSeed: 15_000) { $0.relevance() }
        PropertyCheck.roundTrip(DataStamp.self, firstSeed: 16_000) { $0.dataStamp() }
        PropertyCheck.roundTrip(UnavailableReason.self, firstSeed: 17_000) { $0.unavailableReason() }
        PropertyCheck.roundTrip(LintFinding.self, firstSeed: 18_000) { $0.lintFinding() }
        PropertyCheck.roundTrip(LintFinding.Severity.self, firstSeed: 19_000) {
            $0.element(of: [.info, .warning, .error])
        }
    }

    @Test("freshness, retry, jitter, failures, day starts")
    func policies() {
        PropertyCheck.roundTrip(FreshnessPolicy.self, firstSeed: 20_000) { $0.freshnessPolicy() }
        PropertyCheck.roundTrip(FreshnessPolicy.ExpiredValue.self, firstSeed: 21_000) {
            $0.bool() ? .shown : .hidden
        }
        PropertyCheck.roundTrip(Freshness.self, firstSeed: 22_000) { $0.freshness() }
        PropertyCheck.roundTrip(RetryBackoff.self, firstSeed: 23_000) { $0.retryBackoff() }
        PropertyCheck.roundTrip(RefreshJitter.self, firstSeed: 24_000) { $0.refreshJitter() }
        PropertyCheck.roundTrip(LoadFailure.self, firstSeed: 25_000) { $0.loadFailure() }
        PropertyCheck.roundTrip(DayStart.self, firstSeed: 26_000) { $0.dayStart() }
    }

    @Test("diagnostic events, and the file operations named in errors")
    func diagnostics() {
        PropertyCheck.roundTrip(DiagnosticEvent.self, firstSeed: 30_000) { $0.diagnosticEvent() }
        PropertyCheck.roundTrip(DiagnosticEvent.Side.self, firstSeed: 31_000) {
            $0.bool() ? .host : .widgetExtension
        }
        PropertyCheck.roundTrip(DiagnosticEvent.Stage.self, firstSeed: 32_000) {
            $0.element(of: DiagnosticEvent.Stage.allCases)
        }
        PropertyCheck.roundTrip(SnapshotFileOperation.self, firstSeed: 33_000) {
            $0.element(of: [.open, .read, .write, .synchronize, .close, .status, .rename, .link, .unlink])
        }
        // A diagnostic event is also a log line: it reads back from the log as itself.
        PropertyCheck.forAll("a logged event reads back", firstSeed: 34_000) { values in
            let event = values.diagnosticEvent()
            var line = try JSONCoding.encoder().encode(event)
            line.append(0x0A)
            let read = FileDiagnosticLog.parse(line)
            return read.events == [event] && read.skippedLines == 0 ? nil : "\(event) read back as \(read)"
        }
    }

    @Test("the test doubles' own payloads")
    func testDoubles() {
        PropertyCheck.roundTrip(ScriptedPayload.self, firstSeed: 40_000) { values in
            ScriptedPayload(
                initialLabel: values.text(),
                phases: values.array { ScriptedPhase(start: $0.instant(), label: $0.text()) })
        }
    }

    @Test("values no reader could read back are refused when writing, never written")
    func unrepresentableInstants() {
        for seconds in [-62_200_000_000.0, 253_403_000_000, .nan, .infinity, 1e300] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(throws: EncodingError.self, "\(seconds)") { try JSONCoding.encoder().encode([date]) }
        }
        // Year 9999 in a zone ahead of UTC is year 10000 locally: no four-digit year, so refused.
        let late = Date(timeIntervalSince1970: 253_402_300_000)
        #expect(throws: EncodingError.self) {
            try JSONCoding.encoder(timeZone: TimeZone(identifier: "Pacific/Kiritimati")!).encode([late])
        }
        #expect((try? JSONCoding.encoder().encode([late])) != nil)
    }

    @Test("the first and last instants with a UTC form are written, and the nearest beyond refused")
    func edgesOfTheWritableRange() throws {
        let first = Date(timeIntervalSince1970: -62_167_219_200)
        let last = Date(timeIntervalSince1970: 253_402_300_799.999)
        for date in [first, last] {
            let text = try JSONCoding.encoder().encode([date])
            #expect(try JSONCoding.decode([Date].self, from: text) == [date])
        }
        #expect(
            String(decoding: try JSONCoding.encoder().encode([last]), as: UTF8.self).contains(
                "9999-12-31T23:59:59.999Z"))
        // 0.6 ms before the first and after the last: rounded to the millisecond, outside years 0000–9999.
        for seconds in [-62_167_219_200.0006, 253_402_300_799.9996] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(throws: EncodingError.self, "\(seconds)") { try JSONCoding.encoder().encode([date]) }
            #expect(throws: EncodingError.self, "\(seconds)") { try CanonicalJSON.encode([date]) }
        }
    }
}
