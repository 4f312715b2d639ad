import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

/// One member holding any value: the payloads below are each a value in a box, or the value itself.
struct Boxed<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    var value: Value
}

/// A payload whose `encode(to:)` writes what its `init(from:)` cannot read.
struct UnreadableEncoding: Codable, Sendable, Equatable {
    var count: Int
    init(count: Int) { self.count = count }
    init(from decoder: any Decoder) throws { count = try decoder.singleValueContainer().decode(Int.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode("count=\(count)")
    }
}

/// A payload with two coding keys that are one string after Unicode normalisation: "é" as one
/// scalar (NFC) and as "e" with a combining accent (NFD). `JSONEncoder` keeps only the second.
struct NormalisationEqualKeys: Codable, Sendable, Equatable {
    var composed: Int
    var decomposed: Int
    init(composed: Int, decomposed: Int) {
        self.composed = composed
        self.decomposed = decomposed
    }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        composed = try container.decode(Int.self, forKey: AnyKey("\u{E9}"))
        decomposed = try container.decode(Int.self, forKey: AnyKey("e\u{301}"))
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(composed, forKey: AnyKey("\u{E9}"))
        try container.encode(decomposed, forKey: AnyKey("e\u{301}"))
    }
}

/// A coding key for any member name.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// An "any JSON value" enum that tries integers first: `.double(1.0)` is written as `1` and reads
/// back as `.integer(1)`.
enum LooseValue: Codable, Sendable, Equatable {
    case integer(Int)
    case double(Double)
    case text(String)
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else {
            self = .text(try container.decode(String.self))
        }
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .text(let value): try container.encode(value)
        }
    }
}

/// A class payload whose subclass encodes its superclass's members through `superEncoder()`.
class BasePayload: Codable, @unchecked Sendable, Equatable {
    let count: Int
    init(count: Int) { self.count = count }
    static func == (lhs: BasePayload, rhs: BasePayload) -> Bool {
        type(of: lhs) == type(of: rhs) && lhs.count == rhs.count && lhs.sameMembers(as: rhs)
    }
    func sameMembers(as other: BasePayload) -> Bool { true }
}

final class DerivedPayload: BasePayload, @unchecked Sendable {
    let label: String
    init(count: Int, label: String) {
        self.label = label
        super.init(count: count)
    }
    private enum CodingKeys: CodingKey { case label }
    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = try container.decode(String.self, forKey: .label)
        try super.init(from: container.superDecoder())
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(label, forKey: .label)
        try super.encode(to: container.superEncoder())
    }
    override func sameMembers(as other: BasePayload) -> Bool { (other as? DerivedPayload)?.label == label }
}

/// A payload whose encoding comes out in another order each time: equal values, different bytes,
/// and a value read back whose array is in another order than the one committed.
struct ShuffledEncoding: Codable, Sendable, Equatable {
    var members: [Int]
    init(members: [Int]) { self.members = members }
    static func == (lhs: ShuffledEncoding, rhs: ShuffledEncoding) -> Bool {
        lhs.members.sorted() == rhs.members.sorted()
    }
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var members: [Int] = []
        while !container.isAtEnd { members.append(try container.decode(Int.self)) }
        self.members = members
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for member in members.shuffled() { try container.encode(member) }
    }
}

/// A row of a set, with a set of its own: `JSONEncoder` writes both in iteration order.
struct TaggedRow: Codable, Sendable, Hashable {
    var name: String
    var tags: Set<String>
}

/// Values `JSONEncoder` writes as one string or number, whatever their own `encode(to:)` does (a
/// `Data` encodes itself as an array of bytes).
struct SpelledLeaves: Codable, Sendable, Equatable {
    var data = Data([1, 2, 3])
    var instant = Date(timeIntervalSince1970: 1_796_000_000)
    var url = URL(string: "https://example.com/a")!
    var decimal = Decimal(string: "1.25")!
}

/// `leaves` (an object) inside `depth` arrays, each opened as a nested container.
struct DeepLeaves: Codable, Sendable, Equatable {
    var depth: Int
    var leaves = SpelledLeaves()
    init(depth: Int) { self.depth = depth }
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var depth = 1
        while (try? container.nestedUnkeyedContainer()).map({ container = $0 }) != nil { depth += 1 }
        self.depth = depth
        leaves = try container.decode(SpelledLeaves.self)
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for _ in 1..<depth { container = container.nestedUnkeyedContainer() }
        try container.encode(leaves)
    }
}

/// A list as an enumeration: synthesized `Codable` writes each link as two objects.
indirect enum Chain: Codable, Sendable, Equatable {
    case end
    case link(Chain)

    static func of(length: Int) -> Chain { (0..<length).reduce(.end) { inner, _ in .link(inner) } }
}

/// A value beside two instants in one millisecond, which are written as one text: the check
/// that the payload reads back then cannot hand each text its own instant.
struct BesideInstantsInOneMillisecond<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    var instants = [Date(timeIntervalSince1970: 7.0001), Date(timeIntervalSince1970: 7.0002)]
    var value: Value
}

/// A reading that writes a not-a-number as text, so it encodes and reads back, yet compares
/// unequal to itself.
struct NotReflexive: Codable, Sendable, Equatable {
    var reading: Double
    init(reading: Double) { self.reading = reading }
    init(from decoder: any Decoder) throws {
        reading = Double(try decoder.singleValueContainer().decode(String.self)) ?? 0
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(reading))
    }
}

/// A payload case of any type, checked the same way through every writer and reader.
struct HostilePayload: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// Commits the payload; the problems found, empty when it behaved.
    let check: @Sendable () throws -> [String]

    init<Payload: Codable & Sendable & Equatable>(_ name: String, _ payload: Payload) {
        testDescription = name
        check = { try HostilePayloadCheck.problems(committing: payload) }
    }
}

/// Hostile `Codable` payloads: each one either round-trips — the file store, the in-memory store
/// and the host's sync read it back equal, its fingerprint is stable, and equal content is
/// committed once, by this sync and by another process's — or is refused when its draft is made,
/// with nothing stored anywhere.
@Suite("Hostile Codable payloads round-trip or are refused before anything is stored", .serialized)
struct HostilePayloadTests {
    static let now = Date(timeIntervalSince1970: 1_796_000_000)

    static let roundTrippingPayloads: [HostilePayload] = [
        HostilePayload(
            "Float16 0.1, its largest and its smallest subnormal",
            Boxed(value: [
                Float16(0.1), .greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNormalMagnitude,
            ])),
        HostilePayload(
            "Float subnormals and -0.0",
            Boxed(value: [Float.leastNonzeroMagnitude, .leastNormalMagnitude / 3, -0.0])),
        HostilePayload(
            "Doubles JSONEncoder writes with an exponent",
            Boxed(value: [
                1e21, 1e22, 1.2345678901234568e+20, 1e-7, 5e-324, .leastNormalMagnitude,
                .greatestFiniteMagnitude, 9_007_199_254_740_994, 0.1 + 0.2,
            ])),
        HostilePayload(
            "Decimals in an array, a dictionary and optionals",
            Boxed(value: [
                [Decimal(string: "0.1")!, Decimal(string: "-1e-20")!],
                [Decimal(string: "79228162514264337593543950335")!],
            ])),
        HostilePayload(
            "a Decimal in a dictionary", ["pi": Decimal(string: "3.14159265358979323846264338327950288")!]),
        HostilePayload("optional Decimals", Boxed(value: [Decimal?.none, Decimal(string: "1e-30")!])),
        HostilePayload(
            "Decimal's extremes",
            Boxed(value: [
                Decimal.greatestFiniteMagnitude, .leastFiniteMagnitude, .leastNonzeroMagnitude,
                Decimal(string: "1e127")!, Decimal(string: "1e-127")!,
            ])),
        HostilePayload("128-bit integers in an array", Boxed(value: [UInt128.max, 0, 1 << 64])),
        HostilePayload("Int128's extremes", Boxed(value: [Int128.min, .max])),
        HostilePayload("UInt64.max in an optional", Boxed(value: UInt64?.some(.max))),
        HostilePayload(
            "noncharacters and private use",
            Boxed(value: "\u{FFFE}\u{FFFF}\u{E000}\u{F8FF}\u{10FFFF}\u{FEFF}")),
        HostilePayload("U+0000 in a value and in keys", ["a\u{0}": "b\u{0}c", "a": ""]),
        HostilePayload("a decomposed key", ["e\u{301}": 1]),
        HostilePayload("a 400,000-character string", Boxed(value: String(repeating: "é", count: 400_000))),
        HostilePayload("a 100,000-byte key", [String(repeating: "k", count: 100_000): 1]),
        HostilePayload("integer keys", [1: "a", -1: "b", Int.max: "c", Int.min: "d"]),
        HostilePayload("Bool and Double keys", Boxed(value: [[true: 1, false: 0], [:]])),
        HostilePayload("Double keys", [1.5: "x", -0.25: "y"]),
        HostilePayload(
            "a subclass encoding through superEncoder()",
            Boxed(value: DerivedPayload(count: 3, label: "gate"))),
        HostilePayload("a class at the top", DerivedPayload(count: -1, label: "")),
        HostilePayload("an encoding in random order", ShuffledEncoding(members: Array(0..<24))),
        HostilePayload("an empty struct", Boxed(value: [String: Int]())),
        HostilePayload("an empty array at the top", [Int]()),
        HostilePayload("an empty object at the top", [String: Int]()),
        HostilePayload("a number at the top", -17.25),
        HostilePayload("a string at the top", "plain"),
        HostilePayload("a Bool at the top", false),
        HostilePayload("nil at the top", Int?.none),
        HostilePayload("Data at the top", Data([0, 1, 2, 255])),
        HostilePayload("an instant at the top", Date(timeIntervalSince1970: -62_135_596_800)),
        HostilePayload(
            "instants in years 1 and 9999 and before 1970",
            Boxed(value: [
                Date(timeIntervalSince1970: -62_135_596_800),
                Date(timeIntervalSince1970: 253_402_300_799.999), Date(timeIntervalSince1970: -1.5),
            ])),
        HostilePayload("a URL without a base", Boxed(value: URL(string: "b/c?d=%20#e")!)),
        HostilePayload("Foundation values", Boxed(value: Measurement(value: 1.5, unit: UnitLength.meters))),
        HostilePayload(
            "date components and a time zone",
            Boxed(
                value: DateComponents(
                    timeZone: TimeZone(identifier: "Asia/Seoul"), year: 2026, month: 2, day: 30))),
        HostilePayload("ranges", Boxed(value: [0.5...1.5, -1...(-1)])),
        HostilePayload("nesting 511 deep, the most a payload may", HostilePayloadCheck.nested(511)),
        HostilePayload(
            "Data, an instant, a URL and a Decimal 511 deep, each one JSON value",
            DeepLeaves(depth: 510)),
        HostilePayload("an enumeration's cases 510 deep", Chain.of(length: 254)),
        HostilePayload(
            "durations, to the nanosecond and Int64's largest",
            Boxed(value: [Duration.seconds(3), .milliseconds(-1), .nanoseconds(Int64.max)])),
        HostilePayload(
            "a set of instants",
            Boxed(value: Set([Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 2)]))),
        HostilePayload(
            "a set of rows whose tags are sets",
            Boxed(
                value: Set(
                    (0..<8).map { TaggedRow(name: "row \($0)", tags: Set((0..<8).map { "tag \($0)" })) }))),
        HostilePayload("nil among strings", Boxed(value: [String?.none, "a", nil])),
        HostilePayload("a nested optional holding a value", Boxed(value: Int??.some(.some(1)))),
        HostilePayload("nil as a dictionary's value", ["a": Int?.none, "b": 1]),
        HostilePayload("Int8 keys", Boxed(value: [[Int8.min: 1, Int8.max: 2], [:]])),
        HostilePayload("UInt.max as a key", [UInt.max: "m"]),
        HostilePayload("text keys that read as numbers", ["1": 1, "01": 2, "1.0": 3, "-0": 4]),
        HostilePayload("instant keys", Boxed(value: [Date(timeIntervalSince1970: 5): 1])),
        HostilePayload("UUID keys", [UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!: 1]),
        HostilePayload(
            "Int64.min and the first integer past 2^53 below zero",
            Boxed(value: [Int64.min, -9_007_199_254_740_993])),
        HostilePayload(
            "Float's extremes", Boxed(value: [Float.greatestFiniteMagnitude, -.greatestFiniteMagnitude])),
        HostilePayload("-0.0 at the top", -0.0),
        HostilePayload(
            "control characters, quotes, DEL and the line separators",
            Boxed(value: "\u{1}\u{1F}\"\\/\u{7F}\u{2028}\u{2029}\r\n\t")),
        HostilePayload("emoji joined by ZWJ", Boxed(value: "👩‍👩‍👧‍👦🏳️‍🌈")),
        HostilePayload(
            "a file URL with a space and a non-ASCII name", Boxed(value: URL(fileURLWithPath: "/tmp/a b/ü"))),
        HostilePayload(
            "a zone 12½ hours behind", Boxed(value: TimeZone(secondsFromGMT: -(12 * 3600 + 1800))!)),
        // Each of these was stored at the millisecond and read back as another instant; two
        // instants in one millisecond were one text, and a set of them read back as one member.
        HostilePayload(
            "a set of two instants in one millisecond",
            Boxed(value: Set([Date(timeIntervalSince1970: 7.0001), Date(timeIntervalSince1970: 7.0002)]))),
        HostilePayload(
            "a clock's instant, finer than a millisecond",
            Boxed(value: Date(timeIntervalSince1970: 1_796_000_000.123456))),
        HostilePayload(
            "instants just before 2001, Date's reference date",
            Boxed(
                value: [-0.1, -1e-20, -5e-324, -0.4999999, -1 + 1e-9].map(
                    Date.init(timeIntervalSinceReferenceDate:)))),
        HostilePayload(
            "instants just after 2001 and at its smallest steps",
            Boxed(
                value: [5e-324, 1e-300, 0.1, 0.9999999999999999, 1 - 1e-16].map(
                    Date.init(timeIntervalSinceReferenceDate:)))),
        HostilePayload(
            "instants finer than a millisecond in years 1, 1969 and 9999",
            Boxed(value: [
                Date(timeIntervalSince1970: -62_135_596_800 + 0.000_123_4),
                Date(timeIntervalSince1970: -0.000_5),
                Date(timeIntervalSince1970: 253_402_300_799.998_7),
            ])),
        HostilePayload(
            "an instant finer than a millisecond as a dictionary key and in an optional",
            Boxed(value: [
                Date(timeIntervalSince1970: 5.000_01): Date?.some(Date(timeIntervalSince1970: 5.000_02))
            ])),
    ]

    @Test("round-trips through both stores and the host's sync", arguments: Self.roundTrippingPayloads)
    func roundTrips(_ payload: HostilePayload) throws {
        let problems = try payload.check()
        #expect(problems.isEmpty, "\(payload.testDescription): \(problems)")
    }

    static let refusedPayloads: [HostilePayload] = [
        HostilePayload("an encoding its own decoder cannot read", UnreadableEncoding(count: 3)),
        HostilePayload(
            "two keys equal after Unicode normalisation", NormalisationEqualKeys(composed: 1, decomposed: 2)),
        HostilePayload(
            "a URL relative to a base",
            Boxed(value: URL(string: "b/c", relativeTo: URL(string: "https://example.com/a/"))!)),
        HostilePayload(
            "an any-value enum whose 1.0 reads back as an integer", [LooseValue.double(1.0), .text("x")]),
        HostilePayload("a nested optional holding nil", Boxed(value: Int??.some(nil))),
        // Each loss above, beside two instants in one millisecond: they were accepted, since the
        // value read back was compared with the payload only by its JSON, which shows none of them.
        HostilePayload(
            "two keys equal after normalisation beside instants in one millisecond",
            BesideInstantsInOneMillisecond(value: NormalisationEqualKeys(composed: 1, decomposed: 2))),
        HostilePayload(
            "a URL relative to a base beside instants in one millisecond",
            BesideInstantsInOneMillisecond(
                value: URL(string: "b/c", relativeTo: URL(string: "https://example.com/a/"))!)),
        HostilePayload(
            "an any-value 1.0 beside instants in one millisecond",
            BesideInstantsInOneMillisecond(value: [LooseValue.double(1.0)])),
        HostilePayload(
            "a nested optional holding nil beside instants in one millisecond",
            BesideInstantsInOneMillisecond(value: Int??.some(nil))),
        HostilePayload("NaN", Boxed(value: Double.nan)),
        HostilePayload("NaN written as text, which is not == to itself", NotReflexive(reading: .nan)),
        HostilePayload("a Float infinity", Boxed(value: [Float.infinity])),
        HostilePayload("a Decimal that is not a number", Boxed(value: [Decimal.nan])),
        HostilePayload("1 MiB of data", Boxed(value: Data(count: 1 << 20))),
        HostilePayload("nesting 512 deep, one beyond the limit", HostilePayloadCheck.nested(512)),
        HostilePayload("Data and others 512 deep", DeepLeaves(depth: 511)),
        // JSONEncoder walked all of these before refusing them, and overflowed the stack.
        HostilePayload("nesting 5,000 deep", HostilePayloadCheck.nested(5000)),
        HostilePayload("an enumeration's cases 6,000 deep", Chain.of(length: 3000)),
    ]

    @Test(
        "refused when the draft is made or the record encoded, nothing stored",
        arguments: Self.refusedPayloads)
    func refused(_ payload: HostilePayload) throws {
        let problems = try payload.check()
        #expect(problems == ["refused"], "\(payload.testDescription): \(problems)")
    }

    @Test("the refusals say why, in words a person can act on")
    func refusalMessages() throws {
        let key = try SnapshotKey(validating: "hostile")
        func message<Payload: Codable & Sendable & Equatable>(_ payload: Payload) -> String {
            do {
                _ = try SnapshotDraft(kind: "echo", key: key, generatedAt: Self.now, payload: payload)
                return "accepted"
            } catch {
                return error.description
            }
        }
        #expect(message(UnreadableEncoding(count: 3)).contains("does not decode as UnreadableEncoding"))
        #expect(message(UnreadableEncoding(count: 3)).contains("found the string \"count=3\""))
        #expect(
            message(NormalisationEqualKeys(composed: 1, decomposed: 2)).contains(
                "would read back as a different"))
        #expect(message(Boxed(value: Double.nan)).contains("at $.value: Unable to encode Double.nan"))
        #expect(message(Boxed(value: [Decimal.nan])).contains("Decimal.nan"))
        let optionalHoldingNil = message(Boxed(value: Int??.some(nil)))
        #expect(optionalHoldingNil.contains("(Int??.some(nil)) is written as null and reads back as nil"))
        #expect(message(NotReflexive(reading: .nan)).contains("the payload is not == to itself"))
        #expect(
            message(HostilePayloadCheck.nested(5000)).contains(
                "the payload nests too deep for JSONEncoder, which writes at most 512 levels"))
        #expect(throws: EncodingError.self) { try ContentFingerprint(of: Chain.of(length: 3000)) }
        // The last half millisecond before year 0000 rounds into it, but is not in it: refused as
        // out of range, not as a payload whose decoder cannot read its encoder.
        for seconds in [-62_167_219_200.0001, -62_167_219_200.0004] {
            let refusal = message(Boxed(value: Date(timeIntervalSince1970: seconds)))
            #expect(refusal.contains("before 0000-01-01T00:00:00Z, is outside years 0000–9999"), "\(refusal)")
        }
        #expect(message(Boxed(value: Date(timeIntervalSince1970: -62_167_219_199.9996))) == "accepted")
        // Records built by hand are held to what a commit writes.
        let snapshot = Snapshot(
            kind: "echo", key: key, revision: 1, generatedAt: Self.now,
            fingerprint: ContentFingerprint(of: .null), payload: UnreadableEncoding(count: 3))
        #expect(throws: SnapshotStoreError.self) { try SnapshotRecord.encode(snapshot) }
    }

    @Test("a draft made at a clock's instant finer than a millisecond is the snapshot every store reads back")
    func subMillisecondEnvelopeInstants() throws {
        let key = try SnapshotKey(validating: "clock")
        let cases: [(Date, Date?)] = [
            (
                Date(timeIntervalSince1970: 1_796_000_000.123456),
                Date(timeIntervalSince1970: 1_795_999_990.0004)
            ),
            (Date(timeIntervalSinceReferenceDate: 817_692_800.001), nil),
            (Date(timeIntervalSince1970: -0.0006), Date(timeIntervalSince1970: -10.9996)),
        ]
        try withTemporaryDirectory { directory throws in
            for (generatedAt, observedAt) in cases {
                let draft = try SnapshotDraft(
                    kind: "echo", key: key, generatedAt: generatedAt, observedAt: observedAt, payload: [1, 2])
                #expect(draft.generatedAt == Instant.rounded(generatedAt))
                for store in [FileSnapshotStore(directory: directory), InMemorySnapshotStore()]
                    as [any SnapshotStore]
                {
                    let revision = try store.commit(draft).revision
                    let read = store.read(key, as: [Int].self, supportedSchema: 1)
                    #expect(
                        read.snapshot == draft.snapshot(revision: revision),
                        "\(type(of: store)): \(generatedAt)")
                }
            }
        }
    }

    // Before: a payload's instants were stored at the millisecond, so a payload holding `Date()`
    // read back as another value, and two instants in one millisecond were one.
    @Test(
        "a payload's instants finer than a millisecond are stored exactly: read back ==, fingerprinted apart, committed once"
    )
    func subMillisecondInstants() throws {
        let instants = [
            Date(timeIntervalSince1970: 1_796_000_000.123456), Date(timeIntervalSince1970: -0.0005),
            Date(timeIntervalSinceReferenceDate: 0.001), Date(timeIntervalSince1970: 1.0005),
            Date(timeIntervalSince1970: 7.0001), Date(timeIntervalSince1970: 7.0002),
            Date(timeIntervalSinceReferenceDate: -0.1),
        ]
        let payload = Boxed(value: instants)
        let rounded = Boxed(value: instants.map(Instant.rounded))
        let key = try SnapshotKey(validating: "instants")
        let draft = try SnapshotDraft(kind: "echo", key: key, generatedAt: Self.now, payload: payload)
        #expect(draft.fingerprint == (try ContentFingerprint(of: payload)))
        #expect(draft.fingerprint != (try ContentFingerprint(of: rounded)))
        try withTemporaryDirectory { directory throws in
            let widget = EchoWidget(preview: payload)
            func sync() -> WidgetSync {
                WidgetSync(
                    store: FileSnapshotStore(directory: directory), reloader: RecordingReloader(),
                    clock: ManualClock(now: Self.now))
            }
            guard case .saved(let revision, _, _) = try sync().commit(payload, for: widget) else {
                Issue.record("not saved")
                return
            }
            let read = FileSnapshotStore.readOnly(directory: directory).read(widget.defaultKey, for: widget)
            #expect(read.snapshot?.payload == payload)
            #expect(try sync().commit(payload, for: widget) == .unchanged(revision: revision))
            // The same instants at the millisecond are other content.
            #expect(try sync().commit(rounded, for: widget).revision == revision + 1)
        }
    }

    // Before: the content was compared without the schema version, so an app updated to a new
    // schema whose payload encoded to the stored bytes was told `.unchanged`, by its own sync and
    // by another, and the record kept the old version for readers that read the two apart.
    @Test(
        "a payload committed under its kind's newer schema version is saved, though its bytes are the stored ones"
    )
    func newerSchemaVersion() throws {
        let payload = Boxed(value: 21)
        let before = EchoWidget(preview: payload, schemaVersion: 1)
        let after = EchoWidget(preview: payload, schemaVersion: 2)
        try withTemporaryDirectory { directory throws in
            let stores: [any SnapshotStore] = [
                FileSnapshotStore(directory: directory), InMemorySnapshotStore(),
            ]
            for store in stores {
                func sync() -> WidgetSync {
                    WidgetSync(store: store, reloader: RecordingReloader(), clock: ManualClock(now: Self.now))
                }
                let app = sync()
                #expect(try app.commit(payload, for: before).revision == 1)
                // The same sync, and another process's.
                #expect(try app.commit(payload, for: after) == .saved(revision: 2, reload: .requested))
                #expect(try sync().commit(payload, for: before) == .saved(revision: 3, reload: .requested))
                #expect(try sync().commit(payload, for: after) == .saved(revision: 4, reload: .requested))
                #expect(store.read(after.defaultKey, for: after).snapshot?.schemaVersion == 2)
                #expect(try sync().commit(payload, for: after) == .unchanged(revision: 4))
            }
        }
    }
}

/// The check each hostile payload goes through.
enum HostilePayloadCheck {
    static let now = HostilePayloadTests.now

    /// Commits `payload` through the file store, the in-memory store and two syncs on one
    /// directory; `["refused"]` when every one of them refused it and stored nothing, otherwise
    /// what differed from a round trip.
    static func problems<Payload: Codable & Sendable & Equatable>(committing payload: Payload) throws
        -> [String]
    {
        let key = try SnapshotKey(validating: "hostile")
        let widget = EchoWidget(preview: payload)
        var problems: [String] = []
        var refusals = 0
        try withTemporaryDirectory { directory throws in
            let file = FileSnapshotStore(directory: directory)
            let memory = InMemorySnapshotStore()
            let syncDirectory = directory.appendingPathComponent("sync")
            try FileManager.default.createDirectory(at: syncDirectory, withIntermediateDirectories: false)
            func sync() -> WidgetSync {
                WidgetSync(
                    store: FileSnapshotStore(directory: syncDirectory), reloader: RecordingReloader(),
                    clock: ManualClock(now: now))
            }
            /// Every writer refuses the payload, and nothing is stored anywhere.
            func expectRefusedEverywhere() throws {
                refusals += 1
                for store in [file, memory] as [any SnapshotStore] {
                    let draft = try? SnapshotDraft(kind: "echo", key: key, generatedAt: now, payload: payload)
                    if let draft, (try? store.commit(draft)) != nil {
                        problems.append("\(type(of: store)) committed it")
                    }
                }
                if (try? sync().commit(payload, for: widget)) != nil { problems.append("the sync saved it") }
                if try !file.keys().isEmpty || !memory.keys().isEmpty
                    || !FileSnapshotStore(directory: syncDirectory).keys().isEmpty
                {
                    problems.append("something was stored")
                }
            }
            let draft: SnapshotDraft<Payload>
            do {
                draft = try SnapshotDraft(kind: "echo", key: key, generatedAt: now, payload: payload)
            } catch {
                try expectRefusedEverywhere()
                return
            }
            let again = try SnapshotDraft(kind: "echo", key: key, generatedAt: now, payload: payload)
            if again.fingerprint != draft.fingerprint, !(Payload.self is ShuffledEncoding.Type) {
                problems.append("fingerprint not stable")
            }
            // A record over the size limit is refused by the commit, everywhere alike.
            var isTooLarge = false
            do {
                _ = try SnapshotRecord.encode(draft.snapshot(revision: 1))
            } catch {
                if case .tooLarge = error as? SnapshotStoreError { isTooLarge = true }
            }
            if isTooLarge {
                try expectRefusedEverywhere()
                return
            }
            for store in [file, memory] as [any SnapshotStore] {
                do {
                    let revision = try store.commit(draft).revision
                    let read = store.read(key, as: Payload.self, supportedSchema: 1)
                    if read.snapshot != draft.snapshot(revision: revision) {
                        problems.append(
                            "\(type(of: store)) read back \(String(describing: read).prefix(300))")
                    }
                } catch {
                    problems.append("\(type(of: store)) refused what the draft accepted: \(error)")
                }
            }
            do {
                guard case .saved(let revision, _, _) = try sync().commit(payload, for: widget) else {
                    problems.append("the first sync commit was not saved")
                    return
                }
                let first = sync()
                // An encoding in random order reads back with its array in another order than the
                // value committed holds: each commit of it is a change, and is saved.
                let isChangedEachTime = Payload.self is ShuffledEncoding.Type
                for problem in ["committed again by a new sync", "committed again by the same sync"] {
                    switch try first.commit(payload, for: widget) {
                    case .unchanged(revision): continue
                    case .saved where isChangedEachTime: continue
                    default: problems.append(problem)
                    }
                }
                let read = FileSnapshotStore.readOnly(directory: syncDirectory).read(
                    widget.defaultKey, for: widget)
                if read.snapshot?.payload != payload {
                    problems.append("the sync's record read back differently")
                }
            } catch {
                problems.append("the sync refused it: \(error)")
            }
        }
        return refusals == 1 && problems.isEmpty ? ["refused"] : problems
    }

    /// An array nested `depth` deep around a number.
    static func nested(_ depth: Int) -> JSONValue {
        (0..<depth).reduce(JSONValue.integer(1)) { inner, _ in .array([inner]) }
    }
}
