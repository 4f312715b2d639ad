import Foundation
import Testing
import WidgetTimeline
import WidgetTimelineTesting

@Suite("Canonical JSON and fingerprints")
struct CanonicalJSONTests {
    private func canonical(_ json: String) throws -> String {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        return String(decoding: CanonicalJSON.encode(value), as: UTF8.self)
    }

    @Test("members sorted by UTF-16 code units, no whitespace (RFC 8785 §3.2.3 example)")
    func sortsMembers() throws {
        let input =
            #"{"\u20ac": "Euro Sign", "\r": "Carriage Return", "\ufb33": "Hebrew Letter Dalet With Dagesh", "1": "One", "\ud83d\ude00": "Emoji: Grinning Face", "\u0080": "Control", "\u00f6": "Latin Small Letter O With Diaeresis"}"#
        let expected =
            "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u{80}\":\"Control\",\"ö\":\"Latin Small Letter O With Diaeresis\",\"€\":\"Euro Sign\",\"😀\":\"Emoji: Grinning Face\",\"דּ\":\"Hebrew Letter Dalet With Dagesh\"}"
        #expect(try canonical(input) == expected)
    }

    @Test(
        "numbers in ECMAScript's shortest form (RFC 8785 appendix B)",
        arguments: [
            (0.0, "0"), (-0.0, "0"), (1.0, "1"), (0.1, "0.1"), (1e20, "100000000000000000000"),
            (1e21, "1e+21"), (1e-6, "0.000001"), (1e-7, "1e-7"), (123456789012.5, "123456789012.5"),
            (Double.leastNonzeroMagnitude, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"),
            (-1.5, "-1.5"),
            (333333333.33333329, "333333333.3333333"), (4.5, "4.5"), (2e-3, "0.002"),
            (9007199254740994, "9007199254740994"),
        ]
    )
    func numbers(value: Double, expected: String) {
        #expect(
            String(decoding: CanonicalJSON.encode(.number(JSONNumber(value)!)), as: UTF8.self) == expected)
    }

    @Test("negative zero: the fingerprint's form writes 0 (RFC 8785), records store -0, read back as -0.0")
    func negativeZero() throws {
        for written in ["-0", "-0.0", "-0e7", "-0.000E-3"] {
            let parsed = try JSONParser.parse(Data("[\(written)]".utf8))
            let decoded = try JSONDecoder().decode(JSONValue.self, from: Data("[\(written)]".utf8))
            for value in [parsed, decoded] {
                #expect(String(decoding: CanonicalJSON.encode(value), as: UTF8.self) == "[0]", "\(written)")
                let stored = CanonicalJSON.encode(value, wholeNumbersInFull: true)
                #expect(String(decoding: stored, as: UTF8.self) == "[-0]", "\(written)")
                #expect(try JSONDecoder().decode([Double].self, from: Data(stored))[0].sign == .minus)
                #expect(try JSONDecoder().decode([Int].self, from: Data(stored)) == [0])
                #expect(value != .array([.number(.zero)]), "\(written) is not 0")
                #expect(try JSONValue(encoding: value) == value, "\(written) re-encodes as itself")
            }
        }
        #expect(JSONNumber(-0.0)?.doubleValue.sign == .minus)
        #expect(JSONNumber(-0.0)?.int64Value == 0)
        #expect(JSONNumber(-0.0)?.uint64Value == 0)
        #expect(JSONNumber(0.0)?.doubleValue.sign == .plus)
        #expect(try ContentFingerprint(of: -0.0) == ContentFingerprint(of: 0.0))
    }

    @Test("strings escape only what JSON requires")
    func strings() throws {
        #expect(try canonical(#"["a\"b\\c\/d\u0001\n\t é"]"#) == "[\"a\\\"b\\\\c/d\\u0001\\n\\t é\"]")
    }

    @Test("the same content in any member order has one fingerprint")
    func fingerprintIgnoresOrder() throws {
        let a = try JSONDecoder().decode(
            JSONValue.self, from: Data(#"{"count": 3, "lots": [1, 2], "name": "x"}"#.utf8))
        let b = try JSONDecoder().decode(
            JSONValue.self, from: Data(#"{"name":"x","lots":[1,2],"count":3}"#.utf8))
        #expect(try ContentFingerprint(of: a) == ContentFingerprint(of: b))
        let c = try JSONDecoder().decode(
            JSONValue.self, from: Data(#"{"name":"x","lots":[2,1],"count":3}"#.utf8))
        #expect(try ContentFingerprint(of: a) != ContentFingerprint(of: c))
    }

    @Test("SHA-256 known answers (FIPS 180-4)")
    func sha256() {
        #expect(
            ContentFingerprint(bytes: Array("abc".utf8)).rawValue
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            ContentFingerprint(bytes: []).rawValue
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            ContentFingerprint(bytes: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                .rawValue
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            ContentFingerprint(bytes: [UInt8](repeating: 0x61, count: 1_000_000)).rawValue
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("a fingerprint is stable across runs: pinned value for a fixed payload")
    func pinned() throws {
        struct Payload: Encodable {
            var count = 0
            var observed = Date(timeIntervalSince1970: 1_795_910_400)
        }
        // {"count":0,"observed":"2026-11-29T00:00:00Z"}
        let expected = ContentFingerprint(
            bytes: Array(#"{"count":0,"observed":"2026-11-29T00:00:00Z"}"#.utf8))
        #expect(try ContentFingerprint(of: Payload()) == expected)
    }
}

@Suite("Canonical JSON written from the encoder's tree equals canonical JSON of the encoded text")
struct CanonicalTreeTests {
    struct Sample: Codable {
        var int: Int
        var small: UInt8
        var big: UInt64
        var double: Double
        var float: Float
        var flag: Bool
        var text: String
        var date: Date
        var url: URL?
        var data: Data
        var list: [Double]
        var map: [String: Int]
        var intKeys: [Int: String]
        var nested: [[String: [Int]]]
        var optional: Int?
    }

    @Test("1,000 seeded random values give identical bytes both ways")
    func sameBytes() throws {
        var random = SplitMix64(seed: 0xCA70)
        let texts = ["", "a\"b", "é😀", "line\nbreak", "\u{1}", "/slash", "한강"]
        for _ in 0..<1_000 {
            let sample = Sample(
                int: Int.random(in: Int.min...Int.max, using: &random),
                small: UInt8.random(in: 0...255, using: &random),
                big: UInt64.random(in: 0...UInt64.max, using: &random),
                double: [
                    0.1, -0.0, 1e21, 1e-7, 3.0, Double.random(in: -1e12...1e12, using: &random), 123456789.0,
                ][
                    Int.random(in: 0..<7, using: &random)],
                float: Float.random(in: -1000...1000, using: &random),
                flag: Bool.random(using: &random),
                text: texts.randomElement(using: &random)!,
                date: Date(
                    timeIntervalSince1970: Double(Int64.random(in: 0...4_000_000_000_000, using: &random))
                        / 1000),
                url: Bool.random(using: &random) ? URL(string: "https://example.com/a?b=c") : nil,
                data: Data((0..<Int.random(in: 0...8, using: &random)).map { UInt8($0) }),
                list: (0..<Int.random(in: 0...3, using: &random)).map { Double($0) / 3 },
                map: ["b": 1, "a": Int.random(in: -5...5, using: &random)],
                intKeys: [1: "x", 20: "y"],
                nested: [["k": [1, 2]], [:]],
                optional: Bool.random(using: &random) ? 7 : nil)
            let viaText = CanonicalJSON.encode(
                try JSONDecoder().decode(JSONValue.self, from: try JSONCoding.encoder().encode(sample)))
            #expect(try CanonicalJSON.encode(sample) == viaText, "seed 0xCA70")
        }
    }
}

@Suite("Canonical JSON of large values")
struct CanonicalLargeValueTests {
    @Test("a 200,000-element array and a 50,000-member object encode (linear, not quadratic, in size)")
    func large() throws {
        let numbers = Array(0..<200_000)
        let bytes = try CanonicalJSON.encode(numbers)
        #expect(bytes.first == UInt8(ascii: "["))
        #expect(bytes.filter { $0 == UInt8(ascii: ",") }.count == 199_999)
        let members = Dictionary(uniqueKeysWithValues: (0..<50_000).map { ("k\($0)", $0) })
        #expect(try CanonicalJSON.encode(members).count > 500_000)
    }
}

/// Records are written without parsing their envelope again: these properties are what make that
/// safe, so a writer change that breaks them fails here rather than in a reader.
@Suite("Canonical JSON is strict JSON")
struct CanonicalJSONStrictnessTests {
    @Test("both forms of any value are strict JSON; the records' form parses back to the value")
    func anyValue() {
        PropertyCheck.forAll("canonical bytes are strict JSON", count: 2_000, firstSeed: 0x5717) { values in
            let value = values.jsonValue(depth: 4)
            for wholeNumbersInFull in [false, true] {
                let bytes = CanonicalJSON.encode(value, wholeNumbersInFull: wholeNumbersInFull)
                let parsed: JSONValue
                do {
                    parsed = try JSONParser.parse(bytes)
                } catch {
                    return "\(wholeNumbersInFull ? "records'" : "fingerprint") form refused: \(error)"
                }
                if CanonicalJSON.encode(parsed, wholeNumbersInFull: wholeNumbersInFull) != bytes {
                    return "\(wholeNumbersInFull ? "records'" : "fingerprint") form is not a fixed point"
                }
                if wholeNumbersInFull, parsed != value { return "read back as \(parsed), not \(value)" }
            }
            return nil
        }
    }

    @Test("any envelope a record would store is strict JSON, up to the nesting limit and not past it")
    func envelopes() {
        PropertyCheck.forAll("envelopes are strict JSON", count: 1_000, firstSeed: 0xE4E1) { values in
            var payload = values.jsonValue(depth: 3)
            // Now and then right at the limit: the envelope is one level around the payload.
            let extra = values.int(in: 0...3) == 0 ? JSONParser.maximumDepth - 2 + values.int(in: 0...2) : 0
            for _ in 0..<extra { payload = values.bool() ? .array([payload]) : .object(["n": payload]) }
            let snapshot = values.snapshot(payload: payload)
            let envelope: [UInt8]
            do {
                envelope = try SnapshotRecord.canonicalEnvelope(of: snapshot)
            } catch {
                let tooDeep = payload.nestingDepth >= JSONParser.maximumDepth
                let inexact = "\(error)".contains("more digits than a reader holds")
                let badInstant = "\(error)".contains("generatedAt") || "\(error)".contains("observedAt")
                return tooDeep || inexact || badInstant ? nil : "refused: \(error)"
            }
            if payload.nestingDepth >= JSONParser.maximumDepth { return "a payload too deep was written" }
            do {
                try JSONParser.validate(envelope)
            } catch {
                return "a reader refuses it: \(error)"
            }
            return nil
        }
    }
}

extension JSONValue {
    /// How many arrays and objects nest here, counted the plain way (a test's own model).
    fileprivate var nestingDepth: Int {
        switch self {
        case .array(let values): 1 + (values.map(\.nestingDepth).max() ?? 0)
        case .object(let members): 1 + (members.values.map(\.nestingDepth).max() ?? 0)
        default: 0
        }
    }
}
