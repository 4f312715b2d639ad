/// The one canonical byte form of a JSON value: RFC 8785 (the JSON Canonicalization Scheme) with
/// exact numbers — no whitespace, members sorted by UTF-16 code units, strings with minimal
/// escaping, numbers in ECMAScript's layout of their exact digits (``JSONNumber/canonicalText``).
///
/// Fingerprints hash this form, and records store it with two differences (`wholeNumbersInFull`):
/// whole numbers up to 39 digits are written with every digit, since `JSONDecoder` reads `Int128`
/// and `UInt128` only from digits, never from `3.4e+38`; and negative zero is written `-0`, which
/// `JSONDecoder` reads as `-0.0` (RFC 8785 writes it `0`). For every number a `Double` holds with its
/// shortest digits — every number JavaScript or Kotlin can hold — it is RFC 8785's text, so a host
/// written in JavaScript (`JSON.stringify` of a key-sorted object) produces the same fingerprint.
/// Numbers a `Double` cannot hold (`UInt64.max`, a 38-digit `Decimal`) keep every digit, so two
/// payloads that differ only there have different fingerprints and are stored as they are.
public enum CanonicalJSON {
    /// The canonical UTF-8 bytes of `value`.
    ///
    /// - Parameter wholeNumbersInFull: write whole numbers of up to 39 digits without an exponent,
    ///   and negative zero as `-0`, as records do, so every integer type reads them back and a
    ///   `Double` keeps its sign.
    public static func encode(_ value: JSONValue, wholeNumbersInFull: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        write(value, into: &output, wholeNumbersInFull: wholeNumbersInFull)
        return output
    }

    /// The canonical UTF-8 bytes of what `JSONEncoder` writes for `value` (instants as UTC
    /// ISO-8601 text): `Decimal`, `URL`, `Data` and dates as Foundation spells them.
    ///
    /// - Throws: `EncodingError` when the value cannot be encoded as JSON (a non-finite number),
    ///   ``JSONSyntaxError`` when it nests deeper than ``JSONParser/maximumDepth``.
    public static func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        encode(try JSONValue(encoding: value))
    }

    static func write(_ value: JSONValue, into output: inout [UInt8], wholeNumbersInFull: Bool = false) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number):
            number.writeCanonicalText(into: &output, wholeNumbersInFull: wholeNumbersInFull)
        case .string(let text): writeString(text, into: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, element) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, into: &output, wholeNumbersInFull: wholeNumbersInFull)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            // UTF-16 order. For names that are all ASCII (nearly every name) it is byte order, which
            // is also the order of `<` on such strings.
            let sorted =
                members.keys.allSatisfy(isASCII)
                ? members.sorted { $0.key < $1.key }
                : members.sorted { $0.key.utf16.lexicographicallyPrecedes($1.key.utf16) }
            for (index, member) in sorted.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                write(member.value, into: &output, wholeNumbersInFull: wholeNumbersInFull)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// The canonical bytes of an object whose member names are given in canonical order already,
    /// leaving out members whose value is `nil`: for the objects whose names are fixed (a record's
    /// envelope, a log line), without a dictionary to build and sort on every write.
    static func encode(sortedMembers members: KeyValuePairs<String, JSONValue?>, wholeNumbersInFull: Bool)
        -> [UInt8]
    {
        assert(
            zip(members, members.dropFirst()).allSatisfy {
                $0.key.utf16.lexicographicallyPrecedes($1.key.utf16)
            },
            "members out of canonical order")
        var output: [UInt8] = [UInt8(ascii: "{")]
        for (name, value) in members {
            guard let value else { continue }
            if output.count > 1 { output.append(UInt8(ascii: ",")) }
            writeString(name, into: &output)
            output.append(UInt8(ascii: ":"))
            write(value, into: &output, wholeNumbersInFull: wholeNumbersInFull)
        }
        output.append(UInt8(ascii: "}"))
        return output
    }

    /// Whether every character of `text` is ASCII.
    static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
    }

    static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escape: their bytes go in one piece.
        var text = text
        let copied = text.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            output.append(contentsOf: bytes)
            return true
        }
        if copied {
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
            case 0x08: output.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: Array("\\u00".utf8))
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
