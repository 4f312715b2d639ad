import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// What the writer acknowledges, every reader reads: random payloads at and around each limit —
/// the nesting depth of the whole envelope, the record's size, the instants, the number ranges,
/// the key's length — are committed through the file store, and each acknowledged one reads back
/// equal, while each one past a limit is refused before anything is written.
@Suite("Every limit is checked on the exact bytes before the commit", .serialized)
struct SnapshotLimitsPropertyTests {
    /// Numbers at the edges of what a payload's number types hold.
    struct Numbers: Codable, Sendable, Equatable {
        var signed: Int64
        var unsigned: UInt64
        var double: Double
        var float: Float
        var decimal: Decimal
        var exact: JSONValue
    }

    static let generatedAt = Date(timeIntervalSince1970: 1_796_000_000.125)

    /// A writer and a reader on one shared directory, and the revision committed last.
    final class Harness {
        let directory: URL
        let store: FileSnapshotStore
        var revisions: [SnapshotKey: Int] = [:]

        init(directory: URL) {
            self.directory = directory
            store = FileSnapshotStore(directory: directory, retainedRevisions: 1)
        }

        /// Commits `make()`'s draft. An accepted one must read back equal, typed as `Payload`; a
        /// refused one must leave the key's revision and directory as they were. Returns a problem.
        func check<Payload: Codable & Sendable & Equatable>(
            expectAccepted: Bool, key: SnapshotKey = StoreFixture.key,
            _ make: () throws(SnapshotStoreError) -> SnapshotDraft<Payload>
        ) -> String? {
            let before = revisions[key] ?? 0
            do throws(SnapshotStoreError) {
                let draft = try make()
                let outcome = try store.commit(draft)
                revisions[key] = outcome.revision
                guard expectAccepted else {
                    return "acknowledged revision \(outcome.revision) past the limit"
                }
                guard outcome.revision == before + 1 else {
                    return "revision \(outcome.revision) after \(before)"
                }
                let expected = Snapshot(
                    schemaVersion: draft.schemaVersion, kind: draft.kind, key: key,
                    revision: outcome.revision,
                    generatedAt: Instant.rounded(draft.generatedAt),
                    observedAt: draft.observedAt.map(Instant.rounded),
                    fingerprint: draft.fingerprint, payload: draft.payload)
                let read = FileSnapshotStore.readOnly(directory: directory).read(
                    key, as: Payload.self, supportedSchema: 1)
                guard case .found(let snapshot, nil) = read else { return "acknowledged, then read \(read)" }
                return snapshot == expected ? nil : "read back \(snapshot), not \(expected)"
            } catch {
                if expectAccepted { return "refused: \(error)" }
                if store.newestRevision(of: key) != (before == 0 ? 0 : before) {
                    return "refused (\(error)), yet the revision changed"
                }
                if !temporaryFiles(in: store.directory(for: key)).isEmpty {
                    return "a temporary file was left"
                }
                return nil
            }
        }
    }

    @Test(
        "nesting: a payload 511 deep is acknowledged and read back; 512 and more (an envelope over 512) are refused"
    )
    func nesting() throws {
        try withTemporaryDirectory { directory throws in
            let harness = Harness(directory: directory)
            PropertyCheck.forAll("nesting at the limit", count: 10, firstSeed: 51_200) { values in
                // The envelope is one level: a payload of `depth` nested containers makes it depth + 1.
                let depth = JSONParser.maximumDepth - 3 + values.int(in: 0...4)
                var payload = values.jsonValue(depth: 0)
                for _ in 0..<depth {
                    payload =
                        values.bool()
                        ? .array([payload] + values.array(count: 0...2) { $0.jsonValue(depth: 0) })
                        : .object([values.text(maximumLength: 6): payload])
                }
                let problem = harness.check(expectAccepted: depth + 1 <= JSONParser.maximumDepth) {
                    () throws(SnapshotStoreError) in
                    try SnapshotDraft(
                        kind: "limits", key: StoreFixture.key, generatedAt: Self.generatedAt, payload: payload
                    )
                }
                return problem.map { "depth \(depth): \($0)" }
            }
        }
    }

    @Test("a payload too deep for JSONEncoder is refused with the limit named, not Foundation's bare words")
    func tooDeepSaysSo() {
        var payload = JSONValue.null
        for _ in 0..<JSONParser.maximumDepth { payload = .array([payload]) }
        #expect {
            try SnapshotDraft(
                kind: "limits", key: StoreFixture.key, generatedAt: Self.generatedAt, payload: payload)
        } throws: { error in
            "\(error)".contains("nests too deep for JSONEncoder, which writes at most 512 levels")
                && "\(error)".contains("a payload nests at most 511")
        }
    }

    @Test(
        "size: records of the limit and one byte under are acknowledged and read back; one byte over is refused"
    )
    func size() throws {
        try withTemporaryDirectory { directory throws in
            let harness = Harness(directory: directory)
            let limit = SnapshotLimits.maximumRecordSize
            PropertyCheck.forAll("size at the limit", count: 10, firstSeed: 1_048_576) { values in
                let offset = values.int(in: -2...2)
                // Text whose bytes in JSON differ from its characters: escapes, two-, three- and
                // four-byte UTF-8.
                let awkward = (0..<values.int(in: 0...40)).map { _ in
                    values.element(of: ["a", "\"", "\\", "\u{1}", "é", "한", "😀", "\n", "/"])
                }.joined()
                let revision = (harness.revisions[StoreFixture.key] ?? 0) + 1
                func draft(padding: Int) throws(SnapshotStoreError) -> SnapshotDraft<JSONValue> {
                    try SnapshotDraft(
                        kind: "limits", key: StoreFixture.key, generatedAt: Self.generatedAt,
                        payload: .object([
                            "awkward": .string(awkward),
                            "pad": .string(String(repeating: "a", count: padding)),
                        ]))
                }
                // The record's size: its header (whose length field grows with the envelope) and the
                // envelope, as the commit encodes it. Each padding byte is one envelope byte.
                let small = try draft(padding: 0).snapshot(revision: revision)
                let envelope = try SnapshotRecord.canonicalEnvelope(
                    of: Snapshot(
                        schemaVersion: small.schemaVersion, kind: small.kind, key: small.key,
                        revision: small.revision,
                        generatedAt: small.generatedAt, observedAt: small.observedAt,
                        fingerprint: small.fingerprint,
                        payload: small.payload)
                ).count
                func size(padding: Int) -> Int {
                    "\(SnapshotRecord.formatTag) length=\(envelope + padding) sha256=".utf8.count + 65
                        + envelope + padding
                }
                var padding = 0
                for _ in 0..<3 { padding += limit + offset - size(padding: padding) }
                guard size(padding: padding) == limit + offset else { return "could not size the record" }
                // The fingerprint is of the payload, so it is as long for any padding: check the sizing.
                if offset <= 0,
                    try SnapshotRecord.encode(draft(padding: padding).snapshot(revision: revision)).count
                        != limit + offset
                {
                    return "the sizing is off"
                }
                let problem = harness.check(expectAccepted: offset <= 0) { () throws(SnapshotStoreError) in
                    try draft(padding: padding)
                }
                return problem.map { "a record of \(limit + offset) bytes: \($0)" }
            }
        }
    }

    @Test(
        "instants: years 0000 and 9999 to the millisecond, observedAt up to 60 s after generatedAt; one step further is refused"
    )
    func instants() throws {
        try withTemporaryDirectory { directory throws in
            let harness = Harness(directory: directory)
            let first = Date(timeIntervalSince1970: -62_167_219_200)  // 0000-01-01T00:00:00Z
            let last = Date(timeIntervalSince1970: 253_402_300_799.999)  // 9999-12-31T23:59:59.999Z
            let tolerance = SnapshotLimits.futureInstantTolerance
            PropertyCheck.forAll("instants at the limits", count: 60, firstSeed: 9_999) { values in
                let payload = Counter(value: values.int(in: 0...1000))
                let step = 0.001
                let cases: [(generated: Date, observed: Date?, accepted: Bool, what: String)] = [
                    (first, nil, true, "generatedAt in year 0000"),
                    (first.addingTimeInterval(-step), nil, false, "generatedAt before year 0000"),
                    (last, nil, true, "generatedAt at the end of year 9999"),
                    (last.addingTimeInterval(step), nil, false, "generatedAt in year 10000"),
                    (first, first, true, "observedAt in year 0000"),
                    (
                        first.addingTimeInterval(10), first.addingTimeInterval(-step), false,
                        "observedAt before year 0000"
                    ),
                    (last, last, true, "observedAt at the end of year 9999"),
                    (
                        last.addingTimeInterval(-10), last.addingTimeInterval(step), false,
                        "observedAt in year 10000"
                    ),
                    (
                        Self.generatedAt, Self.generatedAt.addingTimeInterval(tolerance), true,
                        "observedAt 60 s ahead"
                    ),
                    (
                        Self.generatedAt, Self.generatedAt.addingTimeInterval(tolerance + step), false,
                        "observedAt 60.001 s ahead"
                    ),
                    (
                        Self.generatedAt, Self.generatedAt.addingTimeInterval(-86_400 * 365 * 50), true,
                        "observed 50 years before"
                    ),
                ]
                let chosen = values.element(of: cases)
                let problem = harness.check(expectAccepted: chosen.accepted) {
                    () throws(SnapshotStoreError) in
                    try SnapshotDraft(
                        kind: "limits", key: StoreFixture.key, generatedAt: chosen.generated,
                        observedAt: chosen.observed,
                        payload: payload)
                }
                return problem.map { "\(chosen.what): \($0)" }
            }
        }
    }

    @Test(
        "numbers: the edges of every number type, and exact numbers beyond a Double's digits, read back equal"
    )
    func numbers() throws {
        try withTemporaryDirectory { directory throws in
            let harness = Harness(directory: directory)
            PropertyCheck.forAll("numbers at the limits", count: 60, firstSeed: 1_797) { values in
                let doubles: [Double] = [
                    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
                    -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude.nextDown, -0.0,
                    0.1,
                    9_007_199_254_740_992.0.nextUp,
                ]
                // Numbers written as text, some with more digits than a reader holds (as a `Double`
                // with these digits, or a `Decimal`): those must be refused at the commit. Whether one
                // is, is asked of the reader itself — Foundation's decoder on the literal alone.
                let exact = values.element(of: [
                    "1.7976931348623157e308", "-1.7976931348623157e308", "5e-324", "2.2250738585072014e-308",
                    "18446744073709551616", "-9223372036854775809",
                    "0.000000000000000000000000000000000000001",
                    "12345678901234567890123456789012345678", "4.9406564584124654e-324",
                    "123456789012345678901234567890123456789", "1.0000000000000000000001e-200",
                    "9007199254740993", "0.30000000000000004", "1" + String(repeating: "0", count: 40),
                ])
                let literal = JSONNumber(text: exact)!
                let readBack = try JSONCoding.decoder().decode(
                    [JSONValue].self, from: Data("[\(exact)]".utf8))
                let readable = readBack == [.number(literal)]
                let numbers = Numbers(
                    signed: values.element(of: [.max, .min, 0, -1, .max - Int64(values.int(in: 0...9))]),
                    unsigned: values.element(of: [.max, 0, .max - UInt64(values.int(in: 0...9))]),
                    double: values.element(of: doubles),
                    float: values.element(of: [
                        .greatestFiniteMagnitude, .leastNonzeroMagnitude, -.greatestFiniteMagnitude,
                    ]),
                    decimal: values.element(of: [
                        Decimal(string: "79228162514264337593543950335")!, Decimal(string: "-1e-38")!,
                        Decimal(string: "3.1415926535897932384626433832795028841")!,
                    ]),
                    exact: .array([.number(literal)]))
                let problem = harness.check(expectAccepted: readable) { () throws(SnapshotStoreError) in
                    try SnapshotDraft(
                        kind: "limits", key: StoreFixture.key, generatedAt: Self.generatedAt, payload: numbers
                    )
                }
                return problem.map { "\(exact): \($0)" }
            }
            // Past a Double's range there is no number to commit: the literal is refused where it is made.
            #expect(JSONNumber(text: "1.7976931348623159e308") == nil)
            #expect(JSONNumber(text: "1e-400") == nil)
            #expect(throws: SnapshotStoreError.self) {
                try SnapshotDraft(
                    kind: "limits", key: StoreFixture.key, generatedAt: Self.generatedAt,
                    payload: [Double.infinity])
            }
        }
    }

    @Test(
        "keys: 200 bytes in components of up to 64 are acknowledged and read back; 201 or a 65-byte component are refused"
    )
    func keys() throws {
        try withTemporaryDirectory { directory throws in
            let harness = Harness(directory: directory)
            PropertyCheck.forAll("keys at the limit", count: 40, firstSeed: 200) { values in
                let length = SnapshotKey.maximumLength - 2 + values.int(in: 0...3)
                // Components of 1 to 64 bytes joined by ".", filling exactly `length` bytes: random
                // sizes, the last one made to fit (drawn again when it cannot).
                let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-_")
                var sizes: [Int] = []
                for _ in 0..<100 {
                    sizes = []
                    while sizes.reduce(0, +) + sizes.count - 1 < length - SnapshotKey.maximumComponentLength
                        - 1
                    {
                        sizes.append(values.int(in: 1...SnapshotKey.maximumComponentLength))
                    }
                    let last = length - (sizes.reduce(0, +) + sizes.count)
                    if (1...SnapshotKey.maximumComponentLength).contains(last) {
                        sizes.append(last)
                        break
                    }
                }
                let text = sizes.map { size in String((0..<size).map { _ in values.element(of: alphabet) }) }
                    .joined(separator: ".")
                let longComponent = String(repeating: "k", count: SnapshotKey.maximumComponentLength + 1)
                guard text.utf8.count == length else { return "built a key of \(text.utf8.count) bytes" }
                guard let key = try? SnapshotKey(validating: text) else {
                    return length <= SnapshotKey.maximumLength ? "\(length)-byte key refused" : nil
                }
                if length > SnapshotKey.maximumLength { return "a \(length)-byte key was accepted" }
                if (try? SnapshotKey(validating: longComponent)) != nil {
                    return "a 65-byte component was accepted"
                }
                let problem = harness.check(expectAccepted: true, key: key) { () throws(SnapshotStoreError) in
                    try SnapshotDraft(
                        kind: "limits", key: key, generatedAt: Self.generatedAt,
                        payload: Counter(value: values.int(in: 0...9)))
                }
                return problem.map { "a \(length)-byte key: \($0)" }
            }
        }
    }
}
