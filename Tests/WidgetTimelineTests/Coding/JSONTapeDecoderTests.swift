import Foundation
import Testing
import WidgetTimelineExamples
import WidgetTimelineTesting

@testable import WidgetTimeline

/// The tape decoder is the read path's decoder: it must accept exactly the documents the strict
/// parser accepts, and decode exactly what Foundation's `JSONDecoder` decodes — or hand back.
@Suite("The tape decoder: strict like the parser, decoding like Foundation")
struct JSONTapeDecoderTests {
    private static func tape(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { JSONTape($0) != nil }
    }

    private static func parserAccepts(_ bytes: [UInt8]) -> Bool {
        (try? JSONParser.validate(bytes)) != nil
    }

    private static func attempt<T: Decodable>(_ type: T.Type, _ text: String) -> JSONTapeDecoder.Outcome<T> {
        Array(text.utf8).withUnsafeBufferPointer { JSONTapeDecoder.decode(type, from: $0) }
    }

    @Test(
        "accepts and refuses what the strict parser does",
        arguments: [
            "", " ", "1", "-0", "01", "-", "1.", ".5", "1e", "1e+", "1E-7", "1e400", "-1e400",
            String(repeating: "9", count: 299), String(repeating: "9", count: 300),
            "1" + String(repeating: "0", count: 400),
            "true", "tru", "false", "nul", "null x", "[1,]", "[,1]", "[1 2]", "{\"a\":1,}", "{\"a\" 1}",
            "{a:1}",
            "{\"a\":1,\"a\":2}", "{\"a\":1,\"\\u0061\":2}", "{\"\u{E9}\":1,\"e\u{301}\":2}",
            "{\"K\":1,\"\u{212A}\":2}",
            "{\"a\":{\"b\":1,\"b\":1}}",
            "{\"a\":1,\"b\":2,\"c\":3,\"d\":4,\"e\":5,\"f\":6,\"g\":7,\"h\":8,"
                + "\"i\":9,\"j\":10,\"k\":11,\"l\":12,\"m\":13,\"n\":14,\"o\":15,\"p\":16,\"q\":17,\"a\":18}",
            "\"\\ud83d\\ude00\"", "\"\\ud83d\"", "\"\\ude00\"", "\"\\ud83d\\u0041\"", "\"\\u00e9\"",
            "\"\\u00G9\"",
            "\"\\x\"", "\"a\u{1}\"", "\"tab\there\"", "\"\u{7F}\"", "\"unterminated", "\u{FEFF}[1]",
            "\u{FEFF}",
            "[1]\u{0}", "\u{0}[1]", "[\"\u{1F600}\"]", "{}", "[]", "[[[]]]", " {\"a\" : [ 1 , 2 ] } ",
        ])
    func acceptsWhatTheParserAccepts(_ text: String) {
        let bytes = Array(text.utf8)
        #expect(Self.tape(bytes) == Self.parserAccepts(bytes), "\(text.debugDescription)")
    }

    @Test("a token takes 12 bytes: the tape of a megabyte stays small")
    func tokensAreCompact() {
        #expect(MemoryLayout<JSONToken>.stride == 12)
    }

    @Test("invalid UTF-8, UTF-16 marks and depth are judged as the parser judges them")
    func bytesTheParserRefuses() {
        let documents: [[UInt8]] = [
            [0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
            [0x22, 0xE2, 0x82, 0x22], [0x22, 0xFF, 0x22], [0xFE, 0xFF, 0x00, 0x31], [0xFF, 0xFE, 0x31, 0x00],
            Array(String(repeating: "[", count: 512).utf8) + Array(String(repeating: "]", count: 512).utf8),
            Array(String(repeating: "[", count: 513).utf8) + Array(String(repeating: "]", count: 513).utf8),
            Array(String(repeating: "{\"a\":", count: 513).utf8) + [0x31]
                + Array(String(repeating: "}", count: 513).utf8),
        ]
        for bytes in documents {
            #expect(Self.tape(bytes) == Self.parserAccepts(bytes), "\(bytes.prefix(8))")
        }
    }

    @Test("a string's every byte is checked, wherever it falls among the eight read at once")
    func everyPositionInAString() {
        let specials: [[UInt8]] = [
            [0x00], [0x1F], [0x20], [0x22], [0x5C], [0x5C, 0x6E], [0x7F], [0x80], [0xC3, 0xA9], [0xFF],
        ]
        for length in 0...17 {
            for position in 0...length {
                for special in specials {
                    var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    text.insert(contentsOf: special, at: position)
                    let bytes = [0x22] + text + [0x22]
                    #expect(Self.tape(bytes) == Self.parserAccepts(bytes), "\(bytes)")
                    let decoded = Array(bytes).withUnsafeBufferPointer {
                        JSONTapeDecoder.decode(String.self, from: $0)
                    }
                    if case .decoded(let string) = decoded {
                        #expect(string == (try? JSONDecoder().decode(String.self, from: Data(bytes))))
                    }
                }
            }
        }
    }

    @Test(
        "long arrays of scalars stay off the tape, are judged as the parser judges them, and decode like Foundation"
    )
    func compactArrays() throws {
        let minimum = JSONTape.compactArrayMinimum
        PropertyCheck.forAll("long arrays", count: 500, firstSeed: 74_000) { values in
            let count = values.int(in: (minimum - 2)...(minimum + 40))
            let kind = values.int(in: 0...4)
            var elements: [String] = (0..<count).map { _ in
                switch kind {
                case 0: return String(values.int(in: -1_000_000...1_000_000))
                case 1: return "\(values.double(in: -1e6...1e6))"
                case 2: return String(decoding: CanonicalJSON.encode(.string(values.text())), as: UTF8.self)
                case 3: return values.bool() ? "true" : "false"
                default: return values.bool() ? "null" : String(values.int(in: 0...9))
                }
            }
            // Now and then an object or an array among them, which puts the array back on the tape.
            if values.int(in: 0...3) == 0 { elements[values.int(in: 0...(count - 1))] = #"{"a": [1, 2]}"# }
            let separator = values.element(of: [",", ", ", " ,\n\t"])
            var bytes = Array(("[" + elements.joined(separator: separator) + "]").utf8)
            // And now and then damage.
            if values.int(in: 0...2) == 0 {
                let position = values.int(in: 0...(bytes.count - 1))
                bytes[position] = values.element(of: Array(",]}\"\\ x0".utf8))
            }
            let (tape, parser) = (Self.tape(bytes), Self.parserAccepts(bytes))
            guard tape == parser else {
                return "tape \(tape), parser \(parser): \(String(decoding: bytes, as: UTF8.self))"
            }
            guard tape else { return nil }
            return Self.sameAsFoundation([Int].self, bytes) ?? Self.sameAsFoundation([Double?].self, bytes)
                ?? Self.sameAsFoundation([String].self, bytes) ?? Self.sameAsFoundation([Bool?].self, bytes)
                ?? Self.sameAsFoundation([[Int]].self, bytes)
                ?? Self.sameAsFoundation(UnkeyedProbe.self, bytes)
        }
    }

    /// Decodes through `UnkeyedDecodingContainer` itself (not `Array`'s fast path), with `decodeNil`.
    struct UnkeyedProbe: Decodable, Equatable {
        var values: [String]

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            var values: [String] = []
            while !container.isAtEnd {
                if try container.decodeNil() {
                    values.append("null")
                } else if let number = try? container.decode(Int.self) {
                    values.append("int \(number)")
                } else {
                    values.append("other \(try container.decode(String.self))")
                }
            }
            self.values = values
        }
    }

    /// `nil` when the tape decoder hands back or decodes what Foundation decodes; else the difference.
    private static func sameAsFoundation<T: Decodable & Equatable>(_ type: T.Type, _ bytes: [UInt8])
        -> String?
    {
        let outcome = bytes.withUnsafeBufferPointer { JSONTapeDecoder.decode(type, from: $0) }
        guard case .decoded(let value) = outcome else { return nil }
        guard let foundation = try? JSONCoding.decoder().decode(type, from: Data(bytes)) else {
            return "\(T.self): the tape decodes what Foundation refuses"
        }
        return value == foundation ? nil : "\(T.self): \(value) is not \(foundation)"
    }

    @Test("an array of the size-cap snapshot's 45,000 instants is one token")
    func compactArrayIsOneToken() throws {
        let pending = (0..<45_000).map { Date(timeIntervalSince1970: 1_800_000_000 + Double($0) * 61) }
        let data = try JSONCoding.encoder().encode(SchedulePayload(pending: pending, completedToday: 3))
        let tokens = Array(data).withUnsafeBufferPointer { JSONTape($0)?.tokens.count }
        #expect(tokens == 5)  // the object, two names, the array and the count: nothing per instant
        #expect(try JSONCoding.decode(SchedulePayload.self, from: data).pending == pending)
    }

    @Test("agrees with the parser on 3,000 damaged documents")
    func damagedDocuments() {
        let significant = Array("{}[]\",:\\ u0123456789.eE+-tfnl\u{0}".utf8) + [0xC3, 0xA9, 0xED, 0xFF, 0x80]
        PropertyCheck.forAll("tape and parser agree", count: 3_000, firstSeed: 70_000) { values in
            var bytes = CanonicalJSON.encode(values.jsonValue(depth: 4))
            for _ in 0..<values.int(in: 0...3) where !bytes.isEmpty {
                let position = values.int(in: 0...(bytes.count - 1))
                switch values.int(in: 0...2) {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(values.element(of: significant), at: position)
                default: bytes[position] = values.element(of: significant)
                }
            }
            let (tape, parser) = (Self.tape(bytes), Self.parserAccepts(bytes))
            return tape == parser
                ? nil : "tape \(tape), parser \(parser): \(String(decoding: bytes, as: UTF8.self))"
        }
    }

    @Test("decodes the package's envelopes itself, to the value Foundation decodes")
    func decodesEnvelopesLikeFoundation() throws {
        PropertyCheck.forAll("schedule snapshots", count: 300, firstSeed: 71_000) { values in
            let payload = SchedulePayload(
                pending: values.array(count: 0...6) { $0.instant() }, completedToday: values.int(in: 0...99))
            let snapshot = values.snapshot(payload: payload)
            let data = try JSONCoding.encoder(timeZone: values.timeZone()).encode(snapshot)
            let foundation = try JSONCoding.decoder().decode(Snapshot<SchedulePayload>.self, from: data)
            let outcome = Array(data).withUnsafeBufferPointer {
                JSONTapeDecoder.decode(Snapshot<SchedulePayload>.self, from: $0)
            }
            guard case .decoded(let decoded) = outcome else { return "handed back \(snapshot)" }
            return decoded == foundation ? nil : "\(decoded) is not \(foundation)"
        }
        PropertyCheck.forAll("timelines", count: 300, firstSeed: 72_000) { values in
            let timeline = values.timeline { $0.widgetState { $0.text() } }
            let data = try JSONCoding.encoder(timeZone: values.timeZone()).encode(timeline)
            let foundation = try JSONCoding.decoder().decode(type(of: timeline), from: data)
            let outcome = Array(data).withUnsafeBufferPointer {
                JSONTapeDecoder.decode(type(of: timeline), from: $0)
            }
            guard case .decoded(let decoded) = outcome else { return "handed back \(timeline)" }
            return decoded == foundation ? nil : "\(decoded) is not \(foundation)"
        }
    }

    struct Numbers: Codable, Equatable {
        var int: Int
        var int8: Int8
        var uint16: UInt16
        var int64: Int64
        var uint64: UInt64
        var double: Double
        var float: Float
        var flag: Bool
        var text: String
        var optional: Int?
        var list: [Double]
        var table: [String: Int]
    }

    @Test("numbers, strings and containers decode to Foundation's values")
    func primitivesLikeFoundation() throws {
        PropertyCheck.forAll("numbers", count: 1_000, firstSeed: 73_000) { values in
            let numbers = Numbers(
                int: values.int(), int8: Int8(truncatingIfNeeded: values.int()),
                uint16: UInt16(truncatingIfNeeded: values.int()), int64: Int64(values.int()),
                uint64: values.next(), double: values.double(), float: values.float(), flag: values.bool(),
                text: values.text(), optional: values.optional { $0.int() },
                list: values.array(count: 0...4) { $0.double() },
                table: Dictionary(
                    uniqueKeysWithValues: (0..<values.int(in: 0...20)).map { ("k\($0)", $0 * 7) }))
            let data = try JSONCoding.encoder().encode(numbers)
            let foundation = try JSONCoding.decoder().decode(Numbers.self, from: data)
            let outcome = Array(data).withUnsafeBufferPointer {
                JSONTapeDecoder.decode(Numbers.self, from: $0)
            }
            switch outcome {
            case .decoded(let decoded):
                // Floats compare by bits: Foundation and the tape must round the same way.
                return decoded == foundation && decoded.float.bitPattern == foundation.float.bitPattern
                    ? nil : "\(decoded) is not \(foundation)"
            case .handedBack:
                // Only for numbers written with an exponent that a Float and a Double round apart.
                return nil
            case .notStrictJSON: return "refused \(String(decoding: data, as: UTF8.self))"
            }
        }
    }

    @Test(
        "hands back what Foundation decides its own way",
        arguments: [
            #"{"value": 1.0}"#, #"{"value": 1e2}"#, #"{"value": 9223372036854775808}"#, #"{"value": "1"}"#,
            #"{"value": null}"#, #"{}"#, #"[1]"#,
        ])
    func handsBack(_ text: String) {
        struct Whole: Decodable { var value: Int }
        guard case .handedBack = Self.attempt(Whole.self, text) else {
            Issue.record("decoded \(text) without Foundation")
            return
        }
    }

    @Test(
        "numbers that underflow or overflow a Double or a Float are Foundation's to judge",
        arguments: [
            "1e-400", "1e-320", "2.4703282292062328e-324", "1e+300", "0.0001e-330",
            "9223372031E-4006854775807",
        ])
    func extremeNumbers(_ text: String) {
        let foundationDouble = try? JSONCoding.decoder().decode([Double].self, from: Data("[\(text)]".utf8))
        let foundationFloat = try? JSONCoding.decoder().decode([Float].self, from: Data("[\(text)]".utf8))
        if case .decoded(let value) = Self.attempt([Double].self, "[\(text)]") {
            #expect(value == foundationDouble, "\(text)")
        }
        if case .decoded(let value) = Self.attempt([Float].self, "[\(text)]") {
            #expect(value == foundationFloat, "\(text)")
        }
        let decoded = try? JSONCoding.decode([Double].self, from: Data("[\(text)]".utf8))
        #expect(decoded == foundationDouble, "\(text)")
    }

    @Test("what is handed back, Foundation decodes or explains as before")
    func handedBackDocumentsStillDecode() throws {
        struct Whole: Decodable, Equatable { var value: Int }
        #expect(try JSONCoding.decode(Whole.self, from: Data(#"{"value": 1.0}"#.utf8)) == Whole(value: 1))
        struct Linked: Decodable, Equatable {
            var url: URL
            var data: Data
        }
        let linked = try JSONCoding.decode(
            Linked.self, from: Data(#"{"url":"https://example.com/a","data":"AQI="}"#.utf8))
        #expect(linked == Linked(url: URL(string: "https://example.com/a")!, data: Data([1, 2])))
        #expect(throws: JSONDecodingError.self) {
            try JSONCoding.decode(Whole.self, from: Data(#"{"value": "one"}"#.utf8))
        }
    }

    /// Records the coding path its decoder reports, as code in `init(from:)` may read it.
    struct PathProbe: Decodable, Equatable {
        var path: String
        var nested: [PathProbe]

        init(from decoder: any Decoder) throws {
            path = JSONDecodingError.path(decoder.codingPath)
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            var nested: [PathProbe] = []
            for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                if key.stringValue == "list" {
                    nested += try container.decode([PathProbe].self, forKey: key)
                } else if key.stringValue == "inner" {
                    let inner = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
                    nested.append(try inner.decode(PathProbe.self, forKey: AnyCodingKey("probe")))
                } else {
                    nested.append(try container.decode(PathProbe.self, forKey: key))
                }
            }
            self.nested = nested
        }
    }

    @Test("code reading the coding path sees Foundation's path")
    func codingPathsLikeFoundation() throws {
        let text = #"{"a": {"list": [{}, {"b": {}}]}, "inner": {"probe": {"c": {}}}}"#
        let foundation = try JSONCoding.decoder().decode(PathProbe.self, from: Data(text.utf8))
        guard case .decoded(let decoded) = Self.attempt(PathProbe.self, text) else {
            Issue.record("handed back")
            return
        }
        #expect(decoded == foundation)
        #expect(decoded.nested.first?.nested.last?.nested.first?.path == "$.a.list[1].b")
    }

    @Test("member names match as Swift strings: escaped and canonically equivalent names")
    func namesMatchLikeFoundation() throws {
        struct Accented: Decodable, Equatable {
            var café: Int
            var kelvin: Int

            enum CodingKeys: String, CodingKey {
                case café
                case kelvin = "\u{212A}"
            }
        }
        let text = "{\"cafe\u{301}\": 1, \"K\": 2}"
        let foundation = try JSONCoding.decoder().decode(Accented.self, from: Data(text.utf8))
        guard case .decoded(let decoded) = Self.attempt(Accented.self, text) else {
            Issue.record("handed back")
            return
        }
        #expect(decoded == foundation)
        guard case .decoded(let escaped) = Self.attempt([String: Int].self, #"{"\u0061b": 1}"#) else {
            Issue.record("handed back")
            return
        }
        #expect(escaped == ["ab": 1])
    }
}
