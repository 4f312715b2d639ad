import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// The core's answers to input the fuzzers and the bad-input tests found it answered wrongly (see
/// `docs/robustness.md`, "Bugs found and fixed"), checked at the core's own API rather than through
/// the CLI.
@Suite("Hostile input to the core")
struct HostileInputTests {
    @Test(
        "documents Foundation alone would take are refused, with where",
        arguments: [
            (#"{"count":1,"count":2}"#, "the member name \"count\" appears twice in one object"),
            (
                "{\"\u{E9}\":1,\"e\u{301}\":2}",
                "spelled as U+00E9 and as U+0065 U+0301, which are one name after Unicode normalisation"
            ),
            (#"{"count":1,}"#, "expected a member name in double quotes"),
            ("{\"count\":1}\u{0}{", "unexpected text after the JSON value"),
            ("\u{FEFF}{\"count\":1} x", "unexpected text after the JSON value"),
        ])
    func strictJSON(text: String, message: String) {
        #expect(throws: JSONDecodingError.self) {
            try JSONCoding.decode(JSONValue.self, from: Data(text.utf8))
        }
        do {
            _ = try JSONCoding.decode(JSONValue.self, from: Data(text.utf8))
        } catch {
            #expect(error.path == nil && error.message.contains(message), "\(error)")
        }
    }

    @Test("a leading byte order mark is ignored, as RFC 8259 allows, and UTF-16 is named")
    func encodings() throws {
        #expect(
            try JSONCoding.decode(JSONValue.self, from: Data("\u{FEFF}[1]".utf8)) == .array([.integer(1)]))
        var utf16 = Data([0xFE, 0xFF])
        for unit in "[1]".utf16 { utf16.append(contentsOf: [UInt8(unit >> 8), UInt8(unit & 0xFF)]) }
        #expect {
            try JSONCoding.decode(JSONValue.self, from: utf16)
        } throws: { ($0 as? JSONDecodingError)?.message.contains("UTF-16 or UTF-32") ?? false }
    }

    @Test("a checksummed record with a member written twice is malformed for every reader")
    func repeatedMemberInRecord() throws {
        let key = try SnapshotKey(validating: "fuzz")
        let envelope =
            #"{"fingerprint":"x","generatedAt":"2026-11-29T00:00:00Z","key":"fuzz","kind":"fuzz","payload":{"count":5,"count":0},"revision":1,"schemaVersion":1}"#
        let record = try SnapshotRecord.record(envelope: Array(envelope.utf8))
        let verdict = SnapshotRecord.envelope(of: record)
        #expect((try? verdict.get()) != nil, "the header holds: only the JSON is wrong")
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("widget-timeline-hostile-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A valid revision 1 committed, then replaced by the planted record.
        let files = FileSnapshotStore(directory: directory)
        _ = try files.commit(
            SnapshotDraft(
                kind: "fuzz", key: key, generatedAt: .at("2026-11-29T00:00:00Z"), payload: JSONValue.null))
        try Data(record).write(to: files.directory(for: key).appendingPathComponent("0000000001.snapshot"))
        guard case .corrupted(let problems) = files.read(key, as: JSONValue.self, supportedSchema: 1) else {
            Issue.record("the typed reader accepted it")
            return
        }
        #expect(problems.first?.problem.description.contains("appears twice") == true, "\(problems)")
        guard case .corrupted = files.readStored(key) else {
            Issue.record("the untyped reader accepted it")
            return
        }
    }

    @Test("instants no reader could read back are refused by both encoders, never written as 1970")
    func unrepresentableInstants() throws {
        let key = try SnapshotKey(validating: "fuzz")
        for seconds in [Double.nan, 253_402_387_200, -62_167_305_601] {
            let draft = try SnapshotDraft(
                kind: "fuzz", key: key, schemaVersion: 1, generatedAt: Date(timeIntervalSince1970: seconds),
                fingerprint: ContentFingerprint(rawValue: "x"), payload: JSONValue.null)
            #expect(throws: SnapshotStoreError.self, "\(seconds)") {
                try SnapshotRecord.encode(draft.snapshot(revision: 1))
            }
            #expect(throws: EncodingError.self) {
                try CanonicalJSON.encode([Date(timeIntervalSince1970: seconds)])
            }
            // The error prints without trapping (Foundation's `Date.description` traps on NaN).
            do {
                _ = try JSONCoding.encoder().encode([Date(timeIntervalSince1970: seconds)])
            } catch {
                #expect(String(describing: error).contains("has no ISO-8601 form"))
            }
        }
    }

    @Test("sanitised keys always fit, however long or many the parts", arguments: [1, 2, 4, 12, 40])
    func sanitisedKeysFit(parts: Int) throws {
        let scope = (0..<parts).map { "Scope \($0) " + String(repeating: "é", count: 70) }
        let key = SnapshotKey(purpose: String(repeating: "Purpose", count: 20), scope: scope)
        #expect(key.rawValue.utf8.count <= SnapshotKey.maximumLength)
        #expect(try SnapshotKey(validating: key.rawValue) == key)
        var other = scope
        other[other.count - 1] += "!"
        #expect(SnapshotKey(purpose: String(repeating: "Purpose", count: 20), scope: other) != key)
    }

    @Test("a snapshot from year 9999 cannot postpone the refresh")
    func farFutureSnapshot() {
        let now = Date.at("2026-11-29T09:00:00Z")
        let planner = TimelinePlanner(kind: ScriptedWidget())
        let snapshot = Snapshot.fixture(
            ScriptedPayload(initialLabel: "P0", phases: []), kind: "scripted",
            generatedAt: .at("9999-06-01T00:00:00Z"))
        let plan = planner.plan(.loaded(snapshot), at: now, in: .gregorian(in: "UTC"))
        #expect(PlanCheck.problems(in: plan, of: planner, for: .loaded(snapshot), at: now).isEmpty)
        #expect(plan.timeline.earliestReload.map { $0 <= now.addingTimeInterval(30 * 60) } == true)
    }

    @Test(
        "decoded policies are ones their initialisers accept, or refused with the rule",
        arguments: [
            (
                #"{"staleAfter":600,"expiresAfter":60,"expiredValue":"shown"}"#, "FreshnessPolicy",
                "expiresAfter"
            ),
            (#"{"staleAfter":-1,"expiresAfter":60,"expiredValue":"shown"}"#, "FreshnessPolicy", "staleAfter"),
            (#"{"initial":60,"multiplier":0.5,"maximum":600,"jitter":0.1}"#, "RetryBackoff", "multiplier"),
            (#"{"initial":60,"multiplier":2,"maximum":600,"jitter":1.5}"#, "RetryBackoff", "jitter"),
            (#"{"reason":"x","consecutiveFailures":0}"#, "LoadFailure", "consecutiveFailures"),
            (#"{"maximum":-5,"seed":1}"#, "RefreshJitter", "maximum"),
        ])
    func validatingDecoders(json: String, type: String, member: String) {
        let data = Data(json.utf8)
        let error: JSONDecodingError?
        do {
            switch type {
            case "FreshnessPolicy": _ = try JSONCoding.decode(FreshnessPolicy.self, from: data)
            case "RetryBackoff": _ = try JSONCoding.decode(RetryBackoff.self, from: data)
            case "LoadFailure": _ = try JSONCoding.decode(LoadFailure.self, from: data)
            default: _ = try JSONCoding.decode(RefreshJitter.self, from: data)
            }
            error = nil
        } catch let caught {
            error = caught
        }
        #expect(error?.path == "$.\(member)", "\(String(describing: error))")
    }
}
