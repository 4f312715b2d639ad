import Foundation
import Testing
import WidgetTimeline

@Suite("Explaining bad JSON: where and why")
struct JSONParserTests {
    @Test("parses every kind of value")
    func parses() throws {
        let value = try JSONParser.parse(
            Array(#" {"a": [1, -2.5e3, 0.25, true, false, null, "x\u00e9\ud83d\ude00\n"], "b": {}} "#.utf8))
        #expect(
            value
                == .object([
                    "a": .array([
                        .integer(1), .integer(-2500), .number(JSONNumber(0.25)!), .bool(true), .bool(false),
                        .null,
                        .string("xé😀\n"),
                    ]),
                    "b": .object([:]),
                ]))
    }

    @Test(
        "syntax errors say what and where",
        arguments: [
            ("", "unexpected end of input; a value was expected (line 1, column 1)"),
            ("{\"a\" 1}", "expected : after the member name \"a\" (line 1, column 6)"),
            ("[1,\n 2,\n x]", "unexpected character 'x'; a value was expected (line 3, column 2)"),
            ("[01]", "leading zeros are not allowed"),
            ("[1.]", "a digit was expected after the decimal point"),
            ("[1e999]", "the number 1e999 is out of range"),
            ("\"a\u{1}\"", "a control character must be escaped"),
            ("\"\\q\"", "invalid escape \\'q'"),
            ("\"\\ud800\"", "a high surrogate escape must be followed by a low surrogate escape"),
            ("[1] 2", "unexpected text after the JSON value (line 1, column 5)"),
            ("{\"a\":1,}", "expected a member name in double quotes"),
            ("tru", "invalid literal; expected true"),
            ("{\"a\":1,\"a\":2}", "the member name \"a\" appears twice in one object"),
            ("\u{FEFF}[1] x", "unexpected text after the JSON value (line 1, column 6)"),
            ("\u{0}1", "the text is UTF-16 or UTF-32; JSON must be UTF-8"),
        ]
    )
    func syntaxErrors(text: String, message: String) {
        #expect {
            try JSONParser.parse(Array(text.utf8))
        } throws: { error in
            (error as? JSONSyntaxError).map { $0.description.contains(message) } ?? false
        }
    }

    @Test(
        "invalid UTF-8 and overlong encodings are refused",
        arguments: [
            [0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE2, 0x82],
        ])
    func invalidUTF8(bytes: [UInt8]) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes) }
    }

    @Test("nesting is bounded, so hostile input cannot exhaust the stack")
    func depth() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONSyntaxError(message: "nesting deeper than 512 levels", line: 1, column: 513)) {
            try JSONParser.parse(Array(deep.utf8))
        }
        let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONParser.parse(Array(fine.utf8)) }
    }

    struct Sample: Codable, Equatable {
        var count: Int
        var small: UInt8
        var at: Date
        var tags: [String]
        var nested: Nested?
        struct Nested: Codable, Equatable { var flag: Bool }
    }

    @Test(
        "decoding failures name the JSON path and what was found",
        arguments: [
            (
                #"{"count":1.5,"small":1,"at":"2026-01-01T00:00:00Z","tags":[]}"#,
                "at $.count: expected a whole number from -9223372036854775808 to 9223372036854775807, found 1.5"
            ),
            (
                #"{"count":1,"small":300,"at":"2026-01-01T00:00:00Z","tags":[]}"#,
                "at $.small: expected a whole number from 0 to 255, found 300"
            ),
            (
                // Int.max written with a fraction: read through a Double, it is 2^63.
                #"{"count":9223372036854775807.0,"small":1,"at":"2026-01-01T00:00:00Z","tags":[]}"#,
                "at $.count: found 9223372036854775807 written with a fraction or an exponent, which this decoder "
                    + "reads through a Double, as 9223372036854775808: write the whole number without them"
            ),
            (
                #"{"count":1,"small":1,"at":"2026-01-01","tags":[]}"#,
                "at $.at: expected an ISO-8601 instant with an offset, found \"2026-01-01\""
            ),
            (
                #"{"count":1,"small":1,"at":"2026-01-01T00:00:00Z","tags":["a",2]}"#,
                "at $.tags[1]: expected a string, found the number 2"
            ),
            (#"{"count":1,"small":1,"at":"2026-01-01T00:00:00Z"}"#, "at $: missing member \"tags\""),
            (
                #"{"count":null,"small":1,"at":"2026-01-01T00:00:00Z","tags":[]}"#,
                "at $.count: expected a whole number, found null"
            ),
            (
                #"{"count":1,"small":1,"at":"2026-01-01T00:00:00Z","tags":[],"nested":{"flag":"yes"}}"#,
                "at $.nested.flag: expected true or false, found the string \"yes\""
            ),
            (#"{"count":1,"#, "not JSON: unexpected end of input"),
        ]
    )
    func decodingErrors(json: String, message: String) {
        #expect {
            try JSONCoding.decode(Sample.self, from: Data(json.utf8))
        } throws: { error in
            (error as? JSONDecodingError)?.description.hasPrefix(message) ?? false
        }
    }

    /// A document whose members check their own values as they decode, as a scenario's do: a
    /// number replaced by zero to find the culprit would itself be refused, at its path.
    struct Checked: Decodable {
        var calls: Int
        var seed: UInt64
        var ratio: Float?

        private enum CodingKeys: String, CodingKey { case calls, seed, ratio }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            calls = try container.decode(Int.self, forKey: .calls)
            guard calls >= 1 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .calls, in: container, debugDescription: "must be 1 or more")
            }
            seed = try container.decode(UInt64.self, forKey: .seed)
            ratio = try container.decodeIfPresent(Float.self, forKey: .ratio)
        }
    }

    @Test(
        "a number Foundation refuses without a path is named at its path, with the range its type takes",
        arguments: [
            (
                #"{"calls":3,"seed":-5}"#,
                "at $.seed: expected a whole number from 0 to 18446744073709551615, found -5"
            ),
            (
                #"{"calls":3,"seed":1.5}"#,
                "at $.seed: expected a whole number from 0 to 18446744073709551615, found 1.5"
            ),
            (
                #"{"calls":3,"seed":18446744073709551616}"#,
                "at $.seed: expected a whole number from 0 to 18446744073709551615, found 18446744073709551616"
            ),
            // Every number before the culprit is one a zero would break (calls must be 1 or more).
            (
                #"{"calls":300,"seed":-1}"#,
                "at $.seed: expected a whole number from 0 to 18446744073709551615, found -1"
            ),
            // Two refused numbers: the last in document order is named, never neither.
            (
                #"{"calls":2.5,"seed":-1}"#,
                "at $.seed: expected a whole number from 0 to 18446744073709551615, found -1"
            ),
            (
                #"{"calls":3,"seed":18446744073709551615,"ratio":1e39}"#,
                "at $.ratio: expected a number from -3.4028235e+38 to 3.4028235e+38, found 1e+39"
            ),
        ]
    )
    func unfitNumbers(json: String, message: String) {
        #expect {
            try JSONCoding.decode(Checked.self, from: Data(json.utf8))
        } throws: { error in
            (error as? JSONDecodingError)?.description == message
        }
    }

    @Test("the largest UInt64 and a checked member of 300 decode: only refused numbers are looked for")
    func fittingNumbersDecode() throws {
        let checked = try JSONCoding.decode(
            Checked.self, from: Data(#"{"calls":300,"seed":18446744073709551615}"#.utf8))
        #expect(checked.seed == .max && checked.calls == 300)
    }

    @Test("the fast path still decodes valid documents")
    func decodesValid() throws {
        let sample = try JSONCoding.decode(
            Sample.self,
            from: Data(#"{"count":0,"small":255,"at":"2026-01-01T09:00:00+09:00","tags":["x"]}"#.utf8))
        #expect(
            sample
                == Sample(
                    count: 0, small: 255, at: Date(timeIntervalSince1970: 1_767_225_600), tags: ["x"],
                    nested: nil))
    }
}
